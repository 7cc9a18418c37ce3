import { routes, tasks, type HttpMethod } from '../../functions/routes';

/**
 * THE grant table: what each function may do beyond writing its own logs and traces.
 * Keyed by manifest id; a function not listed gets only its default table access.
 */
export type TableAccess = 'read' | 'readWrite';

export type Capability =
  /** kms:Encrypt/Decrypt/GenerateDataKey on the secrets key; env KMS_KEY_ID */
  | 'secrets'
  /** the Google OAuth client and Google's APIs (env GOOGLE_CLIENT_ID, GOOGLE_OAUTH_ISSUER; no secret) */
  | 'google'
  /**
   * secretsmanager:GetSecretValue on the Google OAuth client's secret, read at run time; env
   * GOOGLE_CLIENT_SECRET_ID (its name, never its value). For who exchanges a sign-in code or
   * refreshes a person's access token: the only requests that send the client secret.
   */
  | 'googleClientSecret'
  /** states:StartExecution on the processing state machine; env STATE_MACHINE_ARN */
  | 'startExecution'
  /** states:StopExecution on the processing state machine's executions; env STATE_MACHINE_ARN */
  | 'stopExecution'
  /** states:DescribeExecution on the processing state machine's executions (is a job's execution still running?) */
  | 'describeExecution'
  /** ses:SendEmail from the invitation sender identity; env MAIL_FROM */
  | 'sendEmail'
  /** lambda:InvokeFunction on itself, so a task can hand the rest of its work to a fresh invocation */
  | 'invokeSelf';

export type FunctionPermissions = {
  table: TableAccess;
  capabilities: readonly Capability[];
  /** Async tasks (manifest kind 'async') it starts: lambda:InvokeFunction + env <TASK_ID>_FUNCTION. */
  dispatches: readonly string[];
};

type Override = Partial<FunctionPermissions>;

/** Acts with a user's Google grant: unwraps the refresh token and refreshes it with the client (and its secret). */
const GOOGLE: readonly Capability[] = ['secrets', 'google', 'googleClientSecret'];
const CALLS_GOOGLE: Override = { capabilities: GOOGLE };
/** Unwraps or wraps the agency's OpenAI key. */
const CALLS_OPENAI: Override = { capabilities: ['secrets'] };

