// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api, apiRequest, configureApiRetry, errorMessageFrom } from './api-client';
import { getAuthToken, setAuthToken } from './auth-token';

const jsonResponse = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  localStorage.clear();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const lastInit = () => fetchMock.mock.calls.at(-1)?.[1] as RequestInit;
const lastHeaders = () => lastInit().headers as Record<string, string>;

describe('apiRequest: the request it sends', () => {
  it('sends cookies, JSON and the CSRF header on every request', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ success: true, agency: { name: 'a' } }));
    const result = await api.post<{ agency: { name: string } }>('/api/v3/agency', { name: 'a' });
    expect(result.agency.name).toBe('a');
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/v3/agency');
    expect(init?.method).toBe('POST');
    expect(init?.credentials).toBe('include');
    expect(init?.body).toBe(JSON.stringify({ name: 'a' }));
    expect(lastHeaders()['Content-Type']).toBe('application/json');
    expect(lastHeaders()['X-Requested-With']).toBe('threadline');
  });

  it('sends the CSRF header on GET too and no body', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ authenticated: false }));
    await api.get('/auth/status');
    expect(lastHeaders()['X-Requested-With']).toBe('threadline');
    expect(lastInit().body).toBeUndefined();
    expect(lastHeaders()['Content-Type']).toBeUndefined();
  });

  it('adds the bearer token only when one is stored', async () => {
    fetchMock.mockImplementation(async () => jsonResponse({ ok: 1 }));
    await api.get('/x');
    expect(lastHeaders().Authorization).toBeUndefined();
    setAuthToken('tok-123');
    await api.get('/x');
    expect(lastHeaders().Authorization).toBe('Bearer tok-123');
  });

  it('encodes query parameters and skips empty ones', async () => {
    fetchMock.mockResolvedValue(jsonResponse({}));
    await api.get('/api/campaigns/sheet-metadata', { query: { sheet_id: 'a b', tab: undefined } });
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/campaigns/sheet-metadata?sheet_id=a+b');
  });

  it('uses VITE_API_BASE when configured', async () => {
    vi.stubEnv('VITE_API_BASE', 'https://api.example.test/');
    fetchMock.mockResolvedValue(jsonResponse({}));
    await api.get('/auth/status');
    expect(fetchMock.mock.calls[0]![0]).toBe('https://api.example.test/auth/status');
    vi.unstubAllEnvs();
  });
});

