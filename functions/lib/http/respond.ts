import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { AppError } from './errors';

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

export const html = (body: string, statusCode = 200): HttpResult => ({
  statusCode,
  headers: { 'content-type': 'text/html; charset=utf-8', ...SECURITY_HEADERS },
  body,
});

/** A value a handler returned is a result when it says so; anything else is a 200 JSON body. */
export const isHttpResult = (value: unknown): value is HttpResult =>
  typeof value === 'object' && value !== null && HTTP_RESULT in value;

const HTTP_RESULT = Symbol.for('threadline.http-result');
export const asResult = (result: HttpResult): HttpResult =>
  Object.defineProperty(result, HTTP_RESULT, { value: true, enumerable: false });

export const errorResponse = (error: AppError, requestId?: string): HttpResult => {
  const { tip, details, headers, fields } = error.extra;
  return json(
    {
      success: false,
      error: error.message,
      message: error.message,
      code: error.code,
      ...(tip ? { tip } : {}),
      ...(details !== undefined ? { details } : {}),
      ...(fields ?? {}),
      ...(requestId ? { request_id: requestId } : {}),
    },
    error.status,
    headers,
  );
};
