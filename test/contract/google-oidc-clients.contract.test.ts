import { X509Certificate } from 'node:crypto';
import { OAuth2Client } from 'google-auth-library';
import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGoogleEmulator, type GoogleEmulator } from '../emulators/google/server';
import { discover, LOCAL_CLIENT, signIn } from './google-helpers';

/**
 * Issue 28 point 3: sign-in verification as clients the product did not write run it against
 * the Google emulator: google-auth-library (PEM certificates at /oauth2/v1/certs, tokeninfo
 * with a bearer token) and openid-client (Discovery 1.0, code flow, ID token validation).
 */
let g: GoogleEmulator;
beforeAll(async () => {
  g = await startGoogleEmulator({ port: 0, seed: 'default' });
});
afterAll(() => g.close());

const MAYA = 'maya@brightwave-agency.com';

/** google-auth-library pointed at the emulator, as it is pointed at Google by default. */
const googleAuthClient = () =>
  new OAuth2Client({
    clientId: LOCAL_CLIENT.clientId,
    endpoints: { oauth2FederatedSignonPemCertsUrl: `${g.url}/oauth2/v1/certs`, tokenInfoUrl: `${g.url}/tokeninfo` },
    issuers: [g.url],
  });

describe("Google's endpoints as standard clients use them", () => {
  it("serves the signing key as PEM certificates keyed by kid beside the JWKS", async () => {
    const jwks = (await (await fetch(`${g.url}/oauth2/v3/certs`)).json()) as { keys: { kid: string; n: string }[] };
    const response = await fetch(`${g.url}/oauth2/v1/certs`);
    expect(response.headers.get('cache-control')).toMatch(/max-age=\d+/);
    const certs = (await response.json()) as Record<string, string>;
    expect(Object.keys(certs)).toEqual(jwks.keys.map((k) => k.kid));
    const cert = new X509Certificate(certs[jwks.keys[0]!.kid]!);
    expect(cert.verify(cert.publicKey)).toBe(true);
    expect(cert.publicKey.export({ format: 'jwk' }).n).toBe(jwks.keys[0]!.n);
  });

  it("google-auth-library's verifyIdToken accepts the emulator's ID token and refuses another audience", async () => {
    const { tokens } = await signIn(g.url, MAYA);
    const client = googleAuthClient();
    const ticket = await client.verifyIdToken({ idToken: tokens.id_token!, audience: LOCAL_CLIENT.clientId });
    expect(ticket.getPayload()).toMatchObject({ iss: g.url, aud: LOCAL_CLIENT.clientId, email: MAYA, email_verified: true });
    await expect(client.verifyIdToken({ idToken: tokens.id_token!, audience: 'another-client.apps.googleusercontent.com' })).rejects.toThrow(/Wrong recipient/);
    // a token signed by another key is refused too
    const [header, payload] = tokens.id_token!.split('.');
    await expect(client.verifyIdToken({ idToken: `${header}.${payload}.${'A'.repeat(342)}`, audience: LOCAL_CLIENT.clientId })).rejects.toThrow(/Invalid token signature/);
  });

  it("google-auth-library's getTokenInfo reads the access token it sends as a bearer token", async () => {
    const { tokens } = await signIn(g.url, MAYA);
    const info = await googleAuthClient().getTokenInfo(tokens.access_token);
    expect(info).toMatchObject({ aud: LOCAL_CLIENT.clientId, email: MAYA });
    expect(info.scopes).toContain('openid');
    // as a parameter too, and an unknown token is refused
    const byParam = await fetch(`${g.url}/tokeninfo?access_token=${encodeURIComponent(tokens.access_token)}`);
    expect(byParam.status).toBe(200);
    const unknown = await fetch(`${g.url}/tokeninfo`, { method: 'POST', headers: { authorization: 'Bearer ya29.not-a-token' } });
    expect(unknown.status).toBe(400);
  });

  it('openid-client discovers the issuer as OpenID Connect Discovery 1.0 requires and validates the ID token', async () => {
    const config = await discover(g.url);
    const metadata = config.serverMetadata();
    // Discovery 1.0 §3: the REQUIRED metadata, the issuer identical to the URL it was fetched from
    expect(metadata.issuer).toBe(g.url);
    for (const field of ['authorization_endpoint', 'token_endpoint', 'jwks_uri', 'response_types_supported', 'subject_types_supported', 'id_token_signing_alg_values_supported'] as const) {
      expect(metadata[field], field).toBeDefined();
    }
    expect(metadata.scopes_supported).toContain('openid');
    // what it advertises, it serves: the code flow only
    expect(metadata.response_types_supported).toEqual(['code']);
    const discovery = await fetch(`${g.url}/.well-known/openid-configuration`);
    expect(discovery.headers.get('content-type')).toMatch(/^application\/json/);
    const { tokens } = await signIn(g.url, MAYA);
    expect(tokens.claims()).toMatchObject({ iss: g.url, aud: LOCAL_CLIENT.clientId, sub: expect.any(String) });
    const userinfo = await oidc.fetchUserInfo(config, tokens.access_token, tokens.claims()!.sub);
    expect(userinfo).toMatchObject({ email: MAYA });
  });
});
