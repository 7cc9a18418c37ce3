import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import * as z from 'zod';
import type { ZodType } from 'zod';
import { routeForKey } from '../../routes';
import type { AuthLevel } from '../../routes';
import { logger } from '../logger';
import { resolveSession, type AgencyScope, type SessionContext } from '../session/resolve';
import { AppError, BadRequest, errorResponse, Forbidden, PayloadTooLarge, Unauthorized, UnsupportedMediaType } from './errors';
import { isHttpResult, json, type HttpResult } from './respond';

export type HandlerInput<B, Q, P> = {
  body: B;
  query: Q;
  params: P;
  event: APIGatewayProxyEventV2;
  requestId: string;
};

/** Who delivered a Pub/Sub push: the service account its verified token names (push/verify.ts checks it). */
export type PushCaller = { serviceAccount: string };

type Spec<B, Q, P> = {
  body?: ZodType<B>;
  query?: ZodType<Q>;
  params?: ZodType<P>;
  /**
   * A 'google-push' route brings its own token check (so the JWT library is bundled with that
   * route only); it throws Unauthorized or Forbidden.
   */
  verifyPush?: (event: APIGatewayProxyEventV2) => Promise<PushCaller>;
};

/**
 * What a handler answers: its route's JSON body, typed by the route's response schema
 * (shared/schemas/responses.ts; handlers end with `satisfies Answer<typeof schema>`, http/typed.ts),
 * or a ready HTTP result (a redirect, a body with cookies).
 */
export type HandlerAnswer = HttpResult | { readonly [field: string]: unknown };

/** What a handler learns about its caller, by the route's auth level. */
export type Caller<A extends AuthLevel> = A extends 'agency'
  ? { session: SessionContext; scope: AgencyScope }
  : A extends 'user'
    ? { session: SessionContext; scope?: AgencyScope }
    : A extends 'google-push'
      ? { push: PushCaller }
      : { session?: SessionContext; scope?: AgencyScope };

const MAX_BODY_BYTES = 1_000_000;
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Wraps a route handler: auth guard (from the route manifest, by routeKey) → CSRF guard →
 * zod parse of body/query/params → run → JSON. Every thrown AppError is mapped once here; any
 * other error is logged and answered 500 without internals.
 */
export const defineHandler =
  <A extends AuthLevel, R extends HandlerAnswer, B = undefined, Q = undefined, P = undefined>(
    auth: A,
    spec: Spec<B, Q, P>,
    run: (input: HandlerInput<B, Q, P> & Caller<A>) => Promise<R>,
  ) =>
  async (event: APIGatewayProxyEventV2, context?: Context): Promise<APIGatewayProxyStructuredResultV2> => {
    const requestId = event.requestContext?.requestId ?? context?.awsRequestId ?? 'local';
    const log = logger.createChild({ persistentLogAttributes: { requestId, routeKey: event.routeKey } });
    try {
      // The manifest is the single source of each route's auth level; a handler cannot lower it.
      const level = strictest(auth, routeForKey(event.routeKey)?.auth);
      const caller = await authorize(level, event, spec.verifyPush);
      const input = {
        body: spec.body ? parse(spec.body, readBody(event)) : (undefined as B),
        query: spec.query ? parse(spec.query, event.queryStringParameters ?? {}) : (undefined as Q),
        params: spec.params ? parse(spec.params, decodeParams(event.pathParameters ?? {})) : (undefined as P),
        event,
        requestId,
        ...caller,
      } as HandlerInput<B, Q, P> & Caller<A>;
      const result = await run(input);
      const response: HttpResult = isHttpResult(result) ? result : json(result);
      response.headers = { ...response.headers, 'x-request-id': requestId };
      log.info('request handled', { status: response.statusCode });
      return response;
    } catch (error) {
      if (error instanceof AppError) {
        log.info('request refused', { status: error.status, code: error.code, reason: error.message });
        const response = errorResponse(error, requestId);
        response.headers = { ...response.headers, 'x-request-id': requestId };
        return response;
      }
      log.error('unhandled error', { error: error instanceof Error ? { name: error.name, message: error.message, stack: error.stack } : String(error) });
      return json(
        { success: false, error: 'Internal server error', message: 'Internal server error', code: 'INTERNAL', request_id: requestId },
        500,
        { 'x-request-id': requestId },
      );
    }
  };

const RANK: Record<Exclude<AuthLevel, 'google-push'>, number> = { public: 0, user: 1, agency: 2 };
/**
 * 'google-push' is not on the session scale: a route the manifest marks so always verifies the
 * Google token; a handler declaring it under a session route keeps the manifest's session level.
 */
const strictest = (a: AuthLevel, b: AuthLevel | undefined): AuthLevel => {
  if (b === 'google-push' || (a === 'google-push' && (!b || b === 'public'))) return 'google-push';
  if (a === 'google-push') return b!;
  return b && RANK[b] > RANK[a] ? b : a;
};

const authorize = async (level: AuthLevel, event: APIGatewayProxyEventV2, verifyPush: Spec<unknown, unknown, unknown>['verifyPush']) => {
  // Pub/Sub push: no session and no CSRF header (a server calls it); Google's signed token instead.
  if (level === 'google-push') {
    if (!verifyPush) throw new Forbidden('This route takes no push deliveries');
    return { push: await verifyPush(event) };
  }
  const resolved = await resolveSession(event);
  if (level === 'public') return resolved ?? {};
  if (!resolved) throw new Unauthorized();
  if (resolved.session.via === 'cookie' && STATE_CHANGING.has(event.requestContext.http.method) && !header(event, 'x-requested-with')) {
    // Cookies ride along on cross-site form posts; a custom header cannot be sent without CORS.
    throw new Forbidden('Missing X-Requested-With header');
  }
  if (level === 'agency' && !resolved.scope) {
    throw new Forbidden('Select an agency first', { fields: { redirect_url: '/agencies' } });
  }
  return resolved;
};

export const header = (event: APIGatewayProxyEventV2, name: string): string | undefined => {
  const headers = event.headers ?? {};
  const found = Object.keys(headers).find((key) => key.toLowerCase() === name);
  return found ? headers[found] : undefined;
};

const readBody = (event: APIGatewayProxyEventV2): unknown => {
  const raw = event.body ? (event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body) : '';
  if (Buffer.byteLength(raw) > MAX_BODY_BYTES) throw new PayloadTooLarge();
  if (raw.trim() === '') return {};
  const type = header(event, 'content-type') ?? '';
  if (!/^application\/json\b/i.test(type)) throw new UnsupportedMediaType();
  try {
    return JSON.parse(raw, (key, value) => (key === '__proto__' ? undefined : value));
  } catch {
    throw new BadRequest('Request body must be valid JSON');
  }
};

const decodeParams = (params: Record<string, string | undefined>) =>
  Object.fromEntries(Object.entries(params).map(([key, value]) => [key, value === undefined ? value : safeDecode(value)]));

const safeDecode = (value: string) => {
  try {
    return decodeURIComponent(value);
  } catch {
    throw new BadRequest('Malformed path parameter');
  }
};

const parse = <T>(schema: ZodType<T>, value: unknown): T => {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const first = result.error.issues[0];
  const message = first?.message && !first.message.startsWith('Invalid input') ? first.message : describeIssue(first);
  throw new BadRequest(message, { details: z.treeifyError(result.error) });
};

const describeIssue = (issue: z.core.$ZodIssue | undefined): string => {
  if (!issue) return 'Invalid request';
  const where = issue.path.length ? issue.path.join('.') : 'body';
  return `Invalid ${where}: ${issue.message}`;
};
