import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPushToken } from './verify';

const AUDIENCE = 'https://threadline.example/api/v3/push/gmail';
const ACCOUNT = 'gmail-push@project.iam.gserviceaccount.com';

describe('the push token verifier (Google-signed OIDC token of a Pub/Sub push)', () => {
  let server: Server;
  let google: CryptoKey;
  let other: CryptoKey;
  const saved = { ...process.env };

  beforeAll(async () => {
    const pair = await generateKeyPair('RS256', { extractable: true });
    google = pair.privateKey as CryptoKey;
    other = (await generateKeyPair('RS256')).privateKey as CryptoKey;
    const jwk: JWK = { ...(await exportJWK(pair.publicKey)), kid: 'google-1', alg: 'RS256', use: 'sig' };
    server = createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: [jwk] })));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    Object.assign(process.env, {
      GMAIL_PUSH_TOPIC: 'projects/p/topics/gmail',
      GMAIL_PUSH_AUDIENCE: AUDIENCE,
      GMAIL_PUSH_SERVICE_ACCOUNT: ACCOUNT,
      GMAIL_PUSH_JWKS_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}/oauth2/v3/certs`,
    });
  });
  afterAll(async () => {
    process.env = saved;
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  type Claims = { iss?: string; aud?: string; email?: string; email_verified?: boolean; exp?: number; key?: CryptoKey; kid?: string };
  const token = (claims: Claims = {}) => {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({ email: claims.email ?? ACCOUNT, email_verified: claims.email_verified ?? true })
      .setProtectedHeader({ alg: 'RS256', kid: claims.kid ?? 'google-1' })
      .setIssuer(claims.iss ?? 'https://accounts.google.com')
      .setAudience(claims.aud ?? AUDIENCE)
      .setSubject('113')
      .setIssuedAt(now - 10)
      .setExpirationTime(claims.exp ?? now + 3600)
      .sign(claims.key ?? google);
  };
  const refusal = async (authorization: string | undefined) => {
    try {
      await verifyPushToken(authorization);
      return 'accepted';
    } catch (error) {
      return (error as { status?: number }).status;
    }
  };

  it('accepts Google\'s token for our audience and service account, under either issuer spelling', async () => {
    await expect(verifyPushToken(`Bearer ${await token()}`)).resolves.toEqual({ serviceAccount: ACCOUNT });
    await expect(verifyPushToken(`Bearer ${await token({ iss: 'accounts.google.com' })}`)).resolves.toEqual({ serviceAccount: ACCOUNT });
  });

  it('refuses a missing, malformed, forged, expired, foreign-issuer or other-audience token with 401', async () => {
    expect(await refusal(undefined)).toBe(401);
    expect(await refusal('Basic abc')).toBe(401);
    expect(await refusal('Bearer not.a.jwt')).toBe(401);
    expect(await refusal(`Bearer ${await token({ key: other })}`)).toBe(401);
    expect(await refusal(`Bearer ${await token({ key: other, kid: 'unknown' })}`)).toBe(401);
    expect(await refusal(`Bearer ${await token({ exp: Math.floor(Date.now() / 1000) - 600 })}`)).toBe(401);
    expect(await refusal(`Bearer ${await token({ iss: 'https://evil.example' })}`)).toBe(401);
    expect(await refusal(`Bearer ${await token({ aud: 'https://evil.example/push' })}`)).toBe(401);
    const unsigned = `${Buffer.from(JSON.stringify({ alg: 'none' })).toString('base64url')}.${Buffer.from(JSON.stringify({ iss: 'https://accounts.google.com', aud: AUDIENCE, email: ACCOUNT, email_verified: true })).toString('base64url')}.`;
    expect(await refusal(`Bearer ${unsigned}`)).toBe(401);
  });

  it('refuses a valid token of another service account, or an unverified e-mail, with 403', async () => {
    expect(await refusal(`Bearer ${await token({ email: 'attacker@evil.iam.gserviceaccount.com' })}`)).toBe(403);
    expect(await refusal(`Bearer ${await token({ email_verified: false })}`)).toBe(403);
  });

  it('refuses everything when push is not configured here', async () => {
    const topic = process.env.GMAIL_PUSH_TOPIC;
    delete process.env.GMAIL_PUSH_TOPIC;
    try {
      expect(await refusal(`Bearer ${await token()}`)).toBe(403);
    } finally {
      process.env.GMAIL_PUSH_TOPIC = topic;
    }
  });
});
