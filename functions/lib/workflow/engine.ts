import { DescribeExecutionCommand, SFNClient, StartExecutionCommand, StopExecutionCommand } from '@aws-sdk/client-sfn';
import { platform } from '../platform/platform';
import type { WorkflowEngine } from '../platform/ports';

// The port's type, under the name infra/local's engine imports it by.
export type { WorkflowEngine };

let stepFunctions: WorkflowEngine | undefined;

/**
 * Starts and stops processing executions. On AWS it is Step Functions; the local runtime
 * installs its own engine (aws-local-stepfunctions running the same ASL file).
 */
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
