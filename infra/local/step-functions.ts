import './polyfills';
import { readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { StateMachine } from 'aws-local-stepfunctions';
import type { WorkflowEngine } from '../../functions/lib/workflow/engine';

export const ASL_PATH = fileURLToPath(new URL('../processing.asl.json', import.meta.url));

type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };
type TaskFn = (input: JsonValue) => Promise<JsonValue> | JsonValue;
export type AslState = { Type: string; Resource?: string; TimeoutSeconds?: number; ItemProcessor?: { States: Record<string, AslState> }; Iterator?: { States: Record<string, AslState> }; Branches?: { States: Record<string, AslState> }[] };

export const localFunctionArn = (taskId: string) => `arn:aws:lambda:us-east-1:000000000000:function:${taskId}`;

/** The ASL file with `${XFunctionArn}` replaced, as CDK's definitionSubstitutions do on AWS. */
export const loadDefinition = (path = ASL_PATH): { definition: Record<string, unknown>; taskIds: string[] } => {
  const text = readFileSync(path, 'utf8');
  const taskIds = [...new Set([...text.matchAll(/\$\{(\w+)FunctionArn\}/g)].map((match) => match[1]!))];
  const substituted = text.replace(/\$\{(\w+)FunctionArn\}/g, (_, id: string) => localFunctionArn(id));
  return { definition: JSON.parse(substituted) as Record<string, unknown>, taskIds };
};

export type AslTaskState = { name: string; resource: string; timeoutSeconds?: number };

/** Every Task state of a definition, at any depth (inside Map and Parallel states too). */
export const aslTaskStates = (states: Record<string, AslState>, out: AslTaskState[] = []): AslTaskState[] => {
  for (const [name, state] of Object.entries(states)) {
    if (state.Type === 'Task' && state.Resource) out.push({ name, resource: state.Resource, timeoutSeconds: state.TimeoutSeconds });
    const nested = [state.ItemProcessor, state.Iterator, ...(state.Branches ?? [])].filter(Boolean);
    for (const child of nested) aslTaskStates(child!.States, out);
  }
  return out;
};

/** aws-local-stepfunctions overrides tasks by state name, so map every Task state by its ARN. */
const taskStatesByName = (states: Record<string, AslState>): Record<string, string> =>
  Object.fromEntries(aslTaskStates(states).map((task) => [task.name, task.resource]));

/** Step Functions' quotas the local runner enforces (docs.aws.amazon.com/step-functions/latest/dg/limits-overview.html). */
export const PAYLOAD_LIMIT_BYTES = 256 * 1024;
export const HISTORY_LIMIT_EVENTS = 25_000;
/** History events one Lambda task state adds (TaskStateEntered, TaskScheduled, TaskStarted, TaskSucceeded, TaskStateExited). */
const EVENTS_PER_TASK = 5;

const payloadBytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value ?? null), 'utf8');

export type ExecutionOutcome = { status: 'SUCCEEDED' | 'FAILED' | 'ABORTED'; output?: unknown; error?: { name: string; message: string } };
type Running = { abort: () => void; done: Promise<ExecutionOutcome>; input: Record<string, unknown> };

export type LocalEngineOptions = {
  /** task id (JobFetch, ...) → the function the Lambda would run */
  tasks: Record<string, TaskFn>;
  definitionPath?: string;
  /** like the EventBridge rule on ABORTED/FAILED/TIMED_OUT executions */
  onExecutionEnded?: (event: { executionId: string; outcome: ExecutionOutcome; input: Record<string, unknown> }) => Promise<void> | void;
  /** tests shorten the ASL's Retry intervals */
  retryIntervalMs?: number;
};

/**
 * Runs the processing ASL in-process. Cancel is `abort()`; like Step Functions, an abort stops
 * the execution between states and what finished before is kept.
 */
export const createLocalEngine = (options: LocalEngineOptions): WorkflowEngine & {
  executions: Map<string, Running>;
  settle(): Promise<void>;
} => {
  const { definition } = loadDefinition(options.definitionPath);
  const machine = new StateMachine(definition as never, { validationOptions: { checkArn: false, checkPaths: true } });
  const byName = taskStatesByName(definition.States as Record<string, AslState>);
  const arnToTask = new Map(Object.keys(options.tasks).map((id) => [localFunctionArn(id), options.tasks[id]!]));
  const handlers: Record<string, TaskFn> = {};
  for (const [stateName, arn] of Object.entries(byName)) {
    const fn = arnToTask.get(arn);
    handlers[stateName] = fn ?? (() => Promise.reject(Object.assign(new Error(`No local task for ${arn}`), { name: 'Lambda.ResourceNotFoundException' })));
  }
  const retryIntervalOverrides =
    options.retryIntervalMs === undefined ? undefined : Object.fromEntries(Object.keys(byName).concat(mapStateNames(definition)).map((name) => [name, options.retryIntervalMs!]));
  const executions = new Map<string, Running>();

  return {
    executions,
    async start({ name, input }) {
      const executionId = `arn:aws:states:us-east-1:000000000000:execution:local-processing:${name || randomUUID()}`;
      // Per execution, as AWS counts them: each task's input and output ≤ 256 KB, ≤ 25,000 history
      // events. Past either the execution fails (a terminal error no Retry or Catch handles).
      let events = 2; // ExecutionStarted, and the ExecutionSucceeded/Failed to come
      let limitError: { name: string; message: string } | undefined;
      const exceed = (error: { name: string; message: string }) => {
        limitError ??= error;
        execution.abort();
        return Object.assign(new Error(error.message), { name: error.name });
      };
      const limited: Record<string, TaskFn> = {};
      for (const [stateName, fn] of Object.entries(handlers)) {
        limited[stateName] = async (taskInput) => {
          events += EVENTS_PER_TASK;
          if (events > HISTORY_LIMIT_EVENTS) throw exceed({ name: 'States.Runtime', message: `The execution history exceeded ${HISTORY_LIMIT_EVENTS} events (${stateName})` });
          if (payloadBytes(taskInput) > PAYLOAD_LIMIT_BYTES) throw exceed({ name: 'States.DataLimitExceeded', message: `The input of ${stateName} exceeds ${PAYLOAD_LIMIT_BYTES} bytes` });
          const output = await fn(taskInput);
          if (payloadBytes(output) > PAYLOAD_LIMIT_BYTES) throw exceed({ name: 'States.DataLimitExceeded', message: `The output of ${stateName} exceeds ${PAYLOAD_LIMIT_BYTES} bytes` });
          return output;
        };
      }
      const execution = machine.run(input as JsonValue, {
        overrides: { taskResourceLocalHandlers: limited, ...(retryIntervalOverrides ? { retryIntervalOverrides } : {}) },
        noThrowOnAbort: true,
        context: { Execution: { Id: executionId, Name: name, Input: input, StartTime: new Date().toISOString() } } as never,
      });
      let aborted = false;
      const done = execution.result.then(
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
