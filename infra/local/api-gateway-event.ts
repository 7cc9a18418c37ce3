import type { IncomingMessage, ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { routeKey, type RouteDef } from '../../functions/routes';
import { DEFAULT_ROUTE_TIMEOUT_SECONDS, INTEGRATION_TIMEOUT_SECONDS, type RouteMatch } from './router';

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
/** Lambda's limit on a synchronous invocation's event (the whole event as JSON, body included). */
export const MAX_REQUEST_BYTES = 6 * 1024 * 1024;
/** The HTTP API's payload quota (docs.aws.amazon.com/apigateway/latest/developerguide/http-api-quotas.html). */
export const MAX_BODY_BYTES = 10 * 1024 * 1024;

/** The size Lambda holds against its limits: the whole result (or event) as JSON, not only its body. */
export const responsePayloadBytes = (result: unknown): number => Buffer.byteLength(JSON.stringify(result) ?? '');

const gatewayAnswer = (statusCode: number, message: string): APIGatewayProxyStructuredResultV2 => ({
  statusCode,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ message }),
});

/**
 * The HTTP API's own answers for a Lambda integration that gave no usable answer. Whatever the
 * function did wrong (an unhandled error, a result over 6 MB or malformed, or Lambda stopping it
 * at its timeout) is a function error, answered 500 {"message":"Internal Server Error"}; only a
 * function allowed to run past the 30 s integration timeout is cut off by API Gateway itself,
 * 503 {"message":"Service Unavailable"}. (504 "Endpoint request timed out" and 502 are the REST
 * API's answers, not the HTTP API's.) A request over the payload quota, or whose event Lambda
 * refuses as over 6 MB, is 413.
 */
export const gatewayErrors = {
  internal: () => gatewayAnswer(500, 'Internal Server Error'),
  timedOut: (route: Pick<RouteDef, 'timeoutSeconds'>) =>
    (route.timeoutSeconds ?? DEFAULT_ROUTE_TIMEOUT_SECONDS) < INTEGRATION_TIMEOUT_SECONDS ? gatewayAnswer(500, 'Internal Server Error') : gatewayAnswer(503, 'Service Unavailable'),
  tooLarge: () => gatewayAnswer(413, 'Request Entity Too Large'),
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
