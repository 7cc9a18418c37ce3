import { generateKeyPair, SignJWT } from 'jose';
import type { GoogleEmulator } from '../emulators/google/server';
import { LOCAL_PUSH, PUSH_ROUTE_PATH } from '../../infra/local/push';

/** A Pub/Sub push body carrying a Gmail notification. */
export const pushBody = (emailAddress: string, historyId: string | number) => ({
  message: {
    data: Buffer.from(JSON.stringify({ emailAddress, historyId })).toString('base64'),
    messageId: String(Math.floor(Math.random() * 1e12)),
    publishTime: new Date().toISOString(),
  },
  subscription: LOCAL_PUSH.subscription,
});

/** A token the emulator signs (iamcredentials generateIdToken): Google's key, any audience or account. */
export const googleSignedToken = async (google: GoogleEmulator, audience: string, serviceAccount: string = LOCAL_PUSH.serviceAccount): Promise<string> => {
  const response = await fetch(`${google.url}/v1/projects/-/serviceAccounts/${encodeURIComponent(serviceAccount)}:generateIdToken`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ audience, includeEmail: true }),
  });
  if (!response.ok) throw new Error(`generateIdToken: ${response.status}`);
  return ((await response.json()) as { token: string }).token;
};

/** Right claims, wrong key: what a forger without Google's key can make. */
export const selfSignedToken = async (audience: string): Promise<string> => {
  const { privateKey } = await generateKeyPair('RS256');
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ email: LOCAL_PUSH.serviceAccount, email_verified: true })
    .setProtectedHeader({ alg: 'RS256', kid: 'forged', typ: 'JWT' })
    .setIssuer('https://accounts.google.com')
    .setAudience(audience)
    .setSubject('1')
    .setIssuedAt(now)
    .setExpirationTime(now + 600)
    .sign(privateKey);
};

/** POSTs a push delivery as Pub/Sub would (no session, no CSRF header). */
export const deliver = async (appUrl: string, body: unknown, token?: string) => {
  const response = await fetch(`${appUrl}${PUSH_ROUTE_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json().catch(() => ({}))) as Record<string, unknown> };
};
