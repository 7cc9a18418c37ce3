import { readFileSync } from 'node:fs';
import { Match, type Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { tasks } from '../../functions/routes';
import { TABLE_INDEXES, TABLE_KEYS, TTL_ATTRIBUTE } from '../../functions/lib/store/table-definition';
import { PROCESSING_ASL } from '../../infra/constructs/paths';
import { aslSubstitutionNames, processingTasks } from '../../infra/stacks/processing-stack';
import { aslTaskStates, type AslState } from '../../infra/local/step-functions';
import { synthesizeThreadline, type Synthesized } from './synthesize';

// Template JSON, read by known paths; a precise type per resource would only restate CloudFormation.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Resources = Record<string, { Properties: Record<string, any> }>;

/** The logical id of the function whose FUNCTION_ID is `functionId`. */
const functionLogicalId = (template: Template, functionId: string): string => {
  const found = Object.entries(template.findResources('AWS::Lambda::Function') as Resources).find(
    ([, fn]) => fn.Properties.Environment?.Variables?.FUNCTION_ID === functionId,
  );
  if (!found) throw new Error(`no function ${functionId}`);
  return found[0];
};

describe('data, processing and monitor stacks', () => {
  let synth: Synthesized;
  let data: Template;
  let processing: Template;
  let monitor: Template;

  beforeAll(() => {
    synth = synthesizeThreadline();
    data = synth.template(synth.stacks.data);
    processing = synth.template(synth.stacks.processing);
    monitor = synth.template(synth.stacks.monitor);
  });

  describe('single table', () => {
    it('has pk/sk and the four GSIs named as in table-definition.ts (byUser, byCampaign, byDueCheck, byTalent)', () => {
      expect(Object.values(TABLE_INDEXES).map((index) => index.name)).toEqual(['byUser', 'byCampaign', 'byDueCheck', 'byTalent']);
      data.hasResourceProperties('AWS::DynamoDB::GlobalTable', {
        KeySchema: [
          { AttributeName: TABLE_KEYS.pk, KeyType: 'HASH' },
          { AttributeName: TABLE_KEYS.sk, KeyType: 'RANGE' },
        ],
        GlobalSecondaryIndexes: Object.values(TABLE_INDEXES).map((index) =>
          Match.objectLike({
            IndexName: index.name,
            KeySchema: [
              { AttributeName: index.pk, KeyType: 'HASH' },
              { AttributeName: index.sk, KeyType: 'RANGE' },
            ],
          }),
        ),
        BillingMode: 'PAY_PER_REQUEST',
      });
    });

    it('expires items by the TTL attribute, keeps point-in-time recovery and cannot be deleted by accident', () => {
      data.hasResourceProperties('AWS::DynamoDB::GlobalTable', {
        TimeToLiveSpecification: { AttributeName: TTL_ATTRIBUTE, Enabled: true },
        Replicas: [
          Match.objectLike({
            PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
            DeletionProtectionEnabled: true,
          }),
        ],
      });
      data.hasResource('AWS::DynamoDB::GlobalTable', { DeletionPolicy: 'Retain', UpdateReplacePolicy: 'Retain' });
    });

    it('is encrypted with a customer-managed key, and a second rotating key wraps secrets', () => {
      const keys = data.findResources('AWS::KMS::Key') as Resources;
      expect(Object.keys(keys).sort()).toEqual([expect.stringMatching(/^SecretsKey/), expect.stringMatching(/^TableKey/)]);
      for (const key of Object.values(keys)) expect(key.Properties.EnableKeyRotation).toBe(true);
      const tableKeyId = Object.keys(keys).find((id) => id.startsWith('TableKey'))!;
      data.hasResourceProperties('AWS::DynamoDB::GlobalTable', {
        SSESpecification: { SSEEnabled: true, SSEType: 'KMS' },
        Replicas: [Match.objectLike({ SSESpecification: { KMSMasterKeyId: { 'Fn::GetAtt': [tableKeyId, 'Arn'] } } })],
      });
    });
  });

  describe('processing state machine', () => {
    it('is a Standard machine with logging level ALL and X-Ray tracing', () => {
      processing.hasResourceProperties('AWS::StepFunctions::StateMachine', {
        StateMachineType: 'STANDARD',
        LoggingConfiguration: Match.objectLike({ Level: 'ALL' }),
        TracingConfiguration: { Enabled: true },
      });
    });

    it('substitutes every ${…FunctionArn} of the ASL file with its task function, and may invoke exactly those', () => {
      const expected = aslSubstitutionNames(readFileSync(PROCESSING_ASL, 'utf8'));
      expect(expected.length).toBeGreaterThan(0);
      const [machine] = Object.values(processing.findResources('AWS::StepFunctions::StateMachine') as Resources);
      const substitutions = machine!.Properties.DefinitionSubstitutions as Record<string, unknown>;
      for (const name of expected) {
        const taskId = name.replace(/FunctionArn$/, '');
        expect(substitutions[name], name).toEqual({ 'Fn::GetAtt': [functionLogicalId(processing, taskId), 'Arn'] });
      }
      const invokeStatements = Object.values(processing.findResources('AWS::IAM::Policy') as Resources)
        .flatMap((policy) => policy.Properties.PolicyDocument.Statement as { Action: unknown; Resource: unknown }[])
        .filter((statement) => statement.Action === 'lambda:InvokeFunction');
      expect(invokeStatements).toHaveLength(1);
      const expectedTargets = processingTasks().map((task) => ({ 'Fn::GetAtt': [functionLogicalId(processing, task.id), 'Arn'] }));
      expect(invokeStatements[0]!.Resource).toEqual(expect.arrayContaining(expectedTargets));
      expect(invokeStatements[0]!.Resource).toHaveLength(expectedTargets.length);
    });

    it('gives every Task state of the ASL an explicit TimeoutSeconds equal to its deployed function\'s timeout', () => {
      // Without one, Step Functions (and the local runner) allow a task the States Language's 60 s
      // default, while a processing lane works for minutes: every lane would time out.
      const asl = JSON.parse(readFileSync(PROCESSING_ASL, 'utf8')) as { States: Record<string, AslState> };
      const taskStates = aslTaskStates(asl.States);
      expect(taskStates.map((state) => state.name).sort()).toEqual(['Fetch', 'Finalize', 'FinalizeFailed', 'FinalizeSheetsFailed', 'Initialize', 'ProcessBatch', 'SyncSheets']);
      const functions = processing.findResources('AWS::Lambda::Function') as Resources;
      for (const state of taskStates) {
        const taskId = /^\$\{(\w+)FunctionArn\}$/.exec(state.resource)?.[1];
        expect(taskId, state.name).toBeDefined();
        const deployedTimeout = functions[functionLogicalId(processing, taskId!)]!.Properties.Timeout as number;
        expect(state.timeoutSeconds, state.name).toBe(deployedTimeout);
        expect(state.timeoutSeconds, state.name).toBe(tasks.find((task) => task.id === taskId)!.timeoutSeconds);
      }
    });

    it('releases the job lock on ABORTED, FAILED and TIMED_OUT executions, with retries and a dead-letter queue', () => {
      const [machineId] = Object.keys(processing.findResources('AWS::StepFunctions::StateMachine'));
      processing.hasResourceProperties('AWS::Events::Rule', {
        EventPattern: {
          source: ['aws.states'],
          'detail-type': ['Step Functions Execution Status Change'],
          detail: { status: ['ABORTED', 'FAILED', 'TIMED_OUT'], stateMachineArn: [{ Ref: machineId }] },
        },
        Targets: [
          Match.objectLike({
            Arn: { 'Fn::GetAtt': [functionLogicalId(processing, 'JobReleaseLock'), 'Arn'] },
            RetryPolicy: Match.objectLike({ MaximumRetryAttempts: Match.anyValue() }),
            DeadLetterConfig: { Arn: { 'Fn::GetAtt': [Match.stringLikeRegexp('^ReleaseLockDeadLetters'), 'Arn'] } },
          }),
        ],
      });
    });
  });

  describe('async tasks', () => {
    it('retries failed asynchronous invocations twice, then keeps them in an encrypted queue', () => {
      const asyncTasks = synth.template(synth.stacks.asyncTasks);
      const asyncTaskCount = tasks.filter((task) => task.kind === 'async').length;
      expect(asyncTaskCount).toBe(5); // campaign provisioning, campaign deletion, longlist import, Gmail push check, a monitor tick's share
      expect(Object.keys(asyncTasks.findResources('AWS::Lambda::Function'))).toHaveLength(asyncTaskCount);
      asyncTasks.resourceCountIs('AWS::Lambda::EventInvokeConfig', asyncTaskCount);
      asyncTasks.hasResourceProperties('AWS::Lambda::EventInvokeConfig', {
        MaximumRetryAttempts: 2,
        DestinationConfig: { OnFailure: { Destination: { 'Fn::GetAtt': [Match.stringLikeRegexp('^FailedInvocations'), 'Arn'] } } },
      });
      asyncTasks.hasResourceProperties('AWS::SQS::Queue', { SqsManagedSseEnabled: true });
    });
  });

  describe('monitor schedule', () => {
    it('invokes MonitorTick every 2 minutes, retrying, then parking failures in a dead-letter queue', () => {
      monitor.hasResourceProperties('AWS::Scheduler::Schedule', {
        ScheduleExpression: 'rate(2 minutes)',
        State: 'ENABLED',
        Target: Match.objectLike({
          Arn: { 'Fn::GetAtt': [functionLogicalId(monitor, 'MonitorTick'), 'Arn'] },
          RetryPolicy: { MaximumRetryAttempts: 2, MaximumEventAgeInSeconds: 60 },
          DeadLetterConfig: { Arn: { 'Fn::GetAtt': [Match.stringLikeRegexp('^MonitorDeadLetters'), 'Arn'] } },
        }),
      });
    });

    it('Gmail push: renews the watches daily and sends every processing execution\'s end to PushCheck', () => {
      monitor.hasResourceProperties('AWS::Scheduler::Schedule', {
        ScheduleExpression: 'rate(1 day)',
        Target: Match.objectLike({ Arn: { 'Fn::GetAtt': [functionLogicalId(monitor, 'PushWatchRenew'), 'Arn'] } }),
      });
      monitor.hasResourceProperties('AWS::Events::Rule', {
        EventPattern: Match.objectLike({
          source: ['aws.states'],
          'detail-type': ['Step Functions Execution Status Change'],
          detail: Match.objectLike({ status: ['SUCCEEDED', 'ABORTED', 'FAILED', 'TIMED_OUT'] }),
        }),
        Targets: Match.arrayWith([Match.objectLike({ RetryPolicy: { MaximumRetryAttempts: 4, MaximumEventAgeInSeconds: 1800 } })]),
      });
    });

    it('encrypts its dead-letter queue and refuses non-TLS access to it', () => {
      monitor.hasResourceProperties('AWS::SQS::Queue', { SqsManagedSseEnabled: true });
      monitor.hasResourceProperties('AWS::SQS::QueuePolicy', {
        PolicyDocument: {
          Statement: Match.arrayWith([
            Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
          ]),
        },
      });
    });
  });
});
