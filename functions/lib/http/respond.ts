import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';

export type HttpResult = APIGatewayProxyStructuredResultV2 & { statusCode: number };

const SECURITY_HEADERS = {
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
} as const;

export const json = (
  body: unknown,
  statusCode = 200,
  headers: Record<string, string> = {},
  cookies?: string[],
): HttpResult => ({
  statusCode,
  headers: { 'content-type': 'application/json; charset=utf-8', ...SECURITY_HEADERS, ...headers },
  body: JSON.stringify(body),
  ...(cookies?.length ? { cookies } : {}),
});

export const redirect = (location: string, cookies?: string[]): HttpResult => ({
  statusCode: 302,
  headers: { location, ...SECURITY_HEADERS },
  body: '',
  ...(cookies?.length ? { cookies } : {}),
});

/** A value a handler returned is a result when it says so; anything else is a 200 JSON body. */
export const isHttpResult = (value: unknown): value is HttpResult =>
  typeof value === 'object' && value !== null && HTTP_RESULT in value;

const HTTP_RESULT = Symbol.for('threadline.http-result');
export const asResult = (result: HttpResult): HttpResult =>
  Object.defineProperty(result, HTTP_RESULT, { value: true, enumerable: false });
