import { randomUUID } from 'node:crypto';
import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { platform } from '../platform/platform';
import type { AsyncDispatcher, AsyncTaskId } from '../platform/ports';

// The port's types, under the names infra/local's dispatcher imports them by.
export type { AsyncDispatcher, AsyncTaskId };

/** Environment name of the function that runs a task, set by CDK: CampaignProvision → CAMPAIGN_PROVISION_FUNCTION. */
export const asyncFunctionEnv = (taskId: AsyncTaskId): string => `${taskId.replace(/([a-z])([A-Z])/g, '$1_$2').toUpperCase()}_FUNCTION`;

let lambda: LambdaClient | undefined;

/**
 * Work a request starts but does not wait for (campaign Drive provisioning and deletion, long
 * longlist imports, the monitor's shares). On AWS it is an asynchronous Lambda invoke, which Lambda
 * retries twice on failure; the local runtime installs a dispatcher that runs the same task
 * in-process with the same retries.
 */
export const dispatchAsync: AsyncDispatcher = async (taskId, work) => {
  // One id per dispatch, repeated by Lambda's retries: the task's idempotency key (tasks/idempotent.ts).
  const payload = { ...work, dispatchId: randomUUID() };
  const installed = platform().asyncDispatcher;
  if (installed) return installed(taskId, payload);
  // A task dispatching itself (CampaignProvision restoring a Drive) invokes its own function
  // (grant 'invokeSelf'): CDK cannot give a function its own name as an environment variable.
  const functionName = process.env[asyncFunctionEnv(taskId)] ?? (process.env.FUNCTION_ID === taskId ? process.env.AWS_LAMBDA_FUNCTION_NAME : undefined);
  if (!functionName) throw new Error(`${asyncFunctionEnv(taskId)} is not set`);
  lambda ??= new LambdaClient({});
  await lambda.send(new InvokeCommand({ FunctionName: functionName, InvocationType: 'Event', Payload: Buffer.from(JSON.stringify(payload)) }));
};