export const PERMISSION_OVERRIDES: Readonly<Record<string, Override>> = {
  // Sign-in: GET routes that still write (OAuth state and PKCE verifier, then user, Google grant
  // and session), so the method-based default (GET = read) does not fit them. Starting one only
  // builds Google's URL (the client id); the callback exchanges the code with the client secret.
  AuthLogin: { table: 'readWrite', capabilities: ['google'] },
  AuthCallback: { table: 'readWrite', capabilities: GOOGLE },
  // Status slides the session: lastSeenAt is written at most once a minute (touchSession), so a
  // read-only grant would fail for anyone idle more than a minute (found by local enforcement).
  AuthStatus: { table: 'readWrite' },

  // "What changed" records the caller's visit so the next call starts from it.
  ConversationChanges: { table: 'readWrite' },
  // The board keeps its projection whole as it reads it: a campaign stored before the projection
  // is projected on its first read, and rows whose next date has passed are projected again once a day.
  ConversationList: { table: 'readWrite' },

  AgencyCreate: CALLS_GOOGLE,
  AgencyInviteAccept: CALLS_GOOGLE,
  // Removing a member also removes their permission on the agency's Drive root.
  AgencyMemberRemove: CALLS_GOOGLE,
  AgencyInvite: { capabilities: ['sendEmail'] },
  AgencyInviteResend: { capabilities: ['sendEmail'] },
  // The activity log's CSV export records that it was exported (an audit event), so the GET writes.
  AgencyAuditExport: { table: 'readWrite' },

  ApiKeyValidate: CALLS_OPENAI,
  ApiKeySet: CALLS_OPENAI,
  // The model choices are the key's models.list (cached a day on the agency's model-state item),
  // so the GET unwraps the key and writes the cache; a save checks the model against that list.
  SettingsModelConfigGet: { table: 'readWrite', capabilities: ['secrets'] },
  SettingsModelConfigSet: CALLS_OPENAI,

  // Creation and deletion only record the request; the Drive worker and the deletion task do the Google work.
  CampaignAdd: { dispatches: ['CampaignProvision'] },
  CampaignDelete: { dispatches: ['CampaignDeletion'] },
  // The import reads the sheet, imports a small one itself and hands a long one to its worker;
  // the status route resumes an import whose worker died (it writes the lease and dispatches).
  CampaignImportLonglist: { capabilities: GOOGLE, dispatches: ['LonglistImport'] },
  CampaignImportLonglistStatus: { table: 'readWrite', dispatches: ['LonglistImport'] },
  // A GET that spends Sheets quota: the shared quota buckets (functions/lib/limits) are table writes.
  CampaignSheetMetadata: { table: 'readWrite', capabilities: GOOGLE },
  DriveRootDelete: CALLS_GOOGLE,
  DriveRootRecreate: { dispatches: ['CampaignProvision'] },
  // A GET that repairs: an unhealthy Drive is recovered on the health check (startup recovery),
  // which rewrites campaign items and re-provisions their folders.
  DriveHealth: { table: 'readWrite', capabilities: GOOGLE, dispatches: ['CampaignProvision'] },
  // The connection check refreshes the person's token at Google (a revoked grant shows at the next
  // check, not the next job) and marks a grant Google refused as revoked.
  SystemConnection: { table: 'readWrite', capabilities: GOOGLE },
  ContactAdd: CALLS_GOOGLE,
  // Pausing, resuming, removing and clearing contacts mark their rows in each campaign's
  // influencer list (Sheets), best effort: without Google they silently stopped doing it
  // (found by local enforcement: kms:Decrypt of the Google grant refused).
  ContactTrackingToggle: CALLS_GOOGLE,
  ContactRemove: CALLS_GOOGLE,
  ContactsClear: CALLS_GOOGLE,
  // The export records that it was made (an audit event), so the GET writes.
  TalentExport: { table: 'readWrite' },
  // Erasing deletes the talent's rows from every campaign's sheets.
  TalentErase: CALLS_GOOGLE,

  // Starting a job validates, takes the lock and starts the execution: Google is the tasks' business.
  // Each also asks whether a job holding the lock still has a running execution (one that does
  // not is ended at once, instead of blocking processing until its lease runs out).
  ProcessThread: { capabilities: ['startExecution', 'describeExecution'] },
  ProcessEmail: { capabilities: ['startExecution', 'describeExecution'] },
  ProcessCampaign: { capabilities: ['startExecution', 'describeExecution'] },
  ProcessInterval: { capabilities: ['startExecution', 'describeExecution'] },
  SheetsResync: { capabilities: ['startExecution', 'describeExecution'] },
  TaskCancel: { capabilities: ['stopExecution', 'describeExecution'] },
  ProcessCancel: { capabilities: ['stopExecution', 'describeExecution'] },
  // A GET that repairs: a job whose execution is gone is ended here (lock released, status written).
  ProcessingStatus: { table: 'readWrite', capabilities: ['describeExecution'] },

  // Gmail push: connecting a mailbox watches it (users.watch) and disconnecting the last agency
  // stops the watch, as its owner (only with a Pub/Sub topic configured). The push route
  // verifies Google's token (public keys, no grant) and hands the check to PushCheck, which runs
  // the monitor's check of that mailbox: Gmail, the lock (an orphaned holder is asked about) and
  // an execution. PushWatchRenew renews every watch daily.
  MailboxConnect: CALLS_GOOGLE,
  MailboxDisconnect: CALLS_GOOGLE,
  PushGmail: { dispatches: ['PushCheck'] },
  PushCheck: { capabilities: [...GOOGLE, 'startExecution', 'describeExecution'] },
  PushWatchRenew: CALLS_GOOGLE,

  // Tasks that talk to Gmail, Drive, Sheets or OpenAI. Initialize, Finalize and ReleaseLock only
  // touch the table.
  JobFetch: CALLS_GOOGLE,
  JobProcessBatch: CALLS_GOOGLE,
  JobSyncSheets: CALLS_GOOGLE,
  // The tick also starts sheets-only jobs for behind sheets and resumes imports whose worker died;
  // due agencies beyond its own share go to MonitorShare, which checks them the same way.
  MonitorTick: { capabilities: [...GOOGLE, 'startExecution', 'describeExecution'], dispatches: ['LonglistImport', 'MonitorShare'] },
  MonitorShare: { capabilities: [...GOOGLE, 'startExecution', 'describeExecution'] },
  // Restoring an agency's Drive (restoreDrive) re-provisions each campaign by invoking itself.
  CampaignProvision: { capabilities: [...GOOGLE, 'invokeSelf'] },
  CampaignDeletion: CALLS_GOOGLE,
  // Hands the rest of a long import to a fresh invocation of itself.
  LonglistImport: { capabilities: [...GOOGLE, 'invokeSelf'] },
};

/** Reads stay reads: a GET route cannot write unless the table above says so. */
const defaultTableAccess = (method: HttpMethod | undefined): TableAccess =>
  method === 'GET' ? 'read' : 'readWrite';

const knownIds = new Set([...routes.map((route) => route.id), ...tasks.map((task) => task.id)]);
const asyncTaskIds = new Set(tasks.filter((task) => task.kind === 'async').map((task) => task.id));

/** A renamed route or task must not silently lose (or keep granting) permissions. */
export const assertOverridesMatchManifest = (): void => {
  const stale = Object.keys(PERMISSION_OVERRIDES).filter((id) => !knownIds.has(id));
  const notAsync = Object.values(PERMISSION_OVERRIDES).flatMap((override) => override.dispatches ?? []).filter((id) => !asyncTaskIds.has(id));
  if (stale.length) throw new Error(`permissions.ts names ids that are not in functions/routes.ts: ${stale.join(', ')}`);
  if (notAsync.length) throw new Error(`permissions.ts dispatches tasks that are not async tasks of the manifest: ${notAsync.join(', ')}`);
};

/** Routes default by method; tasks (no method) run jobs and write. */
export const permissionsFor = (id: string, method?: HttpMethod): FunctionPermissions => {
  const override = PERMISSION_OVERRIDES[id] ?? {};
  return {
    table: override.table ?? defaultTableAccess(method),
    capabilities: override.capabilities ?? [],
    dispatches: override.dispatches ?? [],
  };
};
