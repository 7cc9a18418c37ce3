import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createGmailQuotaLimiter } from '../../lib/google/gmail-quota';
import { countMetric } from '../../lib/observability/metrics';
import { executionEndedEvent } from '../../../infra/local/push';

// The batch itself needs DynamoDB, Gmail and OpenAI: stood in for by what a batch reports and
// spends (the real Gmail limiter counts its units; the model's usage is counted as openai.ts does).
const batches = vi.hoisted(() => ({ outcomes: [] as Array<{ processed: number; failed?: number } | Error> }));
vi.mock('../../lib/processing/batch', () => ({
  processBatch: async (_agency: string, _job: string, index: number) => {
    const outcome = batches.outcomes.shift();
    const gmail = createGmailQuotaLimiter();
    await gmail.spend('maya@brightwave-agency.com', 'users.threads.get');
    await gmail.spend('maya@brightwave-agency.com', 'users.messages.get');
    countMetric('ModelTokensUsed', 1200);
    if (outcome instanceof Error) throw outcome;
    return { index, processed: outcome?.processed ?? 0, failed: outcome?.failed ?? 0, skipped: 0 };
  },
}));
vi.mock('../../lib/processing/jobs', () => ({ endJob: async () => true }));
// Delivered once here: idempotency has its own test (campaigns/tasks/idempotency.test.ts).
vi.mock('../../lib/tasks/idempotent', () => ({ idempotentTask: (_task: string, _key: string, run: unknown) => run }));

const { handler: processBatch } = await import('./process-batch');
const { handler: releaseLock } = await import('./release-lock');

type Emf = {
  _aws: { CloudWatchMetrics: Array<{ Namespace: string; Dimensions: string[][]; Metrics: Array<{ Name: string; Unit: string }> }> };
  [key: string]: unknown;
};

let printed: string[] = [];
beforeEach(() => {
  printed = [];
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    printed.push(String(chunk));
    return true;
  });
});
afterEach(() => vi.restoreAllMocks());

const emfDocuments = (): Emf[] =>
  printed
    .flatMap((chunk) => chunk.split('\n'))
    .filter((line) => line.includes('"_aws"'))
    .map((line) => JSON.parse(line) as Emf);

const lane = { agencyName: 'brightwave', jobId: 'job-1', lane: { lane: 0, of: 1, batches: 2, next: 0 } };

describe('task metrics (EMF)', () => {
  it('a processing turn prints one EMF document: threads, quota units and tokens, under Threadline without an agency dimension', async () => {
    batches.outcomes = [{ processed: 3 }, { processed: 4 }];
    const result = await processBatch(lane);
    expect(result).toMatchObject({ processed: 7, done: true });
    const documents = emfDocuments();
    expect(documents).toHaveLength(1);
    const [emf] = documents as [Emf];
    const [directive] = emf._aws.CloudWatchMetrics;
    expect(directive?.Namespace).toBe('Threadline');
    expect(directive?.Dimensions).toEqual([['service']]);
    expect(directive?.Metrics.map((metric) => [metric.Name, metric.Unit]).sort()).toEqual([
      ['GmailQuotaUnits', 'Count'],
      ['ModelTokensUsed', 'Count'],
      ['ThreadsProcessed', 'Count'],
    ]);
    // two batches, each a threads.get (10) and a messages.get (5), and 1,200 tokens
    expect(emf).toMatchObject({ ThreadsProcessed: 7, GmailQuotaUnits: 30, ModelTokensUsed: 2400, service: 'threadline' });
    expect(JSON.stringify(emf)).not.toMatch(/agency|brightwave/i);
  });

  it('threads that could not be processed are counted as failed', async () => {
    batches.outcomes = [{ processed: 3, failed: 1 }, { processed: 2, failed: 2 }];
    await processBatch(lane);
    const [emf] = emfDocuments();
    expect(emf).toMatchObject({ ThreadsProcessed: 5, ThreadsFailed: 3 });
  });

  it('a batch that throws (Step Functions retries it) still writes what it spent, and counts no thread', async () => {
    batches.outcomes = [new Error('Gmail said no')];
    await expect(processBatch(lane)).rejects.toThrow('Gmail said no');
    const [emf] = emfDocuments();
    expect(emf).toMatchObject({ GmailQuotaUnits: 15 });
    expect(emf).not.toHaveProperty('ThreadsProcessed');
    expect(emf).not.toHaveProperty('ThreadsFailed');
  });

  it('an execution that died counts a failed job; one that was aborted does not', async () => {
    const event = (status: string) => executionEndedEvent('arn:1', status, { agencyName: 'brightwave', jobId: 'job-1' });
    await expect(releaseLock(event('TIMED_OUT'))).resolves.toEqual({ released: true, ended: true });
    expect(emfDocuments()).toEqual([expect.objectContaining({ JobsFailed: 1 })]);
    printed = [];
    await releaseLock(event('ABORTED'));
    expect(emfDocuments()).toEqual([]);
  });
});
