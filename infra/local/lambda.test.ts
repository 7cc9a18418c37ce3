import { afterEach, describe, expect, it, vi } from 'vitest';
import { invokeFunction } from './lambda';

/** Async and scheduled tasks run under their Lambda timeout too, and end with Lambda's own error. */
describe('a local Lambda invocation', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("answers with the handler's result, and gives it the remaining time as Lambda's context does", async () => {
    const result = await invokeFunction('CampaignProvision', 300, async (context) => context.getRemainingTimeInMillis());
    expect(result).toBeGreaterThan(299_000);
    expect(result).toBeLessThanOrEqual(300_000);
  });

  it('ends an invocation still running at its timeout with Sandbox.Timedout', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const ended = invokeFunction('PushCheck', 300, () => new Promise(() => undefined)).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(300_000);
    expect(await ended).toMatchObject({ name: 'Sandbox.Timedout', message: expect.stringMatching(/^RequestId: [\w-]+ Error: Task timed out after 300\.00 seconds$/) });
  });
});
