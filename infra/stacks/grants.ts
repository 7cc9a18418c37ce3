import { ArnFormat, Stack } from 'aws-cdk-lib';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { Policy, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { IKey } from 'aws-cdk-lib/aws-kms';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import type { IStateMachine } from 'aws-cdk-lib/aws-stepfunctions';
import { asyncFunctionEnv } from '../../functions/lib/async/dispatch';
import type { AsyncTaskId } from '../../functions/lib/platform/ports';
import { SECRET_ID_ENV } from '../../functions/lib/platform/secrets';
import type { AppFunction } from '../constructs/app-function';
import type { Capability, FunctionPermissions } from './permissions';

/** The SES identity invitations are sent from (a verified domain or address). */
export type InviteSender = { fromAddress: string; identity: string };

/**
 * The Google OAuth client. Its secret is in neither the template nor any function's environment:
 * the functions granted it read it from Secrets Manager at run time (functions/lib/platform/secrets.ts),
 * by the name given here.
 */
export type GoogleClient = { clientId: string; clientSecretName: string; issuer: string };

export type GrantTargets = {
  table: ITableV2;
  secretsKey: IKey;
  googleClient: GoogleClient;
  stateMachine?: IStateMachine;
  inviteSender?: InviteSender;
  /** Async task functions by manifest id, for routes that dispatch them. */
  asyncTasks?: ReadonlyMap<string, IFunction>;
};

/** Turns one row of permissions.ts into IAM statements and the environment that goes with them. */
export const applyPermissions = (target: AppFunction, permissions: FunctionPermissions, targets: GrantTargets): void => {
  const { fn } = target;
  if (permissions.table === 'read') targets.table.grantReadData(fn);
  else targets.table.grantReadWriteData(fn);

  for (const capability of permissions.capabilities) grantCapability(target, capability, targets);

  for (const taskId of permissions.dispatches) {
    const task = required(targets.asyncTasks?.get(taskId), `dispatch of ${taskId}`, target);
    // Exactly the unqualified function: grantInvoke would add its versions (ARN:*) too.
    fn.addToRolePolicy(new PolicyStatement({ actions: ['lambda:InvokeFunction'], resources: [task.functionArn] }));
    fn.addEnvironment(asyncFunctionEnv(taskId as AsyncTaskId), task.functionName);
  }
};

const grantCapability = (target: AppFunction, capability: Capability, targets: GrantTargets): void => {
  const { fn } = target;
  switch (capability) {
    case 'secrets':
      // Exactly the three calls envelope encryption needs; no ReEncrypt*, no GenerateDataKey*.
      fn.addToRolePolicy(
        new PolicyStatement({
          actions: ['kms:Encrypt', 'kms:Decrypt', 'kms:GenerateDataKey'],
          resources: [targets.secretsKey.keyArn],
        }),
      );
      fn.addEnvironment('KMS_KEY_ID', targets.secretsKey.keyArn);
      return;
    case 'google': {
      const { clientId, issuer } = targets.googleClient;
      fn.addEnvironment('GOOGLE_CLIENT_ID', clientId);
      fn.addEnvironment('GOOGLE_OAUTH_ISSUER', issuer);
      return;
    }
    case 'googleClientSecret': {
      const { clientSecretName } = targets.googleClient;
      // Exactly GetSecretValue on that one secret: its ARN is the name and six random characters.
      fn.addToRolePolicy(
        new PolicyStatement({
          actions: ['secretsmanager:GetSecretValue'],
          resources: [
            Stack.of(fn).formatArn({ service: 'secretsmanager', resource: 'secret', resourceName: `${clientSecretName}-??????`, arnFormat: ArnFormat.COLON_RESOURCE_NAME }),
          ],
        }),
      );
      fn.addEnvironment(SECRET_ID_ENV.googleClientSecret, clientSecretName);
      return;
    }
    case 'startExecution': {
      const stateMachine = required(targets.stateMachine, capability, target);
      stateMachine.grantStartExecution(fn);
      fn.addEnvironment('STATE_MACHINE_ARN', stateMachine.stateMachineArn);
      return;
    }
    case 'stopExecution': {
      const stateMachine = required(targets.stateMachine, capability, target);
      stateMachine.grantExecution(fn, 'states:StopExecution');
      fn.addEnvironment('STATE_MACHINE_ARN', stateMachine.stateMachineArn);
      return;
    }
    case 'describeExecution': {
      // The execution ARN is read from the job item: no environment needed.
      const stateMachine = required(targets.stateMachine, capability, target);
      stateMachine.grantExecution(fn, 'states:DescribeExecution');
      return;
    }
    case 'sendEmail': {
      const sender = required(targets.inviteSender, capability, target);
      fn.addToRolePolicy(
        new PolicyStatement({
          actions: ['ses:SendEmail'],
          resources: [Stack.of(fn).formatArn({ service: 'ses', resource: 'identity', resourceName: sender.identity })],
        }),
      );
      fn.addEnvironment('MAIL_FROM', sender.fromAddress);
      return;
    }
    case 'invokeSelf':
      // A separate policy, not the role's default one: the function depends on its role's default
      // policy, so naming the function's own ARN there would be a circular dependency.
      new Policy(target, 'InvokeSelf', {
        roles: [target.role],
        statements: [new PolicyStatement({ actions: ['lambda:InvokeFunction'], resources: [fn.functionArn] })],
      });
      return;
  }
};

const required = <T>(value: T | undefined, need: string, target: AppFunction): T => {
  if (value === undefined) throw new Error(`${target.functionId} needs ${need}, but its stack was given no target for it`);
  return value;
};
