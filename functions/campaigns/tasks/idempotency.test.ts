import { QueryCommand } from '@aws-sdk/client-dynamodb';
import type { Context } from 'aws-lambda';
import { describe, expect, it, vi } from 'vitest';
import { rawDynamoClient, TABLE_NAME } from '../../lib/store/client';
import { useLocalTable } from '../../../test/support/local-table';
import { executionEndedEvent } from '../../../infra/local/push';

// The work itself (Drive, the table's campaign items, the job) is stood in for by counters: what
// is under test is how many times a delivery runs it, with the records in a real DynamoDB.
const work = vi.hoisted(() => ({ deletions: 0, failNext: false, jobsEnded: 0 }));
vi.mock('../../lib/campaigns/deletion', () => ({
  deleteCampaign: async () => {
    work.deletions += 1;
    if (work.failNext) {
      work.failNext = false;
      throw new Error('Drive answered 503');
    }
    return `deleted #${work.deletions}`;
  },
}));
vi.mock('../../lib/processing/jobs', () => ({
  endJob: async () => {
    work.jobsEnded += 1;
    return true;
  },
}));

const { handler: deleteTask } = await import('./delete');
const { handler: releaseLock } = await import('../../processing/tasks/release-lock');

/** What Lambda hands every invocation; the in-progress record expires with the invocation. */
const invocation = { awsRequestId: 'request-1', functionName: 'task', getRemainingTimeInMillis: () => 60_000 } as Context;
const deleteOnce = (event: unknown) => deleteTask(event, invocation);
const releaseOnce = (event: unknown) => releaseLock(event, invocation);

const records = async (task: string) => {
  const { Items = [] } = await rawDynamoClient().send(
    new QueryCommand({ TableName: TABLE_NAME, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': { S: `IDEMPOTENCY#${task}` } }, ConsistentRead: true }),
  );
  return Items;
};

describe('tasks delivered twice run once (Powertools idempotency on the single table)', () => {
  useLocalTable('idempotency');

  it('an async delivery repeated (same dispatchId) deletes once and answers the first result; a new dispatch runs again', async () => {
    const event = { agencyName: 'Brightwave', campaignId: 'spring-26', dispatchId: 'd-1' };
    const first = await deleteOnce(event);
    const second = await deleteOnce({ ...event });
    expect(first).toEqual({ status: 'deleted #1' });
    expect(second).toEqual(first);
    expect(work.deletions).toBe(1);
    const [record, ...others] = await records('CampaignDeletion');
    expect(others).toHaveLength(0);
    expect(record?.status?.S).toBe('COMPLETED');
    // expires with the table's TTL attribute, in epoch seconds, hours from now
    expect(Number(record?.expires_at_epoch?.N)).toBeGreaterThan(Date.now() / 1000 + 3600);

    await expect(deleteOnce({ ...event, dispatchId: 'd-2' })).resolves.toEqual({ status: 'deleted #2' });
    expect(work.deletions).toBe(2);
  });

  it('a delivery that failed leaves no record: the retry runs the work again', async () => {
    work.failNext = true;
    const event = { agencyName: 'Brightwave', campaignId: 'autumn-26', dispatchId: 'd-3' };
    await expect(deleteOnce(event)).rejects.toThrow('Drive answered 503');
    const before = work.deletions;
    await expect(deleteOnce(event)).resolves.toEqual({ status: `deleted #${before + 1}` });
    await expect(deleteOnce(event)).resolves.toEqual({ status: `deleted #${before + 1}` });
    expect(work.deletions).toBe(before + 1);
  });

  it('the same EventBridge event (same id) twice ends the job once', async () => {
    const event = executionEndedEvent('arn:aws:states:us-east-1:123456789012:execution:processing:job-9', 'FAILED', { agencyName: 'Brightwave', jobId: 'job-9' });
    expect(await releaseOnce(event)).toEqual({ released: true, ended: true });
    expect(await releaseOnce(structuredClone(event))).toEqual({ released: true, ended: true });
    expect(work.jobsEnded).toBe(1);
    expect(await records('JobReleaseLock')).toHaveLength(1);
  });
});
