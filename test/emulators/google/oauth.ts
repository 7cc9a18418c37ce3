/**
 * OAuth 2.0 / OpenID Connect, shaped like accounts.google.com + oauth2.googleapis.com:
 * discovery, an account-picker authorization page, token (authorization_code with PKCE,
 * refresh_token), userinfo, JWKS and PEM certificates, revoke, tokeninfo.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose';
import { OAuthError } from './errors';
import type { Ctx, Reply, Route } from './http';
import { SCOPE } from './http';
import { selfSignedCertificate } from './x509';
import { addAccount, type Account, type AccessToken, type EmulatorState, type OAuthClient, type PendingFlow, type RefreshGrant } from './state';

export const ACCESS_TOKEN_TTL_SECONDS = 3599;
const CODE_TTL_MS = 10 * 60_000;
const FLOW_TTL_MS = 30 * 60_000;
const SESSION_COOKIE = 'GEMU_SID';

export type SigningKeys = { privateKey: CryptoKey; jwk: JWK; kid: string };

export const makeSigningKeys = async (): Promise<SigningKeys> => {
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true, modulusLength: 2048 });
  const kid = randomBytes(20).toString('hex');
  const jwk = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
  return { privateKey: privateKey as CryptoKey, jwk, kid };
};

const SCOPE_ALIASES: Record<string, string> = {
  email: SCOPE.userinfoEmail,
  profile: SCOPE.userinfoProfile,
  [SCOPE.userinfoEmail]: SCOPE.userinfoEmail,
  [SCOPE.userinfoProfile]: SCOPE.userinfoProfile,
  openid: 'openid',
};
const KNOWN_SCOPES = new Set<string>([...Object.values(SCOPE), 'https://www.googleapis.com/auth/gmail.send', 'https://www.googleapis.com/auth/gmail.labels', 'https://www.googleapis.com/auth/drive.appdata', 'https://www.googleapis.com/auth/drive.metadata']);

/** "openid email profile https://...gmail.readonly" → Google's canonical list */
export const normalizeScopes = (raw: string): { scopes: string[]; invalid: string[] } => {
  const scopes: string[] = [];
  const invalid: string[] = [];
  for (const s of raw.split(/[\s+]+/).filter(Boolean)) {
    const n = SCOPE_ALIASES[s] ?? (KNOWN_SCOPES.has(s) ? s : undefined);
    if (!n) invalid.push(s);
    else if (!scopes.includes(n)) scopes.push(n);
  }
  return { scopes, invalid };
};

export const isLoopbackRedirect = (uri: string): boolean => {
  try {
    const u = new URL(uri);
    return (u.protocol === 'http:' || u.protocol === 'https:') && ['127.0.0.1', 'localhost', '[::1]'].includes(u.hostname) && !u.hash;
  } catch {
    return false;
  }
};

export const redirectAllowed = (client: OAuthClient, uri: string): boolean =>
  client.redirectUris === 'loopback' ? isLoopbackRedirect(uri) : client.redirectUris.includes(uri);

const token = (prefix: string, bytes = 48) => `${prefix}${randomBytes(bytes).toString('base64url')}`;

const sha256b64url = (s: string) => createHash('sha256').update(s).digest('base64url');

const safeEqual = (a: string, b: string) => {
  const ab = Buffer.from(a);
  const bb = Buffer.from(b);
  return ab.length === bb.length && timingSafeEqual(ab, bb);
};

export type IssuedTokens = {
  access_token: string;
  expires_in: number;
  scope: string;
  token_type: 'Bearer';
  refresh_token?: string;
  id_token?: string;
};

export type OAuthSettings = {
  /** when set, the authorization endpoint signs this account in without the picker (automation) */
  autoSelect?: string;
  /**
   * Automation of the consent screen: the person unticks these scopes in every flow until
   * cleared (Google's granular consent lets them untick any scope but the sign-in ones).
   */
  deniedScopes?: string[];
  /** the picker leads to the consent page (checkboxes) instead of straight back to the app */
  consentScreen?: boolean;
};

