import type { IncomingMessage, ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { routeKey } from '../../functions/routes';
import type { RouteMatch } from './router';

/** Builds the API Gateway v2 (payload 2.0) event that the Lambda integration would deliver. */
export const toEvent = (request: IncomingMessage, url: URL, body: Buffer, match: RouteMatch): APIGatewayProxyEventV2 => {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || name === 'cookie') continue;
    headers[name.toLowerCase()] = Array.isArray(value) ? value.join(',') : value;
  }
  const cookies = (request.headers.cookie ?? '')
    .split(';')
    .map((cookie) => cookie.trim())
    .filter(Boolean);
  const query: Record<string, string> = {};
  for (const [name, value] of url.searchParams) query[name] = name in query ? `${query[name]},${value}` : value;
  const now = new Date();
  const key = routeKey(match.route);
  const isText = body.length === 0 || /json|text|x-www-form-urlencoded/i.test(headers['content-type'] ?? 'application/json');
  return {
    version: '2.0',
    routeKey: key,
    rawPath: url.pathname,
    rawQueryString: url.search.slice(1),
    ...(cookies.length ? { cookies } : {}),
    headers,
    ...(Object.keys(query).length ? { queryStringParameters: query } : {}),
    ...(Object.keys(match.pathParameters).length ? { pathParameters: match.pathParameters } : {}),
    requestContext: {
      accountId: '000000000000',
      apiId: 'local',
      domainName: headers.host ?? 'localhost',
      domainPrefix: 'local',
      http: {
        method: match.route.method,
        path: url.pathname,
        protocol: `HTTP/${request.httpVersion}`,
        sourceIp: request.socket.remoteAddress ?? '127.0.0.1',
        userAgent: headers['user-agent'] ?? '',
      },
      requestId: randomUUID(),
      routeKey: key,
      stage: '$default',
      time: now.toUTCString(),
      timeEpoch: now.getTime(),
    },
    ...(body.length ? { body: isText ? body.toString('utf8') : body.toString('base64') } : {}),
    isBase64Encoded: !isText,
  };
};

/** Lambda's limit on what a synchronous invocation returns: 6 MB of result, serialized as JSON. */
export const MAX_RESPONSE_BYTES = 6 * 1024 * 1024;

/** The size Lambda holds against MAX_RESPONSE_BYTES: the whole result as JSON, not only its body. */
export const responsePayloadBytes = (result: unknown): number => Buffer.byteLength(JSON.stringify(result) ?? '');

const gatewayAnswer = (statusCode: number, message: string): APIGatewayProxyStructuredResultV2 => ({
  statusCode,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ message }),
});

/**
 * API Gateway's own answers for a failed Lambda integration. A function error (an exception, a
 * result over 6 MB, a malformed result) is a 502 with its generic message. A handler still
 * running at its timeout is answered 504 "Endpoint request timed out" here. (On AWS a Lambda
 * timeout shorter than the 30 s integration timeout surfaces as that same function error, 502;
 * a 504 is what a client sees when the integration itself times out.)
 */
export const gatewayErrors = {
  internal: () => gatewayAnswer(502, 'Internal Server Error'),
  timedOut: () => gatewayAnswer(504, 'Endpoint request timed out'),
};

/** Writes a Lambda result the way API Gateway v2 translates it (cookies → Set-Cookie). */
export const writeResult = (response: ServerResponse, result: APIGatewayProxyStructuredResultV2): void => {
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(result.headers ?? {})) headers[name.toLowerCase()] = String(value);
  if (result.cookies?.length) headers['set-cookie'] = result.cookies;
  const body = result.body ? Buffer.from(result.body, result.isBase64Encoded ? 'base64' : 'utf8') : Buffer.alloc(0);
  headers['content-length'] = String(body.length);
  response.writeHead(result.statusCode ?? 200, headers);
  response.end(body);
};
