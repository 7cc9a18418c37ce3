/** Routing types shared by the emulator's API modules. */
import type { IncomingHttpHeaders } from 'node:http';
import { GoogleError, insufficientScopes, unauthenticated, type ApiName } from './errors';
import type { Account, AccessToken, EmulatorState } from './state';

export type Reply = {
  status?: number;
  /** JSON body (objects) — the default */
  body?: unknown;
  /** HTML page */
  html?: string;
  /** redirect target (302) */
  redirect?: string;
  headers?: Record<string, string>;
};

export type Ctx = {
  method: string;
  path: string;
  url: URL;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  rawBody: string;
  /** the request body's bytes (a message/rfc822 upload is not UTF-8 text) */
  rawBytes?: Buffer;
  /** parsed JSON (object) or form fields (record) */
  body: unknown;
  /** regex captures of the route, URL-decoded */
  params: string[];
  state: EmulatorState;
  account?: Account;
  token?: AccessToken;
};

export type Route = {
  method: string;
  pattern: RegExp;
  api: ApiName;
  operation: string;
  /** when false the route needs no Bearer token (OAuth endpoints, control API) */
  auth: boolean;
  /** takes a media upload body (message/rfc822) as bytes instead of JSON */
  media?: true;
  handler: (ctx: Ctx) => Reply | Promise<Reply>;
};

/** query param as string (first value) */
export const q1 = (ctx: Ctx, name: string): string | undefined => ctx.query.get(name) ?? undefined;
/** all values of a repeated param (also splits comma lists when allowed) */
export const qAll = (ctx: Ctx, name: string, splitCommas = false): string[] => {
  const values = ctx.query.getAll(name);
  return splitCommas ? values.flatMap((v) => v.split(',')).map((v) => v.trim()).filter(Boolean) : values;
};
export const qBool = (ctx: Ctx, name: string): boolean => (ctx.query.get(name) ?? '').toLowerCase() === 'true';
export const qInt = (ctx: Ctx, name: string, def: number, max?: number): number => {
  const raw = ctx.query.get(name);
  if (raw === null || raw === '') return def;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0) throw new GoogleError(400, { message: `Invalid value at '${name}' (TYPE_INT32), "${raw}"`, reason: 'invalid', location: name, locationType: 'parameter' });
  return max !== undefined ? Math.min(n, max) : n;
};

export const bodyObject = (ctx: Ctx): Record<string, unknown> => {
  if (ctx.body && typeof ctx.body === 'object' && !Array.isArray(ctx.body)) return ctx.body as Record<string, unknown>;
  if (ctx.rawBody.trim() === '') return {};
  throw new GoogleError(400, { message: 'Invalid JSON payload received.', reason: 'parseError' });
};

export const requireAccount = (ctx: Ctx): Account => {
  if (!ctx.account) throw unauthenticated();
  return ctx.account;
};

export const SCOPE = {
  gmailReadonly: 'https://www.googleapis.com/auth/gmail.readonly',
  gmailModify: 'https://www.googleapis.com/auth/gmail.modify',
  gmailMetadata: 'https://www.googleapis.com/auth/gmail.metadata',
  gmailInsert: 'https://www.googleapis.com/auth/gmail.insert',
  mailFull: 'https://mail.google.com/',
  drive: 'https://www.googleapis.com/auth/drive',
  driveFile: 'https://www.googleapis.com/auth/drive.file',
  driveReadonly: 'https://www.googleapis.com/auth/drive.readonly',
  driveMetadataReadonly: 'https://www.googleapis.com/auth/drive.metadata.readonly',
  spreadsheets: 'https://www.googleapis.com/auth/spreadsheets',
  spreadsheetsReadonly: 'https://www.googleapis.com/auth/spreadsheets.readonly',
  userinfoEmail: 'https://www.googleapis.com/auth/userinfo.email',
  userinfoProfile: 'https://www.googleapis.com/auth/userinfo.profile',
  openid: 'openid',
} as const;

export const hasAnyScope = (ctx: Ctx, scopes: string[]): boolean => Boolean(ctx.token && ctx.token.scopes.some((s) => scopes.includes(s)));
export const requireAnyScope = (ctx: Ctx, scopes: string[]): void => {
  if (!hasAnyScope(ctx, scopes)) throw insufficientScopes(scopes);
};

export const decodeSegment = (s: string): string => {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
};
