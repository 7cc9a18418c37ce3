import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { describe, expect, it, vi } from 'vitest';

// No session: the request reaches the handler signed out.
vi.mock('../lib/session/resolve', () => ({ resolveSession: vi.fn(async () => undefined) }));

const { handler } = await import('./invite-accept');

const TOKEN = 'A'.repeat(43);

const post = (body: unknown, base64 = false): APIGatewayProxyEventV2 => {
  const raw = JSON.stringify(body);
  return {
    version: '2.0',
    routeKey: 'POST /api/v3/agency/invitations/accept',
    rawPath: '/api/v3/agency/invitations/accept',
    rawQueryString: '',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'threadline' },
    requestContext: { http: { method: 'POST', path: '/api/v3/agency/invitations/accept' }, requestId: 'r1' },
    body: base64 ? Buffer.from(raw).toString('base64') : raw,
    isBase64Encoded: base64,
  } as unknown as APIGatewayProxyEventV2;
};

const answer = async (event: APIGatewayProxyEventV2) => {
  const response = await handler(event);
  return { status: response.statusCode, body: JSON.parse(String(response.body)) as Record<string, unknown> };
};

describe('POST /api/v3/agency/invitations/accept without a session', () => {
  it('answers 401 with redirect_url: the sign-in that accepts this invitation', async () => {
    const { status, body } = await answer(post({ invite_token: TOKEN }));
    expect(status).toBe(401);
    expect(body).toMatchObject({ success: false, code: 'UNAUTHORIZED', redirect_url: `/auth/login?invite=${TOKEN}` });
  });

  it('reads a base64 body too', async () => {
    expect((await answer(post({ invite_token: TOKEN }, true))).body.redirect_url).toBe(`/auth/login?invite=${TOKEN}`);
  });

  it('sends an acceptance by agency name, or an unreadable token, back to the agency selector after sign-in', async () => {
    expect((await answer(post({ agency_name: 'brightwave' }))).body.redirect_url).toBe('/auth/login?redirect=%2Fagencies');
    expect((await answer(post({ invite_token: 'not a token' }))).body.redirect_url).toBe('/auth/login?redirect=%2Fagencies');
  });
});