describe('apiRequest: error mapping', () => {
  it('maps a timeout to 408 after 5 minutes', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const pending = apiRequest('/slow').catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(5 * 60 * 1000 - 1);
    expect(fetchMock.mock.calls[0]![1]?.signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = (await pending) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(408);
    expect(error.message).toBe('Request timeout - operation took too long');
  });

  it('maps a network failure to status 0', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(api.get('/x')).rejects.toMatchObject({ status: 0, message: 'Network error - no response received' });
  });

  it('uses the server error field and appends the tip after a period', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ success: false, error: 'Quota reached', tip: 'Try tomorrow' }, 429));
    await expect(api.get('/x')).rejects.toMatchObject({ status: 429, message: 'Quota reached. Try tomorrow' });
  });

  it('falls back to the message field, then to "Request failed"', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse({ message: 'Nope' }, 400));
    await expect(api.get('/x')).rejects.toMatchObject({ status: 400, message: 'Nope' });
    fetchMock.mockResolvedValueOnce(new Response('<html>bad gateway</html>', { status: 404 }));
    await expect(api.get('/x')).rejects.toMatchObject({ status: 404, message: 'Request failed' });
  });

  it('maps anything else to 500 "Unknown error occurred"', async () => {
    fetchMock.mockResolvedValue({
      ok: true,
      status: 200,
      text: () => Promise.reject(new RangeError('boom')),
    } as unknown as Response);
    await expect(api.get('/x')).rejects.toMatchObject({ status: 500, message: 'Unknown error occurred' });
  });

  it('treats a 2xx body with success:false as a failure', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ success: false, message: 'Sheet not found' }));
    await expect(api.get('/x')).rejects.toMatchObject({ status: 200, message: 'Sheet not found' });
  });

  it('reports a non-JSON success body as an unexpected format', async () => {
    fetchMock.mockResolvedValue(new Response('hello', { status: 200 }));
    await expect(api.get('/x')).rejects.toMatchObject({ message: 'Unexpected response format' });
  });

  it('clears the stored token on 401', async () => {
    setAuthToken('stale');
    fetchMock.mockResolvedValue(jsonResponse({ success: false, error: 'Authentication required' }, 401));
    await expect(api.get('/api/v3/agency/members')).rejects.toMatchObject({ status: 401 });
    expect(getAuthToken()).toBeNull();
  });

  it('follows redirect_url of a 401 on invite acceptance only', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    fetchMock.mockResolvedValue(jsonResponse({ success: false, error: 'Sign in', redirect_url: '/auth/login?invite=t1' }, 401));
    await expect(api.post('/api/v3/agency/invitations/accept', { invite_token: 't1' })).rejects.toBeInstanceOf(ApiError);
    expect(assign).toHaveBeenCalledWith('/auth/login?invite=t1');
    assign.mockClear();
    await expect(api.get('/api/v3/agency/members')).rejects.toBeInstanceOf(ApiError);
    expect(assign).not.toHaveBeenCalled();
  });

  it('never follows an off-site redirect_url', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    fetchMock.mockResolvedValue(jsonResponse({ redirect_url: 'https://evil.example/' }, 401));
    await expect(api.post('/api/v3/agency/invitations/accept', {})).rejects.toBeInstanceOf(ApiError);
    expect(assign).not.toHaveBeenCalled();
    // what a browser reads as another site once it strips tab/newline or reads "\\" as "/" (the shared rule)
    for (const target of ['/\t/evil.example', '/\n/evil.example', '/\\evil.example']) {
      fetchMock.mockResolvedValue(jsonResponse({ redirect_url: target }, 401));
      await expect(api.post('/api/v3/agency/invitations/accept', {})).rejects.toBeInstanceOf(ApiError);
    }
    expect(assign).not.toHaveBeenCalled();
  });

  it('logs 5xx responses', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    fetchMock.mockResolvedValue(jsonResponse({ success: false, error: 'Internal server error' }, 503));
    await expect(api.get('/x')).rejects.toMatchObject({ status: 503, message: 'Internal server error' });
    expect(log).toHaveBeenCalledTimes(1);
  });

  it('keeps a caller abort as an AbortError', async () => {
    fetchMock.mockImplementation(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const controller = new AbortController();
    const pending = api.get('/x', { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('apiRequest: the retry helper (spec: 3 tries, 1 s apart, no 4xx but 429)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    configureApiRetry();
  });
  // Back to what the web unit tests run with (web/src/testing/setup.ts).
  afterEach(() => configureApiRetry({ tries: 1, delayMs: 0 }));

  it('tries a failing GET 3 times, 1 s apart, then fails with the last answer', async () => {
    fetchMock.mockImplementation(async () => jsonResponse({ success: false, error: 'Unavailable' }, 503));
    const pending = api.get('/api/campaigns/list').catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1000);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(await pending).toMatchObject({ status: 503, message: 'Unavailable' });
    await vi.advanceTimersByTimeAsync(5000);
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('recovers from a network failure and from a 429 on the next try', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValueOnce(jsonResponse({ ok: 1 }));
    const first = api.get<{ ok: number }>('/x');
    await vi.advanceTimersByTimeAsync(1000);
    await expect(first).resolves.toEqual({ ok: 1 });
    fetchMock.mockResolvedValueOnce(jsonResponse({ error: 'Slow down' }, 429)).mockResolvedValueOnce(jsonResponse({ ok: 2 }));
    const second = api.get<{ ok: number }>('/x');
    await vi.advanceTimersByTimeAsync(1000);
    await expect(second).resolves.toEqual({ ok: 2 });
    expect(fetchMock).toHaveBeenCalledTimes(4);
  });

  it('does not retry a 4xx, a POST, or a GET that opts out', async () => {
    fetchMock.mockImplementation(async () => jsonResponse({ error: 'Not found' }, 404));
    await expect(api.get('/x')).rejects.toMatchObject({ status: 404 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    fetchMock.mockImplementation(async () => jsonResponse({ error: 'Down' }, 503));
    await expect(api.post('/api/campaigns/add', {})).rejects.toMatchObject({ status: 503 });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await expect(api.get('/api/v3/status', { retry: false })).rejects.toMatchObject({ status: 503 });
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('stops retrying once the caller aborts', async () => {
    fetchMock.mockImplementation(async () => jsonResponse({ error: 'Down' }, 503));
    const controller = new AbortController();
    const pending = api.get('/x', { signal: controller.signal }).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(0);
    controller.abort();
    await vi.advanceTimersByTimeAsync(5000);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(await pending).toMatchObject({ status: 503 });
  });
});

describe('errorMessageFrom', () => {
  it('does not double the period when the message already ends a sentence', () => {
    expect(errorMessageFrom({ error: 'Invalid key.', tip: 'Check it' })).toBe('Invalid key. Check it');
    expect(errorMessageFrom({}, 'Fallback')).toBe('Fallback');
    expect(errorMessageFrom(null)).toBe('Request failed');
  });
});
