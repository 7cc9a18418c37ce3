import { Duration, Stack, type StackProps } from 'aws-cdk-lib';
import { Rule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import type { IKey } from 'aws-cdk-lib/aws-kms';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import type { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Schedule, ScheduleExpression } from 'aws-cdk-lib/aws-scheduler';
import { LambdaInvoke } from 'aws-cdk-lib/aws-scheduler-targets';
import type { IStateMachine } from 'aws-cdk-lib/aws-stepfunctions';
import type { Construct } from 'constructs';
import { tasks } from '../../functions/routes';
import { AppFunction, taskFunction } from '../constructs/app-function';
import { DeadLetterQueue } from '../constructs/dead-letter-queue';
import { applyPermissions, type GoogleClient } from './grants';
import { permissionsFor } from './permissions';

export const MONITOR_RATE = Duration.minutes(2);
/** Gmail watches end after 7 days; Google recommends renewing daily. */
export const WATCH_RENEW_RATE = Duration.days(1);
export const MONITOR_TASK_ID = 'MonitorTick';
export const WATCH_RENEW_TASK_ID = 'PushWatchRenew';
export const PUSH_CHECK_TASK_ID = 'PushCheck';

export type MonitorStackProps = StackProps & {
  table: ITableV2;
  secretsKey: IKey;
  googleClient: GoogleClient;
  stateMachine: IStateMachine;
  /** async task functions the tick dispatches (it resumes longlist imports whose worker died), and PushCheck */
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
  readonly watchRenewal: AppFunction;

  constructor(scope: Construct, id: string, props: MonitorStackProps) {
    super(scope, id, props);

    const scheduled = tasks.filter((candidate) => candidate.kind === 'schedule');
    const known = [MONITOR_TASK_ID, WATCH_RENEW_TASK_ID];
    const unknown = scheduled.filter((candidate) => !known.includes(candidate.id));
    if (unknown.length || scheduled.length !== known.length) throw new Error(`The manifest's 'schedule' tasks must be exactly ${known.join(' and ')}`);
    const scheduledFunction = (id: string, description: string) => {
      const task = scheduled.find((candidate) => candidate.id === id)!;
      const fn = taskFunction(this, task, { table: props.table, logRetention: props.logRetention, description });
      applyPermissions(fn, permissionsFor(task.id), {
        table: props.table,
        secretsKey: props.secretsKey,
        googleClient: props.googleClient,
        stateMachine: props.stateMachine,
        asyncTasks: props.asyncTasks,
      });
      return fn;
    };
    this.tick = scheduledFunction(MONITOR_TASK_ID, 'Threadline monitor tick (every 2 minutes)');
    this.watchRenewal = scheduledFunction(WATCH_RENEW_TASK_ID, 'Threadline Gmail push: users.watch renewal (daily)');

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

    new Schedule(this, 'WatchRenewSchedule', {
      description: 'Threadline Gmail push: renew users.watch before its 7-day expiry',
      schedule: ScheduleExpression.rate(WATCH_RENEW_RATE),
      target: new LambdaInvoke(this.watchRenewal.fn, {
        retryAttempts: 3,
        maxEventAge: Duration.hours(2),
        deadLetterQueue: new DeadLetterQueue(this, 'WatchRenewDeadLetters', 'watch renewals the scheduler could not deliver'),
      }),
    });

    // Gmail push: a notification that came while a job held the agency is checked when the job
    // ends, whatever its outcome (the PushCheck function reads the execution's input).
    const pushCheck = props.asyncTasks.get(PUSH_CHECK_TASK_ID);
    if (!pushCheck) throw new Error(`The manifest has no async task ${PUSH_CHECK_TASK_ID}`);
    new Rule(this, 'PushCheckOnExecutionEnd', {
      description: 'Checks the mailboxes notified during a processing job once it ends',
      eventPattern: {
        source: ['aws.states'],
        detailType: ['Step Functions Execution Status Change'],
        detail: { status: ['SUCCEEDED', 'ABORTED', 'FAILED', 'TIMED_OUT'], stateMachineArn: [props.stateMachine.stateMachineArn] },
      },
      targets: [
        new LambdaFunction(pushCheck, {
          retryAttempts: 4,
          maxEventAge: Duration.minutes(30),
          deadLetterQueue: new DeadLetterQueue(this, 'PushCheckDeadLetters', 'undelivered job-end events for push checks'),
        }),
      ],
    });
  }
}
