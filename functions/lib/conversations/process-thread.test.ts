import { describe, expect, it, vi } from 'vitest';
import { AiInvalidOutput, OpenAIKeyInvalid, OpenAIQuotaExceeded, OpenAIRateLimited, OpenAIRequestRejected, OpenAIUnavailable } from '../ai/errors';
import { GoogleAuthRevoked, GoogleRateLimited, GoogleRequestRejected, GoogleUnavailable } from '../google/errors';
import type { GmailClient } from '../google/gmail';
import { NoGoogleGrant } from '../identity/google-grants';
import { Transient } from '../tasks/transient';
import type { Settings } from '../settings/store';
import { processThread, type ThreadFailure, type ThreadWork } from './process-thread';
import type { AgencyDirectory } from './types';

/**
 * One bad thread never fails the job: a thread whose processing throws an error that is neither
 * transient (retried by the state machine) nor about the whole job (key, quota, mailbox access) is
 * recorded as a failed thread with a reason a person can read, and processThread resolves.
 */
const ref = { mailbox: 'maya@agency.test', threadId: '18c0ffee' };

const workThrowing = (error: unknown) => {
  const failures: ThreadFailure[] = [];
  const work: ThreadWork = {
    agencyName: 'brightwave',
    jobId: 'job-1',
    settings: {} as Settings,
    directory: {} as AgencyDirectory,
    call: vi.fn() as never,
    gmailFor: async () => ({ getThread: () => Promise.reject(error) }) as unknown as GmailClient,
    onFailure: async (failure) => {
      failures.push(failure);
    },
  };
  return { work, failures };
};

const dynamoError = (name: string, message: string, extra: Record<string, unknown> = {}) =>
  Object.assign(new Error(message), { name, $fault: 'client', $metadata: { httpStatusCode: 400 }, ...extra });

describe('processThread: one bad thread', () => {
  it.each([
    ['a DynamoDB item over 400 KB', dynamoError('ValidationException', 'Item size has exceeded the maximum allowed size'), 'a message in it is too large to store'],
    ['Gmail refusing the thread', new GoogleRequestRejected('Invalid id value', 400), 'Gmail refused to return it'],
    ['the model refusing the prompt', new OpenAIRequestRejected('context_length_exceeded', 400), 'the AI service refused it'],
    ['an unusable model answer', new AiInvalidOutput('not JSON'), 'the AI answer was not usable'],
    ['a bug on hostile content', new TypeError("Cannot read properties of undefined (reading 'email')"), 'an unexpected error (details in the logs)'],
  ])('%s: recorded as a failed thread with a readable reason, the job goes on', async (_what, error, reason) => {
    const { work, failures } = workThrowing(error);
    const outcome = await processThread(work, ref);
    expect(outcome).toEqual({ result: 'failed', tokens: 0, messages: 0, campaigns: [], reason });
    expect(failures).toEqual([{ ref, subject: '', reason }]);
    // never the raw error text
    expect(reason).not.toMatch(/ValidationException|Item size|undefined/);
  });

  it.each([
    ['Google 429', new GoogleRateLimited(1000)],
    ['Google 5xx', new GoogleUnavailable()],
    ['OpenAI rate limit', new OpenAIRateLimited(1000)],
    ['OpenAI 5xx', new OpenAIUnavailable(false, 503)],
    ['a lost write race', new Transient('Conversation thread changed while it was processed')],
  ])('%s still throws as it was, so Step Functions retries', async (_what, error) => {
    const { work, failures } = workThrowing(error);
    await expect(processThread(work, ref)).rejects.toBe(error);
    expect(failures).toEqual([]);
  });

  it('a throttled or unreachable DynamoDB throws Transient (retried), not a failed thread', async () => {
    for (const error of [
      dynamoError('ProvisionedThroughputExceededException', 'Rate exceeded', { $retryable: { throttling: true } }),
      dynamoError('ThrottlingException', 'Rate exceeded'),
      Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }),
    ]) {
      const { work, failures } = workThrowing(error);
      await expect(processThread(work, ref)).rejects.toMatchObject({ name: 'Transient' });
      expect(failures).toEqual([]);
    }
  });

  it.each([
    ['an invalid OpenAI key', new OpenAIKeyInvalid()],
    ['spent OpenAI quota', new OpenAIQuotaExceeded()],
    ['a revoked Google grant', new GoogleAuthRevoked()],
    ['no Google grant', new NoGoogleGrant('maya@agency.test')],
  ])('%s concerns the whole job (or mailbox), not the thread: it still throws', async (_what, error) => {
    const { work, failures } = workThrowing(error);
    await expect(processThread(work, ref)).rejects.toBe(error);
    expect(failures).toEqual([]);
  });
});
