import { describe, expect, it } from 'vitest';
import { executionEndedEvent } from '../../../infra/local/push';
import { executionStatusChange } from './execution-events';
import { jobTaskInput, monitorShareInput } from './inputs';
import { readTaskEvent, tryTaskEvent } from './read-input';

/** The envelope as the local runtime sends it (as EventBridge does), with the detail under test. */
const statusChange = (detail: unknown) => ({ ...executionEndedEvent('arn:1', 'FAILED', {}), detail });

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

  it('a share of a monitor tick names its agencies; one without them is a wiring bug', () => {
    expect(readTaskEvent({ agencies: ['a', 'b'], dispatchId: 'd' }, monitorShareInput)).toEqual({ agencies: ['a', 'b'] });
    expect(() => readTaskEvent({ agencies: [] }, monitorShareInput)).toThrow(expect.objectContaining({ name: 'BadTaskInput' }));
    expect(() => readTaskEvent({ source: 'local.scheduler' }, monitorShareInput)).toThrow(expect.objectContaining({ name: 'BadTaskInput' }));
  });
});
