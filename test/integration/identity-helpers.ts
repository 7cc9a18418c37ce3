import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Runtime } from '../../infra/local/runtime';
import { hashToken, newToken } from '../../functions/lib/crypto/token';
import { sessionEntity } from '../../functions/lib/store/entities/session';
import { userEntity } from '../../functions/lib/store/entities/user';
import { SESSION_COOKIE } from '../../functions/lib/session/resolve';
import { client, type ApiResponse, type Client } from './harness';

export type SignedIn = {
  email: string;
  token: string;
  /** where the callback sent the browser (/auth/success?... or /auth/error?...) */
  location: string;
  /** the callback's Set-Cookie line for the session cookie ('' when none was set) */
  setCookie: string;
  /** every Set-Cookie line of the callback */
  setCookies: string[];
  api: Client;
};

const follow = async (url: string, headers: Record<string, string> = {}): Promise<Response> =>
  fetch(url, { redirect: 'manual', headers });

export type LoginStart = {
  /** the provider's authorize URL the login redirected to */
  authorize: URL;
  /** `tl_oauth=<binding>`: the browser-binding cookie the callback must come back with */
  bindingCookie: string;
};

/** GET /auth/login with a query: where it sends the browser, and the binding cookie it set. */
export const startLogin = async (runtime: Pick<Runtime, 'url'>, query: Record<string, string>): Promise<LoginStart> => {
  const login = new URL('/auth/login', runtime.url);
  for (const [key, value] of Object.entries(query)) login.searchParams.set(key, value);
  const response = await follow(login.href);
  if (response.status !== 302) throw new Error(`/auth/login answered ${response.status}`);
  const location = response.headers.get('location')!;
  if (location.startsWith('/auth/error')) throw new Error(`/auth/login failed: ${decodeURIComponent(location)}`);
  const binding = response.headers.getSetCookie().find((line) => line.startsWith('tl_oauth='));
  return { authorize: new URL(location, runtime.url), bindingCookie: binding ? binding.split(';')[0]! : '' };
};

/** The authorize step alone: where the login sends the browser (state, PKCE challenge...). */
export const authorizeUrl = async (runtime: Pick<Runtime, 'url'>, query: Record<string, string>): Promise<URL> =>
  (await startLogin(runtime, query)).authorize;

/** The provider's answer to an authorize URL: the app's callback URL with code and state. */
export const authorizeAtProvider = async (authorize: URL): Promise<string> => {
  const response = await follow(authorize.href);
  if (response.status !== 302 && response.status !== 303) throw new Error(`authorize answered ${response.status}: ${await response.text()}`);
  return new URL(response.headers.get('location')!, authorize).href;
};

/**
 * Signs in through the real OAuth flow over HTTP: /auth/login → the emulator's authorize (which,
 * given login_hint, picks the account and redirects straight back with a code) → /auth/callback,
 * carrying the login's binding cookie as a browser would.
 */
export const signIn = async (
  runtime: Pick<Runtime, 'url'>,
  email: string,
  options: { invite?: string; redirect?: string; cookie?: string } = {},
): Promise<SignedIn> => {
  const query: Record<string, string> = { login_hint: email };
  if (options.invite) query.invite = options.invite;
  if (options.redirect) query.redirect = options.redirect;
  const start = await startLogin(runtime, query);
  const callback = await authorizeAtProvider(start.authorize);
  const cookie = [start.bindingCookie, options.cookie].filter(Boolean).join('; ');
  const response = await follow(callback, cookie ? { cookie } : {});
  if (response.status !== 302) throw new Error(`/auth/callback answered ${response.status}`);
  const location = response.headers.get('location') ?? '';
  const setCookies = response.headers.getSetCookie();
  const setCookie = setCookies.find((line) => line.startsWith(`${SESSION_COOKIE}=`)) ?? '';
  const token = cookieValue(setCookie) ?? '';
  return { email, token, location, setCookie, setCookies, api: client(runtime, token || undefined) };
};

export const cookieValue = (setCookie: string, name = SESSION_COOKIE): string | undefined =>
  new RegExp(`(?:^|[,;\\s])${name}=([^;,]*)`).exec(setCookie)?.[1] || undefined;

