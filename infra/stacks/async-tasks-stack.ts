import { Duration, Stack, type StackProps } from 'aws-cdk-lib';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import type { IKey } from 'aws-cdk-lib/aws-kms';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { SqsDestination } from 'aws-cdk-lib/aws-lambda-destinations';
import type { RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { IStateMachine } from 'aws-cdk-lib/aws-stepfunctions';
import type { Construct } from 'constructs';
import { tasks } from '../../functions/routes';
import { taskFunction } from '../constructs/app-function';
import { DeadLetterQueue } from '../constructs/dead-letter-queue';
import { applyPermissions, type GoogleClient } from './grants';
import { permissionsFor } from './permissions';

export type AsyncTasksStackProps = StackProps & {
  table: ITableV2;
  secretsKey: IKey;
  googleClient: GoogleClient;
  logRetention: RetentionDays;
  /** PushCheck starts processing executions (the monitor's check of one mailbox) */
  stateMachine?: IStateMachine;
};

/**
 * Work a request starts without waiting for it (manifest kind 'async': campaign Drive
 * provisioning and deletion), invoked by routes with InvocationType Event. Apart from the route
 * stacks so that any of them can dispatch a task without depending on another domain's stack.
 */
export class AsyncTasksStack extends Stack {
  readonly functions: ReadonlyMap<string, IFunction>;

  constructor(scope: Construct, id: string, props: AsyncTasksStackProps) {
    super(scope, id, props);

    // Lambda retries a failed asynchronous invoke twice; what still fails is kept for a replay.
    const failed = new DeadLetterQueue(this, 'FailedInvocations', 'async task invocations that failed after their retries');
    const functions = new Map<string, IFunction>();
    for (const task of tasks.filter((candidate) => candidate.kind === 'async')) {
      const fn = taskFunction(this, task, { table: props.table, logRetention: props.logRetention, description: `Threadline async task ${task.id}` });
      applyPermissions(fn, permissionsFor(task.id), { table: props.table, secretsKey: props.secretsKey, googleClient: props.googleClient, ...(props.stateMachine ? { stateMachine: props.stateMachine } : {}) });
      fn.fn.configureAsyncInvoke({ retryAttempts: 2, maxEventAge: Duration.hours(6), onFailure: new SqsDestination(failed) });
      functions.set(task.id, fn.fn);
    }
    this.functions = functions;
  }
}
