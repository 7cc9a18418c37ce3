import { readFileSync } from 'node:fs';
import { Duration, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { Rule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { IKey } from 'aws-cdk-lib/aws-kms';
import { LogGroup, type RetentionDays } from 'aws-cdk-lib/aws-logs';
import { DefinitionBody, LogLevel, StateMachine, StateMachineType } from 'aws-cdk-lib/aws-stepfunctions';
import type { Construct } from 'constructs';
import { tasks, type TaskDef } from '../../functions/routes';
import { AppFunction, taskFunction } from '../constructs/app-function';
import { DeadLetterQueue } from '../constructs/dead-letter-queue';
import { PROCESSING_ASL } from '../constructs/paths';
import { applyPermissions, type GoogleClient } from './grants';
import { permissionsFor } from './permissions';

/** Releases the agency's job lock when an execution ends abnormally. */
export const RELEASE_LOCK_TASK_ID = 'JobReleaseLock';

/** The state machine's tasks; the scheduler's and the async ones live in their own stacks. */
export const processingTasks = (): TaskDef[] => tasks.filter((task) => task.kind === 'state-machine');

/** `${JobFetchFunctionArn}` → `JobFetchFunctionArn`: what the ASL expects us to substitute. */
export const aslSubstitutionNames = (asl: string): string[] =>
  [...new Set([...asl.matchAll(/\$\{(\w+)\}/g)].map((match) => match[1]!))].sort();

export type ProcessingStackProps = StackProps & {
  table: ITableV2;
  secretsKey: IKey;
  googleClient: GoogleClient;
  logRetention: RetentionDays;
};

/**
 * The processing job: one Standard state machine loaded from the shared ASL file (the local
 * runtime runs the same file), its task functions, and the rule that releases the job lock when
 * an execution is aborted, fails or times out (Finalize never runs in those cases).
 */
export class ProcessingStack extends Stack {
  readonly stateMachine: StateMachine;
  readonly taskFunctions: AppFunction[];

  constructor(scope: Construct, id: string, props: ProcessingStackProps) {
    super(scope, id, props);

    this.taskFunctions = processingTasks().map((task) =>
      taskFunction(this, task, { table: props.table, logRetention: props.logRetention, description: `Threadline processing task ${task.id}` }),
    );

    const definitionSubstitutions = Object.fromEntries(
      this.taskFunctions.map((task) => [`${task.functionId}FunctionArn`, task.fn.functionArn]),
    );
    assertAslIsFullySubstituted(definitionSubstitutions);

    const logGroup = new LogGroup(this, 'StateMachineLogs', {
      // The /aws/vendedlogs/ prefix keeps Step Functions from adding to the account's
      // size-limited CloudWatch Logs resource policy.
      logGroupName: `/aws/vendedlogs/states/${this.stackName}-ProcessingJob`,
      retention: props.logRetention,
      removalPolicy: RemovalPolicy.DESTROY,
    });

    this.stateMachine = new StateMachine(this, 'ProcessingJob', {
      stateMachineType: StateMachineType.STANDARD,
      definitionBody: DefinitionBody.fromFile(PROCESSING_ASL),
      definitionSubstitutions,
      tracingEnabled: true,
      logs: {
        destination: logGroup,
        level: LogLevel.ALL,
        // Every transition is logged, but not its data: task inputs and outputs carry e-mail
        // subjects and summaries, which do not belong in logs. The execution history keeps them.
        includeExecutionData: false,
      },
    });
    // The ASL names unqualified function ARNs; exactly those, no `:*` version wildcard.
    this.stateMachine.addToRolePolicy(
      new PolicyStatement({
        actions: ['lambda:InvokeFunction'],
        resources: this.taskFunctions.map((task) => task.fn.functionArn),
      }),
    );

    for (const task of this.taskFunctions) {
      applyPermissions(task, permissionsFor(task.functionId), {
        table: props.table,
        secretsKey: props.secretsKey,
        googleClient: props.googleClient,
        stateMachine: this.stateMachine,
      });
    }

    this.releaseLockOnAbnormalEnd();
  }

  private releaseLockOnAbnormalEnd(): void {
    const releaseLock = this.taskFunctions.find((task) => task.functionId === RELEASE_LOCK_TASK_ID);
    if (!releaseLock) throw new Error(`The manifest has no ${RELEASE_LOCK_TASK_ID} task`);
    new Rule(this, 'ReleaseLockOnAbnormalEnd', {
      description: 'Releases the agency job lock when a processing execution is aborted, fails or times out',
      eventPattern: {
        source: ['aws.states'],
        detailType: ['Step Functions Execution Status Change'],
        detail: {
          status: ['ABORTED', 'FAILED', 'TIMED_OUT'],
          stateMachineArn: [this.stateMachine.stateMachineArn],
        },
      },
      targets: [
        new LambdaFunction(releaseLock.fn, {
          // A lost release would keep the agency locked out of processing, so retry for long.
          retryAttempts: 8,
          maxEventAge: Duration.hours(6),
          deadLetterQueue: new DeadLetterQueue(this, 'ReleaseLockDeadLetters', 'undelivered lock-release events'),
        }),
      ],
    });
  }
}

const assertAslIsFullySubstituted = (substitutions: Record<string, string>): void => {
  const missing = aslSubstitutionNames(readFileSync(PROCESSING_ASL, 'utf8')).filter((name) => !(name in substitutions));
  if (missing.length) {
    throw new Error(`processing.asl.json needs ${missing.join(', ')}, which no task in functions/routes.ts provides`);
  }
};
