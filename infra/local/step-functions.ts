import './polyfills';
import { readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { StateMachine } from 'aws-local-stepfunctions';
import type { Context } from 'aws-lambda';
import { tasks as manifestTasks } from '../../functions/routes';
import type { WorkflowEngine } from '../../functions/lib/workflow/engine';
import { historyCounter, isFinalEvent, type RunnerEvent } from './history-events';
import { invokeWithin, lambdaContext, sandboxTimedOut } from './lambda';

export const ASL_PATH = fileURLToPath(new URL('../processing.asl.json', import.meta.url));

export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };
/** A task's handler as Lambda calls it: the state's input and the invocation's context. */
export type TaskFn = (input: JsonValue, context: Context) => Promise<JsonValue> | JsonValue;
export type AslState = { Type: string; Resource?: string; TimeoutSeconds?: number; ItemProcessor?: { States: Record<string, AslState> }; Iterator?: { States: Record<string, AslState> }; Branches?: { States: Record<string, AslState> }[] };

export const localFunctionArn = (taskId: string) => `arn:aws:lambda:us-east-1:000000000000:function:${taskId}`;
const taskIdOfArn = (arn: string) => arn.slice(arn.lastIndexOf(':') + 1);

/** The ASL file with `${XFunctionArn}` replaced, as CDK's definitionSubstitutions do on AWS. */
export const loadDefinition = (path = ASL_PATH): { definition: Record<string, unknown>; taskIds: string[] } => {
  const text = readFileSync(path, 'utf8');
  const taskIds = [...new Set([...text.matchAll(/\$\{(\w+)FunctionArn\}/g)].map((match) => match[1]!))];
  const substituted = text.replace(/\$\{(\w+)FunctionArn\}/g, (_, id: string) => localFunctionArn(id));
  return { definition: JSON.parse(substituted) as Record<string, unknown>, taskIds };
};

export type AslTaskState = { name: string; resource: string; timeoutSeconds?: number };

const childMachines = (state: AslState) => [state.ItemProcessor, state.Iterator, ...(state.Branches ?? [])].filter((child) => child !== undefined);

/** Every Task state of a definition, at any depth (inside Map and Parallel states too). */
export const aslTaskStates = (states: Record<string, AslState>, out: AslTaskState[] = []): AslTaskState[] => {
  for (const [name, state] of Object.entries(states)) {
    if (state.Type === 'Task' && state.Resource) out.push({ name, resource: state.Resource, timeoutSeconds: state.TimeoutSeconds });
    for (const child of childMachines(state)) aslTaskStates(child.States, out);
  }
  return out;
};

/** Step Functions' quotas the local runner enforces (docs.aws.amazon.com/step-functions/latest/dg/limits-overview.html). */
export const PAYLOAD_LIMIT_BYTES = 256 * 1024;
export const HISTORY_LIMIT_EVENTS = 25_000;
/** A Task state without TimeoutSeconds: Step Functions' default (the runner's own default is 60 s). */
export const TASK_STATE_DEFAULT_TIMEOUT_SECONDS = 99_999_999;
/** A function with no timeout of its own: Lambda's (and CDK's) default. */
const LAMBDA_DEFAULT_TIMEOUT_SECONDS = 3;
/** The longest timer Node keeps (2^31 - 1 ms, about 24.8 days); longer waits are "never" here. */
const MAX_TIMER_SECONDS = 2_147_483;
/** The functions' timeouts as deployed (functions/routes.ts, read by the CDK constructs). */
const MANIFEST_TIMEOUTS: Record<string, number> = Object.fromEntries(manifestTasks.map((task) => [task.id, task.timeoutSeconds]));

const payloadBytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value ?? null), 'utf8');
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The definition the runner executes. A Task state's own timeout is left to the runner (its
 * States.Timeout is the one Retry's `States.TaskFailed` does not match) only where it is shorter
 * than the function's: otherwise the function's timeout ends the invocation first, with Lambda's
 * Sandbox.Timedout (the state's count begins once LambdaFunctionStarted is logged, so the
 * function's own clock never starts later), and the runner's clock is set past it.
 */
const withTimeouts = (states: Record<string, AslState>, functionSeconds: (arn: string) => number): Record<string, AslState> =>
  Object.fromEntries(
    Object.entries(states).map(([name, state]) => {
      const copy: AslState = { ...state };
      if (state.Type === 'Task' && state.Resource) {
        const stateSeconds = state.TimeoutSeconds ?? TASK_STATE_DEFAULT_TIMEOUT_SECONDS;
        copy.TimeoutSeconds = stateSeconds < functionSeconds(state.Resource) ? stateSeconds : MAX_TIMER_SECONDS;
      }
      for (const key of ['ItemProcessor', 'Iterator'] as const) if (state[key]) copy[key] = { ...state[key], States: withTimeouts(state[key].States, functionSeconds) };
      if (state.Branches) copy.Branches = state.Branches.map((branch) => ({ ...branch, States: withTimeouts(branch.States, functionSeconds) }));
      return [name, copy];
    }),
  );

export type ExecutionOutcome = { status: 'SUCCEEDED' | 'FAILED' | 'ABORTED'; output?: unknown; error?: { name: string; message: string } };
type Running = { abort: () => void; done: Promise<ExecutionOutcome>; input: Record<string, unknown> };

export type LocalEngineOptions = {
  /** task id (JobFetch, ...) → the function the Lambda would run */
  tasks: Record<string, TaskFn>;
  definitionPath?: string;
  /** task id → its Lambda timeout; default the manifest's (functions/routes.ts) */
  functionTimeoutSeconds?: Record<string, number>;
  /** like the EventBridge rule on ABORTED/FAILED/TIMED_OUT executions */
  onExecutionEnded?: (event: { executionId: string; outcome: ExecutionOutcome; input: Record<string, unknown> }) => Promise<void> | void;
  /** tests shorten the ASL's Retry intervals */
  retryIntervalMs?: number;
};

/**
 * Runs the processing ASL in-process. Cancel is `abort()`; like Step Functions, an abort stops
 * the execution between states and what finished before is kept. Each task runs under its
 * function's timeout and its state's TimeoutSeconds and fails as AWS fails it (Sandbox.Timedout,
 * States.Timeout), subject to the ASL's Retry and Catch.
 */
export const createLocalEngine = (options: LocalEngineOptions): WorkflowEngine & {
  executions: Map<string, Running>;
  settle(): Promise<void>;
} => {
  const { definition } = loadDefinition(options.definitionPath);
  const timeouts = { ...MANIFEST_TIMEOUTS, ...options.functionTimeoutSeconds };
  const functionSeconds = (arn: string) => timeouts[taskIdOfArn(arn)] ?? LAMBDA_DEFAULT_TIMEOUT_SECONDS;
  const states = definition.States as Record<string, AslState>;
  const machine = new StateMachine({ ...definition, States: withTimeouts(states, functionSeconds) } as never, { validationOptions: { checkArn: false, checkPaths: true } });
  const taskStates = aslTaskStates(states);
  const arnToTask = new Map(Object.keys(options.tasks).map((id) => [localFunctionArn(id), options.tasks[id]!]));
  /** One invocation of the state's function, ended at the function's timeout as Lambda ends it. */
  const handlers: Record<string, (input: JsonValue) => Promise<JsonValue>> = {};
  for (const { name, resource } of taskStates) {
    const fn = arnToTask.get(resource);
    const seconds = functionSeconds(resource);
    handlers[name] = async (input) => {
      if (!fn) throw Object.assign(new Error(`No local task for ${resource}`), { name: 'Lambda.ResourceNotFoundException' });
      const requestId = randomUUID();
      const context = lambdaContext(taskIdOfArn(resource), seconds, Date.now() + seconds * 1000, requestId);
      const outcome = await invokeWithin(async () => fn(input, context), Math.min(seconds, MAX_TIMER_SECONDS) * 1000);
      if ('timedOut' in outcome) throw sandboxTimedOut(requestId, seconds);
      if ('error' in outcome) throw outcome.error;
      return outcome.result as JsonValue;
    };
  }
  const retryIntervalOverrides =
    options.retryIntervalMs === undefined ? undefined : Object.fromEntries(taskStates.map((task) => task.name).concat(mapStateNames(definition)).map((name) => [name, options.retryIntervalMs!]));
  const executions = new Map<string, Running>();

  return {
    executions,
    async start({ name, input }) {
      const executionId = `arn:aws:states:us-east-1:000000000000:execution:local-processing:${name || randomUUID()}`;
      // Per execution, as AWS counts them: each task's input and output ≤ 256 KB, ≤ 25,000 history
      // events (history-events.ts). Past either the execution fails (a terminal error no Retry or
      // Catch handles).
      let events = 0;
      const countEvent = historyCounter();
      let limitError: { name: string; message: string } | undefined;
      const exceed = (error: { name: string; message: string }) => {
        limitError ??= error;
        execution.abort();
        return Object.assign(new Error(error.message), { name: error.name });
      };
      const limited: Record<string, (input: JsonValue) => Promise<JsonValue>> = {};
      for (const [stateName, fn] of Object.entries(handlers)) {
        limited[stateName] = async (taskInput) => {
          // The history is counted as the runner logs it: let it catch up, so a task whose
          // LambdaFunctionScheduled event would be past the quota never starts.
          await nextTurn();
          if (limitError) throw Object.assign(new Error(limitError.message), { name: limitError.name });
          if (payloadBytes(taskInput) > PAYLOAD_LIMIT_BYTES) throw exceed({ name: 'States.DataLimitExceeded', message: `The input of ${stateName} exceeds ${PAYLOAD_LIMIT_BYTES} bytes` });
          const output = await fn(taskInput);
          if (payloadBytes(output) > PAYLOAD_LIMIT_BYTES) throw exceed({ name: 'States.DataLimitExceeded', message: `The output of ${stateName} exceeds ${PAYLOAD_LIMIT_BYTES} bytes` });
          return output;
        };
      }
      const execution = machine.run(input as JsonValue, {
        overrides: { taskResourceLocalHandlers: limited as never, ...(retryIntervalOverrides ? { retryIntervalOverrides } : {}) },
        noThrowOnAbort: true,
        context: { Execution: { Id: executionId, Name: name, Input: input, StartTime: new Date().toISOString() } } as never,
      });
      // The count follows the runner's log and may finish after the runner does (a quota reached
      // by Finalize's last events): the outcome waits for it.
      const counted = (async () => {
        for await (const event of execution.eventLogs as AsyncIterable<RunnerEvent>) {
          events += countEvent(event);
          // Event 25,000 may only be the one that ends the execution.
          if (!isFinalEvent(event) && events >= HISTORY_LIMIT_EVENTS && !limitError) {
            exceed({ name: 'States.Runtime', message: `The execution reached the maximum number of history events (${HISTORY_LIMIT_EVENTS}) at ${event.state?.name ?? event.type}` });
          }
        }
      })();
      let aborted = false;
      const done = Promise.all([execution.result, counted]).then(
        ([output]) => output,
        async (error: unknown) => {
          await counted;
          throw error;
        },
      ).then(
        (output): ExecutionOutcome =>
          limitError ? { status: 'FAILED', error: limitError } : aborted ? { status: 'ABORTED' } : { status: 'SUCCEEDED', output },
        (error: Error): ExecutionOutcome => ({ status: 'FAILED', error: limitError ?? { name: error.name, message: error.message } }),
      ).then(async (outcome) => {
        if (outcome.status !== 'SUCCEEDED') await options.onExecutionEnded?.({ executionId, outcome, input });
        executions.delete(executionId);
        return outcome;
      });
      executions.set(executionId, {
        abort: () => {
          aborted = true;
          execution.abort();
        },
        done,
        input,
      });
      return { executionId };
    },
    async stop(executionId) {
      const running = executions.get(executionId);
      // As Step Functions answers for an execution it does not have (locally: one this engine
      // never ran, e.g. before a restart): the caller ends the job itself.
      if (!running) throw Object.assign(new Error(`Execution ${executionId} does not exist`), { name: 'ExecutionDoesNotExist' });
      running.abort();
    },
    async describe(executionId) {
      // A finished execution leaves the map once its end is handled; one from before a restart
      // was never in it.
      return executions.has(executionId) ? 'running' : 'unknown';
    },
    async settle() {
      await Promise.all([...executions.values()].map((running) => running.done));
    },
  };
};

const mapStateNames = (definition: Record<string, unknown>): string[] =>
  Object.entries(definition.States as Record<string, AslState>)
    .filter(([, state]) => state.Type === 'Map' || state.Type === 'Parallel')
    .map(([name]) => name);