/** A caller that sends the session as a cookie (as the browser does), with or without the CSRF header. */
export const cookieClient = (runtime: Pick<Runtime, 'url'>, token: string, options: { csrf?: boolean } = {}) => {
  const request = async <T = Record<string, unknown>>(method: string, path: string, body?: unknown): Promise<ApiResponse<T>> => {
    const headers: Record<string, string> = { cookie: `${SESSION_COOKIE}=${token}` };
    if (options.csrf !== false) headers['x-requested-with'] = 'threadline';
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(new URL(path, runtime.url), { method, headers, body: body === undefined ? undefined : JSON.stringify(body), redirect: 'manual' });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : {};
    } catch {
      // not JSON
    }
    return { status: response.status, body: parsed as T, headers: response.headers, text };
  };
  return { request, get: <T = Record<string, unknown>>(path: string) => request<T>('GET', path), post: <T = Record<string, unknown>>(path: string, body: unknown = {}) => request<T>('POST', path, body) };
};

/**
 * A session written straight into the store (no Google grant): for tests that are about agency
 * rules, not about sign-in. Drive setup for such a user is 'incomplete' (no grant).
 */
export const storedSession = async (runtime: Pick<Runtime, 'url'>, email: string, name = email.split('@')[0]): Promise<SignedIn> => {
  const token = newToken();
  const now = new Date();
  await userEntity.upsert({ email, name, createdAt: now.toISOString(), updatedAt: now.toISOString() }).go();
  await sessionEntity
    .put({
      tokenHash: hashToken(token),
      email,
      createdAt: now.toISOString(),
      lastSeenAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + 3600_000).toISOString(),
    })
    .go();
  return { email, token, location: '', setCookie: '', setCookies: [], api: client(runtime, token) };
};

export type OutboxMail = { file: string; to: string; subject: string; text: string; link?: string; token?: string };

/** The local outbox's messages, oldest first. */
export const readOutbox = (dataDir: string): OutboxMail[] => {
  const dir = join(dataDir, 'outbox');
  let files: string[];
  try {
    files = readdirSync(dir).filter((file) => file.endsWith('.eml')).sort();
  } catch {
    return [];
  }
  return files.map((file) => {
    const raw = readFileSync(join(dir, file), 'utf8');
    const to = /^To: (.*)$/m.exec(raw)?.[1]?.trim() ?? '';
    const subject = /^Subject: (.*)$/m.exec(raw)?.[1]?.trim() ?? '';
    const link = /(https?:\/\/\S+\/invite\?token=[A-Za-z0-9_%-]+)/.exec(raw)?.[1];
    const token = link ? decodeURIComponent(new URL(link).searchParams.get('token') ?? '') : undefined;
    return { file, to, subject, text: raw, link, token };
  });
};

/** The token of the latest invitation e-mailed to `email`. */
export const latestInviteToken = (dataDir: string, email: string): string => {
  const mails = readOutbox(dataDir).filter((mail) => mail.to === email && mail.token);
  const token = mails.at(-1)?.token;
  if (!token) throw new Error(`no invitation e-mail to ${email} in the outbox`);
  return token;
};

/** Creates an agency as `owner` and returns the response body. */
export const createAgency = async (owner: SignedIn, name: string) => {
  const response = await owner.api.post<{ success: boolean; agency: { name: string; display_name: string }; drive_ready: boolean }>('/api/v3/agency', { name });
  if (response.status !== 200) throw new Error(`create agency ${name}: ${response.status} ${response.text}`);
  return response.body;
};

/** Invites `email` to the owner's selected agency and returns the e-mailed token. */
export const invite = async (inviter: SignedIn, dataDir: string, email: string, role: 'owner' | 'member' = 'member'): Promise<string> => {
  const response = await inviter.api.post('/api/v3/agency/invitations', { email, role });
  if (response.status !== 200) throw new Error(`invite ${email}: ${response.status} ${response.text}`);
  return latestInviteToken(dataDir, email);
};

/** Moves an invitation's expiry into the past (both the member item and the token's item). */
export const expireInvitation = async (agencyName: string, email: string): Promise<void> => {
  const { memberEntity } = await import('../../functions/lib/store/entities/member');
  const { inviteEntity } = await import('../../functions/lib/store/entities/invite');
  const past = new Date(Date.now() - 60_000).toISOString();
  const { data } = await memberEntity.get({ agencyName, email }).go();
  if (!data?.inviteTokenHash) throw new Error(`no pending invitation for ${email} in ${agencyName}`);
  await memberEntity.patch({ agencyName, email }).set({ expiresAt: past }).go();
  await inviteEntity.patch({ tokenHash: data.inviteTokenHash }).set({ expiresAt: past }).go();
};

/** Rewrites a session's lastSeenAt (idle expiry tests). */
export const setLastSeen = async (token: string, at: Date): Promise<void> => {
  await sessionEntity.patch({ tokenHash: hashToken(token) }).set({ lastSeenAt: at.toISOString() }).go();
};

export const readSessionItem = async (token: string) => (await sessionEntity.get({ tokenHash: hashToken(token) }).go()).data;
