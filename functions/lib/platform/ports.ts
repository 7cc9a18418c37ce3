/**
 * The ports a runtime may fill (platform.ts): what product code asks of a transport, never how
 * it is done. The AWS adapters (async/dispatch.ts, mail/mailer.ts, workflow/engine.ts,
 * platform/secrets.ts) and the local runtime's (infra/local) implement them; the types live here,
 * with the port, so the platform and its adapters import in one direction.
 */

/** Work a request starts but does not wait for: an asynchronous Lambda invoke on AWS. */
export type AsyncTaskId = 'CampaignProvision' | 'CampaignDeletion' | 'LonglistImport' | 'PushCheck' | 'MonitorShare';
export type AsyncDispatcher = (taskId: AsyncTaskId, payload: Record<string, unknown>) => Promise<void>;

/** An outgoing e-mail. `text` is required; `html` optional. */
export type MailMessage = { to: string; subject: string; text: string; html?: string; /** a link worth echoing on the local console */ link?: string };

export type Mailer = {
  send(message: MailMessage): Promise<{ id: string }>;
};

/**
 * Whether an execution still runs: 'running', 'ended' (it finished, failed, timed out or was
 * aborted), or 'unknown' (the engine has no such execution: on AWS it does not exist, locally
 * the engine that ran it is gone, e.g. after a restart).
 */
export type ExecutionState = 'running' | 'ended' | 'unknown';

/** Starts and stops processing executions: Step Functions on AWS. */
export type WorkflowEngine = {
  start(input: { name: string; input: Record<string, unknown> }): Promise<{ executionId: string }>;
  stop(executionId: string, cause?: string): Promise<void>;
  describe(executionId: string): Promise<ExecutionState>;
};

/**
 * A secret the product reads at run time, never from its environment (a Lambda's environment is
 * plain text to anyone allowed lambda:GetFunctionConfiguration): Secrets Manager on AWS.
 */
export type SecretId = 'googleClientSecret';
export type SecretReader = (id: SecretId) => Promise<string>;
