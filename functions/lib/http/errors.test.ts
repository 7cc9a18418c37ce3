import { describe, expect, it } from 'vitest';
import { GoogleNotFound } from '../google/errors';
import { AppError, BadRequest, Conflict, errorResponse, Forbidden, NotFound, PayloadTooLarge, rateLimited, TooManyRequests, Unauthorized, UnsupportedMediaType, UpstreamError } from './errors';

describe('the HTTP errors, built from one table', () => {
  it.each([
    [new BadRequest('bad field'), 'BadRequest', 400, 'BAD_REQUEST', 'bad field'],
    [new Unauthorized(), 'Unauthorized', 401, 'UNAUTHORIZED', 'Authentication required'],
    [new Forbidden(), 'Forbidden', 403, 'FORBIDDEN', 'You do not have access to this resource'],
    [new NotFound(), 'NotFound', 404, 'NOT_FOUND', 'Not found'],
    [new Conflict('taken'), 'Conflict', 409, 'CONFLICT', 'taken'],
    [new PayloadTooLarge(), 'PayloadTooLarge', 413, 'PAYLOAD_TOO_LARGE', 'Request body is too large'],
    [new UnsupportedMediaType(), 'UnsupportedMediaType', 415, 'UNSUPPORTED_MEDIA_TYPE', 'Request body must be JSON (Content-Type: application/json)'],
    [new TooManyRequests(), 'TooManyRequests', 429, 'TOO_MANY_REQUESTS', 'Too many requests. Please wait a moment.'],
    [new UpstreamError('Google is down'), 'UpstreamError', 502, 'UPSTREAM', 'Google is down'],
  ])('%s: its name (what Step Functions matches), status, code and message', (error, name, status, code, message) => {
    expect(error).toBeInstanceOf(AppError);
    expect(error).toBeInstanceOf(Error);
    expect({ name: error.name, status: error.status, code: error.code, message: error.message }).toEqual({ name, status, code, message });
  });

  it('each class is its own: instanceof tells them apart, and a subclass keeps its parent', () => {
    expect(new NotFound()).not.toBeInstanceOf(Conflict);
    const google = new GoogleNotFound();
    expect(google).toBeInstanceOf(NotFound);
    expect(google.name).toBe('GoogleNotFound');
    expect(google.status).toBe(404);
  });

  it("is answered in the spec's failure shape, extra fields and headers included", () => {
    const response = errorResponse(rateLimited('Slow down', 30), 'req-1');
    expect(response.statusCode).toBe(429);
    expect(response.headers).toMatchObject({ 'retry-after': '30' });
    expect(JSON.parse(response.body as string)).toEqual({ success: false, error: 'Slow down', message: 'Slow down', code: 'TOO_MANY_REQUESTS', request_id: 'req-1' });
    const conflict = JSON.parse(errorResponse(new Conflict('taken', { tip: 'Pick another', fields: { campaign_id: 'c1' } })).body as string);
    expect(conflict).toEqual({ success: false, error: 'taken', message: 'taken', code: 'CONFLICT', tip: 'Pick another', campaign_id: 'c1' });
  });
});
