import { DescribeExecutionCommand, SFNClient, StartExecutionCommand, StopExecutionCommand } from '@aws-sdk/client-sfn';
import { platform } from '../platform/platform';

/**
 * Starts and stops processing executions. On AWS it is Step Functions; the local runtime
 * installs its own engine (aws-local-stepfunctions running the same ASL file).
 */
export type WorkflowEngine = {
  start(input: { name: string; input: Record<string, unknown> }): Promise<{ executionId: string }>;
  stop(executionId: string, cause?: string): Promise<void>;
  /**
   * Whether the execution still runs: 'running', 'ended' (it finished, failed, timed out or was
   * aborted), or 'unknown' (the engine has no such execution: on AWS it does not exist, locally
   * the engine that ran it is gone, e.g. after a restart).
   */
  describe(executionId: string): Promise<ExecutionState>;
};

export type ExecutionState = 'running' | 'ended' | 'unknown';

let stepFunctions: WorkflowEngine | undefined;

export const workflowEngine = (): WorkflowEngine => platform().workflowEngine ?? (stepFunctions ??= stepFunctionsEngine());

const stepFunctionsEngine = (): WorkflowEngine => {
  const client = new SFNClient({});
  const stateMachineArn = () => {
    const arn = process.env.STATE_MACHINE_ARN;
    if (!arn) throw new Error('STATE_MACHINE_ARN is not set');
    return arn;
  };
  return {
    async start({ name, input }) {
      const result = await client.send(
        new StartExecutionCommand({ stateMachineArn: stateMachineArn(), name, input: JSON.stringify(input) }),
      );
      if (!result.executionArn) throw new Error('Step Functions returned no execution ARN');
      return { executionId: result.executionArn };
    },
    async stop(executionId, cause) {
      await client.send(new StopExecutionCommand({ executionArn: executionId, cause }));
    },
    async describe(executionId) {
      try {
        const { status } = await client.send(new DescribeExecutionCommand({ executionArn: executionId }));
        return status === 'RUNNING' ? 'running' : 'ended';
      } catch (error) {
        if ((error as { name?: string }).name === 'ExecutionDoesNotExist') return 'unknown';
        throw error;
      }
    },
  };
};
