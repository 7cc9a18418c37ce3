import { Duration, Stack, type StackProps } from 'aws-cdk-lib';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import type { IKey } from 'aws-cdk-lib/aws-kms';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import type { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Schedule, ScheduleExpression } from 'aws-cdk-lib/aws-scheduler';
import { LambdaInvoke } from 'aws-cdk-lib/aws-scheduler-targets';
import type { IStateMachine } from 'aws-cdk-lib/aws-stepfunctions';
import type { Construct } from 'constructs';
import { tasks } from '../../functions/routes';
import { AppFunction } from '../constructs/app-function';
import { DeadLetterQueue } from '../constructs/dead-letter-queue';
import { applyPermissions, type GoogleClient } from './grants';
import { permissionsFor } from './permissions';

export const MONITOR_RATE = Duration.minutes(2);

export type MonitorStackProps = StackProps & {
  table: ITableV2;
  secretsKey: IKey;
  googleClient: GoogleClient;
  stateMachine: IStateMachine;
  /** async task functions the tick dispatches (it resumes longlist imports whose worker died) */
  asyncTasks: ReadonlyMap<string, IFunction>;
  logRetention: RetentionDays;
};

/**
 * The 2-minute monitor: EventBridge Scheduler invokes one tick function, which checks due
 * agencies cheaply (Gmail history.list) and starts a processing execution only when something
 * is new.
 */
export class MonitorStack extends Stack {
  readonly tick: AppFunction;

  constructor(scope: Construct, id: string, props: MonitorStackProps) {
    super(scope, id, props);

    const scheduled = tasks.filter((candidate) => candidate.kind === 'schedule');
    const [task] = scheduled;
    if (!task || scheduled.length > 1) throw new Error(`The manifest must have exactly one task of kind 'schedule' (the monitor tick)`);

    this.tick = new AppFunction(this, task.id, {
      functionId: task.id,
      handler: task.handler,
      timeoutSeconds: task.timeoutSeconds,
      memoryMb: task.memoryMb,
      table: props.table,
      logRetention: props.logRetention,
      description: 'Threadline monitor tick (every 2 minutes)',
    });
    applyPermissions(this.tick, permissionsFor(task.id), {
      table: props.table,
      secretsKey: props.secretsKey,
      googleClient: props.googleClient,
      stateMachine: props.stateMachine,
      asyncTasks: props.asyncTasks,
    });

    new Schedule(this, 'MonitorSchedule', {
      description: 'Threadline monitor tick',
      schedule: ScheduleExpression.rate(MONITOR_RATE),
      target: new LambdaInvoke(this.tick.fn, {
        // The next tick comes two minutes later anyway: retry briefly, then park the event.
        retryAttempts: 2,
        maxEventAge: Duration.minutes(1),
        deadLetterQueue: new DeadLetterQueue(this, 'MonitorDeadLetters', 'monitor ticks the scheduler could not deliver'),
      }),
    });
  }
}
