import { describe, expect, it } from 'vitest';
import { executionStatusChange } from './execution-events';
import { jobTaskInput, monitorTickInput } from './inputs';
import { readTaskEvent, tryTaskEvent } from './read-input';

const statusChange = (detail: unknown) => ({
  version: '0',
  id: '6a7e8feb-b491-4cf7-a9f1-bf3703467718',
  source: 'aws.states',
  account: '123456789012',
  time: '2026-11-23T12:00:00Z',
  region: 'us-east-1',
  resources: ['arn:aws:states:us-east-1:123456789012:execution:processing:1'],
  'detail-type': 'Step Functions Execution Status Change',
  detail,
});

describe('task inputs (Powertools parser)', () => {
  it('a state machine input without a job fails as BadTaskInput', () => {
    expect(() => readTaskEvent({ agencyName: 'brightwave' }, jobTaskInput)).toThrow(expect.objectContaining({ name: 'BadTaskInput' }));
    expect(() => readTaskEvent(undefined, jobTaskInput)).toThrow(expect.objectContaining({ name: 'BadTaskInput' }));
    expect(() => readTaskEvent({ agencyName: 'a', jobId: 'j', outcome: 'maybe' }, jobTaskInput)).toThrow(expect.objectContaining({ name: 'BadTaskInput' }));
    expect(readTaskEvent({ agencyName: 'a', jobId: 'j', outcome: 'failed', extra: 1 }, jobTaskInput)).toEqual({ agencyName: 'a', jobId: 'j', outcome: 'failed' });
  });

  it("an EventBridge status change gives its detail with the execution's JSON input parsed", () => {
    const event = statusChange({ executionArn: 'arn:1', status: 'FAILED', input: JSON.stringify({ agencyName: 'a', jobId: 'j' }), cause: 'boom' });
    expect(readTaskEvent(event, executionStatusChange).detail).toEqual({ executionArn: 'arn:1', status: 'FAILED', input: { agencyName: 'a', jobId: 'j' }, cause: 'boom' });
    expect(tryTaskEvent(statusChange({ executionArn: 'arn:1', status: 'FAILED', input: '{"started":"by hand"}' }), executionStatusChange)).toBeUndefined();
    expect(tryTaskEvent(statusChange({ executionArn: 'arn:1', status: 'FAILED', input: 'not json' }), executionStatusChange)).toBeUndefined();
    // the bare detail is not an EventBridge event
    expect(tryTaskEvent({ detail: { executionArn: 'arn:1', status: 'FAILED', input: '{"agencyName":"a","jobId":"j"}' } }, executionStatusChange)).toBeUndefined();
  });

  it('a schedule without input ticks every due agency', () => {
    expect(readTaskEvent(undefined, monitorTickInput)).toEqual({});
    expect(readTaskEvent(null, monitorTickInput)).toEqual({});
    expect(readTaskEvent({ source: 'local.scheduler', agencies: ['a'] }, monitorTickInput)).toEqual({ agencies: ['a'] });
  });
});