/** Scopes Google's consent screen never offers to untick (sign-in itself). */
const SIGN_IN_SCOPES = new Set<string>(['openid', SCOPE.userinfoEmail, SCOPE.userinfoProfile]);

/**
 * What the person grants: the sign-in scopes always, the others unless unticked (`denied`), or
 * only those ticked (`ticked`, the consent page's form); with include_granted_scopes=true, what
 * they granted this client before and still holds (incremental authorization).
 */
export const grantedScopes = (requested: string[], choice: { denied?: string[]; ticked?: string[] }, previously: string[] = []): string[] => {
  const denied = new Set(normalizeScopes((choice.denied ?? []).join(' ')).scopes);
  const ticked = choice.ticked ? new Set(normalizeScopes(choice.ticked.join(' ')).scopes) : undefined;
  const chosen = requested.filter((scope) => SIGN_IN_SCOPES.has(scope) || (!denied.has(scope) && (!ticked || ticked.has(scope))));
  return [...chosen, ...previously.filter((scope) => !chosen.includes(scope))];
};

/** Scopes of this client's live grants for the account (include_granted_scopes). */
const previouslyGranted = (state: EmulatorState, clientId: string, email: string): string[] => {
  const out = new Set<string>();
  for (const grant of state.tokens.refresh.values()) {
    if (grant.clientId === clientId && grant.email === email && !grant.revoked) for (const scope of grant.scopes) out.add(scope);
  }
  return [...out];
};

export type OAuthDeps = { keys: SigningKeys; state: EmulatorState; settings: OAuthSettings };

export const signIdToken = async (deps: OAuthDeps, account: Account, clientId: string, scopes: string[], accessToken: string, nonce?: string): Promise<string> => {
  const now = Math.floor(deps.state.clock() / 1000);
  const atHash = createHash('sha256').update(accessToken).digest().subarray(0, 16).toString('base64url');
  const claims: Record<string, unknown> = { azp: clientId, sub: account.sub, at_hash: atHash };
  if (account.hd) claims.hd = account.hd;
  if (scopes.includes(SCOPE.userinfoEmail)) Object.assign(claims, { email: account.email, email_verified: true });
  if (scopes.includes(SCOPE.userinfoProfile)) Object.assign(claims, { name: account.name, picture: account.picture, given_name: account.givenName, family_name: account.familyName });
  if (nonce) claims.nonce = nonce;
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'RS256', kid: deps.keys.kid, typ: 'JWT' })
    .setIssuer(deps.state.issuer)
    .setAudience(clientId)
    .setIssuedAt(now)
    .setExpirationTime(now + 3600)
    .sign(deps.keys.privateKey);
};

/** Mints tokens directly (tests, control API, the code and refresh grants). */
export const issueTokens = async (
  deps: OAuthDeps,
  input: { email: string; clientId: string; scopes: string[]; withRefreshToken: boolean; refreshToken?: string; nonce?: string },
): Promise<IssuedTokens> => {
  const { state } = deps;
  const account = state.accounts.get(input.email.toLowerCase());
  if (!account) throw new Error(`unknown account ${input.email}`);
  let refresh = input.refreshToken;
  if (input.withRefreshToken && !refresh) {
    refresh = token('1//0g', 60);
    const grant: RefreshGrant = { token: refresh, email: account.email, clientId: input.clientId, scopes: input.scopes, revoked: false, createdAt: state.clock() };
    state.tokens.refresh.set(refresh, grant);
  }
  const access = token('ya29.a0', 90);
  const at: AccessToken = { token: access, email: account.email, clientId: input.clientId, scopes: input.scopes, expiresAt: state.clock() + ACCESS_TOKEN_TTL_SECONDS * 1000, revoked: false, ...(refresh ? { refreshToken: refresh } : {}) };
  state.tokens.access.set(access, at);
  const out: IssuedTokens = { access_token: access, expires_in: ACCESS_TOKEN_TTL_SECONDS, scope: input.scopes.join(' '), token_type: 'Bearer' };
  if (input.withRefreshToken && refresh && !input.refreshToken) out.refresh_token = refresh;
  if (input.scopes.includes('openid')) out.id_token = await signIdToken(deps, account, input.clientId, input.scopes, access, input.nonce);
  return out;
};

