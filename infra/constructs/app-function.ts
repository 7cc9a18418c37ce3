import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Architecture, LoggingFormat, Runtime, RuntimeManagementMode, Tracing } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { nodejsBundlingOptions, RUNTIME_NODE_OPTIONS } from './bundling';
import type { TaskDef } from '../../functions/routes';
import { handlerEntry, PACKAGE_LOCK, PROJECT_ROOT } from './paths';

/** The newest Node.js runtime aws-cdk-lib knows; bundling.ts targets the same version. */
export const APP_RUNTIME = Runtime.NODEJS_24_X;
export const SERVICE_NAME = 'threadline';

export const DEFAULT_MEMORY_MB = 512;
/** HTTP API integrations give up after 30 s; manifest entries that need longer say so. */
const DEFAULT_TIMEOUT_SECONDS = 15;

export type AppFunctionProps = {
  /** Manifest id (route or task); becomes FUNCTION_ID so logs and tests can tell functions apart. */
  functionId: string;
  /** Manifest handler: module path under functions/, without extension. */
  handler: string;
  timeoutSeconds?: number;
  memoryMb?: number;
  table: ITableV2;
  logRetention: RetentionDays;
  description?: string;
  environment?: Record<string, string>;
  /** false for routes every open tab polls: their traces would cost more than they tell */
  traced?: boolean;
};

/**
 * One Lambda with the project's defaults. It owns its role (no AWS managed policy: the only
 * log permission is writing to its own log group) and its log group (explicit retention,
 * instead of Lambda creating a never-expiring one on first invocation). Callers add grants.
 */
export class AppFunction extends Construct {
  readonly fn: NodejsFunction;
  readonly role: Role;
  readonly logGroup: LogGroup;
  readonly functionId: string;

  constructor(scope: Construct, id: string, props: AppFunctionProps) {
    super(scope, id);
    this.functionId = props.functionId;

    this.role = new Role(this, 'Role', {
      assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
      description: `Threadline ${props.functionId} function`,
    });
    this.logGroup = new LogGroup(this, 'Logs', {
      retention: props.logRetention,
      // Logs are operational, not records: removing the stack should not leave orphans behind.
      removalPolicy: RemovalPolicy.DESTROY,
    });
    this.logGroup.grantWrite(this.role);

    this.fn = new NodejsFunction(this, 'Function', {
      entry: handlerEntry(props.handler),
      handler: 'handler',
      projectRoot: PROJECT_ROOT,
      depsLockFilePath: PACKAGE_LOCK,
      runtime: APP_RUNTIME,
      // The AWS SDK clients come from the runtime (bundling.ts, LAMBDA_RUNTIME_PACKAGES): its
      // version, and so theirs, changes when the function is deployed, never between deploys.
      runtimeManagementMode: RuntimeManagementMode.FUNCTION_UPDATE,
      architecture: Architecture.ARM_64,
      memorySize: props.memoryMb ?? DEFAULT_MEMORY_MB,
      timeout: Duration.seconds(props.timeoutSeconds ?? DEFAULT_TIMEOUT_SECONDS),
      role: this.role,
      logGroup: this.logGroup,
      loggingFormat: LoggingFormat.JSON,
      tracing: props.traced === false ? Tracing.DISABLED : Tracing.ACTIVE,
      bundling: nodejsBundlingOptions,
      description: props.description ?? `Threadline ${props.functionId}`,
      environment: {
        TABLE_NAME: props.table.tableName,
        POWERTOOLS_SERVICE_NAME: SERVICE_NAME,
        FUNCTION_ID: props.functionId,
        LOG_LEVEL: 'INFO',
        ...(RUNTIME_NODE_OPTIONS ? { NODE_OPTIONS: RUNTIME_NODE_OPTIONS } : {}),
        ...props.environment,
      },
    });
  }
}

/** A manifest task's function: its id, handler, timeout and memory from the manifest. */
export const taskFunction = (
  scope: Construct,
  task: TaskDef,
  props: Pick<AppFunctionProps, 'table' | 'logRetention' | 'description' | 'environment'>,
): AppFunction =>
  new AppFunction(scope, task.id, { functionId: task.id, handler: task.handler, timeoutSeconds: task.timeoutSeconds, memoryMb: task.memoryMb, ...props });
