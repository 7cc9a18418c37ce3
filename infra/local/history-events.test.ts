import './polyfills';
import { StateMachine } from 'aws-local-stepfunctions';
import { describe, expect, it } from 'vitest';
import { historyCounter, type RunnerEvent } from './history-events';

/**
 * The counter against the runner's real event log, one small state machine per state type:
 * what AWS's execution history would hold for each (history-events.ts).
 */
const countEvents = async (definition: Record<string, unknown>, handlers: Record<string, (input: unknown) => Promise<unknown>> = {}): Promise<number> => {
  const machine = new StateMachine(definition as never, { validationOptions: { checkArn: false } });
  const execution = machine.run({ items: [1, 2], go: true }, { overrides: { taskResourceLocalHandlers: handlers as never, retryIntervalOverrides: { Work: 1 } }, noThrowOnAbort: true });
  const count = historyCounter();
  let total = 0;
  for await (const event of execution.eventLogs as AsyncIterable<RunnerEvent>) total += count(event);
  await execution.result.catch(() => undefined);
  return total;
};

const ARN = 'arn:aws:lambda:us-east-1:000000000000:function:Work';
const ok = { Work: async () => ({ done: true }) };

describe('history events per state type, as AWS records them', () => {
  it('Pass, Wait, Choice and Succeed: 2 each, between ExecutionStarted and ExecutionSucceeded', async () => {
    const definition = {
      StartAt: 'P',
      States: {
        P: { Type: 'Pass', Next: 'W' },
        W: { Type: 'Wait', Seconds: 0, Next: 'C' },
        C: { Type: 'Choice', Choices: [{ Variable: '$.go', BooleanEquals: true, Next: 'S' }], Default: 'S' },
        S: { Type: 'Succeed' },
      },
    };
    expect(await countEvents(definition)).toBe(1 + 2 + 2 + 2 + 2 + 1);
  });

  it('a Lambda Task: 5 (entered, scheduled, started, succeeded, exited); each retried failure adds 3', async () => {
    expect(await countEvents({ StartAt: 'Work', States: { Work: { Type: 'Task', Resource: ARN, End: true } } }, ok)).toBe(1 + 5 + 1);
    let calls = 0;
    const flaky = { Work: async () => (calls++ === 0 ? Promise.reject(Object.assign(new Error('busy'), { name: 'Transient' })) : { done: true }) };
    const retrying = { StartAt: 'Work', States: { Work: { Type: 'Task', Resource: ARN, Retry: [{ ErrorEquals: ['Transient'], MaxAttempts: 2 }], End: true } } };
    expect(await countEvents(retrying, flaky)).toBe(1 + 5 + 3 + 1);
  });

  it('a caught Task exits without its success event; a Fail state is one event before ExecutionFailed', async () => {
    const failing = { Work: async () => Promise.reject(Object.assign(new Error('no'), { name: 'Broken' })) };
    const definition = {
      StartAt: 'Work',
      States: {
        Work: { Type: 'Task', Resource: ARN, Catch: [{ ErrorEquals: ['States.ALL'], Next: 'Failed' }], End: true },
        Failed: { Type: 'Fail', Error: 'JobFailed' },
      },
    };
    // entered, scheduled, started, failed, exited; FailStateEntered; ExecutionFailed
    expect(await countEvents(definition, failing)).toBe(1 + 5 + 1 + 1);
  });

  it('an inline Map: 4 of its own and 2 per item, plus its items\' states', async () => {
    const definition = {
      StartAt: 'Each',
      States: {
        Each: {
          Type: 'Map',
          ItemsPath: '$.items',
          ItemProcessor: { ProcessorConfig: { Mode: 'INLINE' }, StartAt: 'Work', States: { Work: { Type: 'Task', Resource: ARN, End: true } } },
          End: true,
        },
      },
    };
    expect(await countEvents(definition, ok)).toBe(1 + 4 + 2 * (2 + 5) + 1);
  });
});