/** Resolves a Bearer token; undefined when unknown, expired or revoked. */
export const resolveAccessToken = (state: EmulatorState, value: string | undefined): AccessToken | undefined => {
  if (!value) return undefined;
  const at = state.tokens.access.get(value);
  if (!at || at.revoked || at.expiresAt <= state.clock()) return undefined;
  if (at.refreshToken && state.tokens.refresh.get(at.refreshToken)?.revoked) return undefined;
  return at;
};

export const revokeToken = (state: EmulatorState, value: string): boolean => {
  const refresh = state.tokens.refresh.get(value);
  const access = state.tokens.access.get(value);
  const grant = refresh ?? (access?.refreshToken ? state.tokens.refresh.get(access.refreshToken) : undefined);
  if (!refresh && !access) return false;
  if (grant) {
    grant.revoked = true;
    for (const at of state.tokens.access.values()) if (at.refreshToken === grant.token) at.revoked = true;
    state.tokens.offlineConsents.delete(`${grant.clientId} ${grant.email}`);
  }
  if (access) access.revoked = true;
  return true;
};

// ---------------------------------------------------------------- pages

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const page = (title: string, inner: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${esc(title)}</title>
<style>
body{font-family:Roboto,Arial,sans-serif;background:#f0f4f9;margin:0;display:flex;min-height:100vh;align-items:center;justify-content:center;color:#1f1f1f}
main{background:#fff;border-radius:28px;padding:36px 40px;width:min(460px,92vw);box-shadow:0 1px 3px rgba(0,0,0,.08)}
h1{font-weight:400;font-size:28px;margin:8px 0 4px} p.sub{margin:0 0 24px;color:#444}
ul{list-style:none;padding:0;margin:0;border-top:1px solid #e0e0e0}
li{border-bottom:1px solid #e0e0e0}
a.account,button.account{display:flex;gap:14px;align-items:center;padding:12px 6px;text-decoration:none;color:inherit;width:100%;background:none;border:0;text-align:left;font:inherit;cursor:pointer}
a.account:hover{background:#f5f8ff}
img{width:36px;height:36px;border-radius:50%}
.name{font-weight:500}.email{color:#5f6368;font-size:14px}
form.other{margin-top:20px;display:flex;flex-direction:column;gap:8px}
input{padding:10px;border:1px solid #bbb;border-radius:6px;font:inherit}
.err{color:#b3261e}
.brand{font-size:15px;color:#444}
</style></head><body><main>${inner}</main></body></html>`;

const errorPage = (error: string, description: string): Reply => ({
  status: 400,
  html: page('Error', `<div class="brand">Google emulator</div><h1>Access blocked: authorization error</h1><p class="err">Error 400: ${esc(error)}</p><p>${esc(description)}</p>`),
});

const pickerPage = (state: EmulatorState, flow: PendingFlow, client: OAuthClient, hint?: string, consentStep = false): Reply => {
  const hd = flow.params.hd;
  const accounts = [...state.accounts.values()].filter((a) => !hd || hd === '*' || a.hd === hd);
  const items = accounts
    .map(
      (a) =>
        `<li><a class="account" data-email="${esc(a.email)}" href="/o/oauth2/v2/auth/${consentStep ? 'consent' : 'select'}?flow=${encodeURIComponent(flow.id)}&amp;email=${encodeURIComponent(a.email)}"${a.email === hint ? ' aria-current="true"' : ''}><img alt="" src="${esc(a.picture)}"><span><div class="name">${esc(a.name)}</div><div class="email">${esc(a.email)}</div></span></a></li>`,
    )
    .join('\n');
  return {
    status: 200,
    headers: { 'cache-control': 'no-store' },
    html: page(
      'Sign in – Google Accounts',
      `<div class="brand">Sign in with Google (emulator)</div><h1>Choose an account</h1><p class="sub">to continue to <b>${esc(client.name)}</b></p>
<ul>${items}</ul>
<form class="other" method="get" action="/o/oauth2/v2/auth/select"><input type="hidden" name="flow" value="${esc(flow.id)}">
<label>Use another account<br><input name="email" type="email" placeholder="Email" required value="${hint && !state.accounts.has(hint) ? esc(hint) : ''}"></label>
<input name="name" placeholder="Full name"><button type="submit">Next</button></form>`,
    ),
  };
};

const cookieOf = (ctx: Ctx, name: string): string | undefined => {
  const raw = ctx.headers.cookie ?? '';
  for (const part of raw.split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return decodeURIComponent(v.join('='));
  }
  return undefined;
};

const withParams = (uri: string, params: Record<string, string | undefined>): string => {
  const u = new URL(uri);
  for (const [k, v] of Object.entries(params)) if (v !== undefined) u.searchParams.set(k, v);
  return u.toString();
};

const redirectError = (params: Record<string, string>, error: string, description: string): Reply => ({
  redirect: withParams(params.redirect_uri!, { error, error_description: description, state: params.state }),
});

// ---------------------------------------------------------------- handlers

export const oauthRoutes = (deps: OAuthDeps): Route[] => {
  const { state } = deps;
  let certificate: string | undefined;
  const pemCertificate = () => (certificate ??= selfSignedCertificate(deps.keys.privateKey, new URL(state.issuer).hostname, Buffer.from(deps.keys.kid.slice(0, 16), 'hex')));

  const discovery = (): Reply => ({
    body: {
      issuer: state.issuer,
      authorization_endpoint: `${state.issuer}/o/oauth2/v2/auth`,
      token_endpoint: `${state.issuer}/token`,
      userinfo_endpoint: `${state.issuer}/oauth2/v3/userinfo`,
      revocation_endpoint: `${state.issuer}/revoke`,
      jwks_uri: `${state.issuer}/oauth2/v3/certs`,
      // OpenID Connect Discovery 1.0 §3: the response types (and modes) this provider supports.
      // Google lists the implicit and hybrid ones too; this emulator's authorization endpoint
      // answers only the code flow, so only it is advertised.
      response_types_supported: ['code'],
      response_modes_supported: ['query'],
      subject_types_supported: ['public'],
      id_token_signing_alg_values_supported: ['RS256'],
      scopes_supported: ['openid', 'email', 'profile'],
      token_endpoint_auth_methods_supported: ['client_secret_post', 'client_secret_basic'],
      claims_supported: ['aud', 'email', 'email_verified', 'exp', 'family_name', 'given_name', 'iat', 'iss', 'name', 'picture', 'sub', 'hd', 'nonce', 'at_hash', 'azp'],
      code_challenge_methods_supported: ['S256'],
      grant_types_supported: ['authorization_code', 'refresh_token'],
    },
    headers: { 'cache-control': 'public, max-age=3600' },
  });

  const complete = async (flow: PendingFlow, email: string, name?: string, choice: { denied?: string[]; ticked?: string[] } = {}): Promise<Reply> => {
    const p = flow.params;
    let account = state.accounts.get(email.toLowerCase());
    if (!account) {
      if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) return pickerPage(state, flow, state.clients.get(p.client_id!)!, email);
      const display = (name ?? '').trim() || email.split('@')[0]!;
      const [givenName, ...rest] = display.split(' ');
      account = addAccount(state, { email, name: display, givenName: givenName ?? display, familyName: rest.join(' '), picture: `https://lh3.googleusercontent.com/a/default-user=s96-c` });
    }
    state.tokens.flows.delete(flow.id);
    const requested = normalizeScopes(p.scope ?? '').scopes;
    const previously = p.include_granted_scopes === 'true' ? previouslyGranted(state, p.client_id!, account.email) : [];
    const scopes = grantedScopes(requested, { denied: [...(deps.settings.deniedScopes ?? []), ...(choice.denied ?? [])], ...(choice.ticked ? { ticked: choice.ticked } : {}) }, previously);
    const consentKey = `${p.client_id} ${account.email}`;
    const offline = p.access_type === 'offline';
    const promptConsent = (p.prompt ?? '').split(' ').includes('consent');
    const issueRefreshToken = offline && (promptConsent || !state.tokens.offlineConsents.has(consentKey));
    if (offline) state.tokens.offlineConsents.add(consentKey);
    const code = token('4/0A', 40);
    state.tokens.codes.set(code, {
      code,
      clientId: p.client_id!,
      redirectUri: p.redirect_uri!,
      email: account.email,
      scopes,
      ...(p.code_challenge ? { codeChallenge: p.code_challenge, codeChallengeMethod: p.code_challenge_method ?? 'plain' } : {}),
      ...(p.nonce ? { nonce: p.nonce } : {}),
      expiresAt: state.clock() + CODE_TTL_MS,
      used: false,
      issueRefreshToken,
    });
    return {
      redirect: withParams(p.redirect_uri!, {
        state: p.state,
        iss: state.issuer,
        code,
        scope: scopes.join(' '),
        authuser: '0',
        ...(account.hd ? { hd: account.hd } : {}),
        prompt: promptConsent || issueRefreshToken ? 'consent' : 'none',
      }),
      headers: { 'set-cookie': `${SESSION_COOKIE}=${encodeURIComponent(account.email)}; Path=/; HttpOnly; SameSite=Lax` },
    };
  };

  const authorize = async (ctx: Ctx): Promise<Reply> => {
    const params: Record<string, string> = {};
    for (const [k, v] of ctx.query) params[k] = v;
    const client = params.client_id ? state.clients.get(params.client_id) : undefined;
    if (!params.client_id) return errorPage('invalid_request', 'Missing required parameter: client_id');
    if (!client) return errorPage('invalid_client', 'The OAuth client was not found.');
    if (!params.redirect_uri) return errorPage('invalid_request', 'Missing required parameter: redirect_uri');
    if (!redirectAllowed(client, params.redirect_uri)) {
      return errorPage('redirect_uri_mismatch', `You can't sign in to this app because it doesn't comply with Google's OAuth 2.0 policy. Request details: redirect_uri=${params.redirect_uri}`);
    }
    if (!params.response_type) return errorPage('invalid_request', 'Required parameter is missing: response_type');
    if (params.response_type !== 'code') return redirectError(params, 'unsupported_response_type', `Invalid response_type: ${params.response_type}`);
    if (!params.scope) return errorPage('invalid_request', 'Missing required parameter: scope');
    const { invalid } = normalizeScopes(params.scope);
    if (invalid.length) return errorPage('invalid_scope', `Some requested scopes were invalid. {invalid=[${invalid.join(', ')}]}`);
    if (params.code_challenge !== undefined) {
      const method = params.code_challenge_method ?? 'plain';
      if (method !== 'S256') return redirectError(params, 'invalid_request', `Unsupported code_challenge_method: ${method}`);
      if (!/^[A-Za-z0-9._~-]{43,128}$/.test(params.code_challenge)) return redirectError(params, 'invalid_request', 'Invalid code_challenge');
    } else if (params.code_challenge_method) {
      return redirectError(params, 'invalid_request', 'Missing code_challenge');
    }
    const flow: PendingFlow = { id: token('f', 18), params, createdAt: state.clock() };
    for (const [id, f] of state.tokens.flows) if (state.clock() - f.createdAt > FLOW_TTL_MS) state.tokens.flows.delete(id);
    state.tokens.flows.set(flow.id, flow);

    const prompts = (params.prompt ?? '').split(' ').filter(Boolean);
    const hint = params.login_hint?.toLowerCase();
    const auto = deps.settings.autoSelect && state.accounts.has(deps.settings.autoSelect) ? deps.settings.autoSelect : undefined;
    const hinted = hint && state.accounts.has(hint) ? hint : hint ? undefined : auto;
    if (prompts.includes('none')) {
      const who = hinted ?? cookieOf(ctx, SESSION_COOKIE);
      if (!who || !state.accounts.has(who)) return redirectError(params, hint ? 'interaction_required' : 'login_required', 'User is not signed in.');
      return complete(flow, who);
    }
    if (hinted && !prompts.includes('select_account')) return complete(flow, hinted);
    return pickerPage(state, flow, client, hint, deps.settings.consentScreen === true);
  };

  const select = async (ctx: Ctx): Promise<Reply> => {
    const flow = state.tokens.flows.get(ctx.query.get('flow') ?? '');
    if (!flow) return errorPage('invalid_request', 'This sign-in session has expired. Start again from the app.');
    const email = (ctx.query.get('email') ?? '').trim();
    if (!email) return pickerPage(state, flow, state.clients.get(flow.params.client_id!)!);
    // `deny=<scope>` (repeatable) unticks a scope; the consent page's form sends `consented=1`
    // and one `scope=` per box left ticked.
    const denied = ctx.query.getAll('deny').flatMap((value) => value.split(/\s+/)).filter(Boolean);
    const ticked = ctx.query.get('consented') === '1' ? ctx.query.getAll('scope') : undefined;
    return complete(flow, email, ctx.query.get('name') ?? undefined, { denied, ...(ticked ? { ticked } : {}) });
  };

  /** Google's consent screen: one box per scope beyond sign-in, ticked; unticking one withholds it. */
  const consent = (ctx: Ctx): Reply => {
    const flow = state.tokens.flows.get(ctx.query.get('flow') ?? '');
    if (!flow) return errorPage('invalid_request', 'This sign-in session has expired. Start again from the app.');
    const email = (ctx.query.get('email') ?? '').trim().toLowerCase();
    const client = state.clients.get(flow.params.client_id!)!;
    if (!email) return pickerPage(state, flow, client);
    const offered = normalizeScopes(flow.params.scope ?? '').scopes.filter((scope) => !SIGN_IN_SCOPES.has(scope));
    const boxes = offered
      .map((scope) => `<li><label class="account"><input type="checkbox" name="scope" value="${esc(scope)}" checked> <span>${esc(scope)}</span></label></li>`)
      .join('\n');
    return {
      status: 200,
      headers: { 'cache-control': 'no-store' },
      html: page(
        'Sign in – Google Accounts',
        `<div class="brand">Sign in with Google (emulator)</div><h1>${esc(client.name)} wants access to your Google Account</h1><p class="sub">${esc(email)}</p>
<form method="get" action="/o/oauth2/v2/auth/select"><input type="hidden" name="flow" value="${esc(flow.id)}"><input type="hidden" name="email" value="${esc(email)}"><input type="hidden" name="consented" value="1">
<p>Select what ${esc(client.name)} can access</p><ul>${boxes}</ul>
<button type="submit" class="account">Continue</button></form>`,
      ),
    };
  };

  const clientFromRequest = (ctx: Ctx, form: Record<string, string>): OAuthClient => {
    let id = form.client_id;
    let secret = form.client_secret;
    const auth = ctx.headers.authorization;
    if (auth?.startsWith('Basic ')) {
      const decoded = Buffer.from(auth.slice(6), 'base64').toString('utf8');
      const i = decoded.indexOf(':');
      id = decodeURIComponent(decoded.slice(0, i).replace(/\+/g, ' '));
      secret = decodeURIComponent(decoded.slice(i + 1).replace(/\+/g, ' '));
    }
    if (!id) throw new OAuthError(400, 'invalid_request', 'Could not determine client ID from request.');
    const client = state.clients.get(id);
    if (!client) throw new OAuthError(401, 'invalid_client', 'The OAuth client was not found.');
    if (!secret || !safeEqual(secret, client.clientSecret)) throw new OAuthError(401, 'invalid_client', 'Unauthorized');
    return client;
  };

  const tokenEndpoint = async (ctx: Ctx): Promise<Reply> => {
    const form = (ctx.body ?? {}) as Record<string, string>;
    const client = clientFromRequest(ctx, form);
    const grant = form.grant_type;
    if (grant === 'authorization_code') {
      if (!form.code) throw new OAuthError(400, 'invalid_request', 'Missing required parameter: code');
      const code = state.tokens.codes.get(form.code);
      if (!code || code.clientId !== client.clientId) throw new OAuthError(400, 'invalid_grant', 'Malformed auth code.');
      if (code.used) {
        // replay (RFC 6749 §4.1.2): deny, and revoke what this code issued
        for (const t of code.issued ?? []) revokeToken(state, t);
        throw new OAuthError(400, 'invalid_grant', 'Bad Request');
      }
      if (code.expiresAt <= state.clock()) throw new OAuthError(400, 'invalid_grant', 'Bad Request');
      if (form.redirect_uri !== code.redirectUri) throw new OAuthError(400, 'redirect_uri_mismatch', 'Bad Request');
      if (code.codeChallenge) {
        if (!form.code_verifier) throw new OAuthError(400, 'invalid_grant', 'Missing code verifier.');
        if (sha256b64url(form.code_verifier) !== code.codeChallenge) throw new OAuthError(400, 'invalid_grant', 'Invalid code verifier.');
      } else if (form.code_verifier) {
        throw new OAuthError(400, 'invalid_grant', 'Invalid code verifier.');
      }
      code.used = true;
      const out = await issueTokens(deps, { email: code.email, clientId: client.clientId, scopes: code.scopes, withRefreshToken: code.issueRefreshToken, nonce: code.nonce });
      code.issued = [out.access_token, ...(out.refresh_token ? [out.refresh_token] : [])];
      return { body: out, headers: { 'cache-control': 'no-cache, no-store, max-age=0, must-revalidate', pragma: 'no-cache' } };
    }
    if (grant === 'refresh_token') {
      if (!form.refresh_token) throw new OAuthError(400, 'invalid_request', 'Missing required parameter: refresh_token');
      const rt = state.tokens.refresh.get(form.refresh_token);
      if (!rt || rt.revoked || rt.clientId !== client.clientId || !state.accounts.has(rt.email)) throw new OAuthError(400, 'invalid_grant', 'Token has been expired or revoked.');
      let scopes = rt.scopes;
      if (form.scope) {
        const asked = normalizeScopes(form.scope).scopes;
        if (asked.some((s) => !rt.scopes.includes(s))) throw new OAuthError(400, 'invalid_scope', 'Bad Request');
        scopes = asked;
      }
      const out = await issueTokens(deps, { email: rt.email, clientId: client.clientId, scopes, withRefreshToken: false, refreshToken: rt.token });
      return { body: out, headers: { 'cache-control': 'no-cache, no-store, max-age=0, must-revalidate', pragma: 'no-cache' } };
    }
    if (!grant) throw new OAuthError(400, 'invalid_request', 'Missing required parameter: grant_type');
    throw new OAuthError(400, 'unsupported_grant_type', `Invalid grant_type: ${grant}`);
  };

  const bearer = (ctx: Ctx): AccessToken => {
    const h = ctx.headers.authorization ?? '';
    const value = h.startsWith('Bearer ') ? h.slice(7).trim() : (ctx.query.get('access_token') ?? undefined);
    const at = resolveAccessToken(state, value);
    if (!at) throw new OAuthError(401, 'invalid_request', 'Invalid Credentials');
    return at;
  };

  const userinfoV3 = (ctx: Ctx): Reply => {
    const at = bearer(ctx);
    const a = state.accounts.get(at.email)!;
    const body: Record<string, unknown> = { sub: a.sub };
    if (at.scopes.includes(SCOPE.userinfoProfile)) Object.assign(body, { name: a.name, given_name: a.givenName, family_name: a.familyName, picture: a.picture });
    if (at.scopes.includes(SCOPE.userinfoEmail)) Object.assign(body, { email: a.email, email_verified: true });
    if (a.hd) body.hd = a.hd;
    return { body };
  };

  const userinfoV2 = (ctx: Ctx): Reply => {
    const at = bearer(ctx);
    const a = state.accounts.get(at.email)!;
    const body: Record<string, unknown> = { id: a.sub };
    if (at.scopes.includes(SCOPE.userinfoEmail)) Object.assign(body, { email: a.email, verified_email: true });
    if (at.scopes.includes(SCOPE.userinfoProfile)) Object.assign(body, { name: a.name, given_name: a.givenName, family_name: a.familyName, picture: a.picture });
    if (a.hd) body.hd = a.hd;
    return { body };
  };

  const revoke = (ctx: Ctx): Reply => {
    const form = (ctx.body ?? {}) as Record<string, string>;
    const value = ctx.query.get('token') ?? form.token;
    if (!value || !revokeToken(state, value)) throw new OAuthError(400, 'invalid_token', 'Token expired or revoked');
    return { body: {} };
  };

  const tokeninfo = (ctx: Ctx): Reply => {
    // The token as an `access_token` parameter (query or form), or as the request's bearer token
    // (google-auth-library's getTokenInfo POSTs it in the Authorization header).
    const header = ctx.headers.authorization ?? '';
    const value =
      ctx.query.get('access_token') ?? ((ctx.body ?? {}) as Record<string, string>).access_token ?? (/^Bearer\s+/i.test(header) ? header.replace(/^Bearer\s+/i, '').trim() : undefined);
    const at = resolveAccessToken(state, value);
    if (!at) throw new OAuthError(400, 'invalid_token', 'Invalid Value');
    const a = state.accounts.get(at.email)!;
    const exp = Math.floor(at.expiresAt / 1000);
    return {
      body: {
        azp: at.clientId, aud: at.clientId, sub: a.sub, scope: at.scopes.join(' '), exp: String(exp), expires_in: String(Math.max(0, exp - Math.floor(state.clock() / 1000))),
        ...(at.scopes.includes(SCOPE.userinfoEmail) ? { email: a.email, email_verified: 'true' } : {}), access_type: at.refreshToken ? 'offline' : 'online',
      },
    };
  };

  const r = (method: string, pattern: RegExp, operation: string, handler: Route['handler']): Route => ({ method, pattern, api: 'oauth', operation, auth: false, handler });
  return [
    r('GET', /^\/\.well-known\/openid-configuration$/, 'oauth.discovery', discovery),
    r('GET', /^\/o\/oauth2\/v2\/auth$/, 'oauth.authorize', authorize),
    r('GET', /^\/o\/oauth2\/auth$/, 'oauth.authorize', authorize),
    r('GET', /^\/o\/oauth2\/v2\/auth\/select$/, 'oauth.selectAccount', select),
    r('GET', /^\/o\/oauth2\/v2\/auth\/consent$/, 'oauth.consent', consent),
    r('POST', /^\/token$/, 'oauth.token', tokenEndpoint),
    r('POST', /^\/o\/oauth2\/token$/, 'oauth.token', tokenEndpoint),
    r('GET', /^\/oauth2\/v3\/userinfo$/, 'oauth.userinfo', userinfoV3),
    r('POST', /^\/oauth2\/v3\/userinfo$/, 'oauth.userinfo', userinfoV3),
    r('GET', /^\/v1\/userinfo$/, 'oauth.userinfo', userinfoV3),
    r('GET', /^\/oauth2\/v2\/userinfo$/, 'oauth.userinfo', userinfoV2),
    r('GET', /^\/oauth2\/v3\/certs$/, 'oauth.jwks', () => ({ body: { keys: [deps.keys.jwk] }, headers: { 'cache-control': 'public, max-age=3600' } })),
    // The same key as PEM certificates keyed by kid, as www.googleapis.com/oauth2/v1/certs serves them.
    r('GET', /^\/oauth2\/v1\/certs$/, 'oauth.certs', () => ({ body: { [deps.keys.kid]: pemCertificate() }, headers: { 'cache-control': 'public, max-age=3600' } })),
    r('POST', /^\/revoke$/, 'oauth.revoke', revoke),
    r('POST', /^\/o\/oauth2\/revoke$/, 'oauth.revoke', revoke),
    r('GET', /^\/tokeninfo$/, 'oauth.tokeninfo', tokeninfo),
    r('POST', /^\/tokeninfo$/, 'oauth.tokeninfo', tokeninfo),
  ];
};
