/**
 * Business constants and limits (spec section 9), shared by web and functions.
 * Plain data only: no framework imports.
 */

export const MODEL_CHOICES = ['gpt-4.1', 'gpt-4.1-mini', 'gpt-5-nano', 'gpt-5-mini', 'gpt-5'] as const;
export type ModelChoice = (typeof MODEL_CHOICES)[number];

export const MODEL_PURPOSES = [
  'thread_summary',
  'individual_message_summary',
  'date_validation',
  'campaign_aggregation',
] as const;
export type ModelPurpose = (typeof MODEL_PURPOSES)[number];

export type ModelConfig = {
  purpose: ModelPurpose;
  model: ModelChoice;
  temperature: number;
  max_tokens: number;
  recommended: boolean;
};

export const MODEL_DEFAULTS: Readonly<Record<ModelPurpose, ModelConfig>> = {
  thread_summary: { purpose: 'thread_summary', model: 'gpt-4.1-mini', temperature: 0.3, max_tokens: 8000, recommended: true },
  individual_message_summary: {
    purpose: 'individual_message_summary',
    model: 'gpt-5-nano',
    temperature: 0.3,
    max_tokens: 100,
    recommended: true,
  },
  date_validation: { purpose: 'date_validation', model: 'gpt-4.1-mini', temperature: 0.1, max_tokens: 200, recommended: false },
  campaign_aggregation: { purpose: 'campaign_aggregation', model: 'gpt-5-nano', temperature: 0.2, max_tokens: 500, recommended: false },
};

export const PROCESSING_MODE_DEFAULTS = {
  incremental_processing_enabled: true,
  min_messages_for_incremental: 3,
  fallback_on_error: true,
} as const;
export const MIN_MESSAGES_FOR_INCREMENTAL = { min: 1, max: 100 } as const;

export const OLDEST_SCAN_DAYS_DEFAULT = 365;
export const OLDEST_SCAN_DAYS_MAX = 3000;
/** 0 means unlimited. */
export const OLDEST_SCAN_DAYS_PRESETS = [7, 30, 90, 365, 0] as const;

/** A conversation waiting on the talent this many days is flagged for a follow-up. */
export const FOLLOW_UP_AFTER_DAYS_DEFAULT = 3;
/** Reads an ambiguous date like 12/03 when the sender gives no hint of their own locale. */
export const AGENCY_LOCALE_DEFAULT = 'en-US';
/** The currency of an amount written without one, when the thread never stated one. */
export const DEFAULT_CURRENCY_DEFAULT = 'USD';
export const FOLLOW_UP_AFTER_DAYS_RANGE = { min: 1, max: 60 } as const;

export const DATE_RANGE_PROCESSING_DEFAULTS = { include_full_thread: true } as const;

export const HEALTH_CHECK_DEFAULTS = {
  skip_on_startup: false,
  skip_on_campaign_creation: true,
  skip_on_add_contact: true,
  skip_on_import_longlist: true,
} as const;
export type HealthCheckFlag = keyof typeof HEALTH_CHECK_DEFAULTS;

/** Approximate cost of each drive recovery check, shown beside its switch. */
export const DRIVE_RECOVERY_COST_SECONDS: Readonly<Record<HealthCheckFlag, number>> = {
  skip_on_startup: 2,
  skip_on_campaign_creation: 22,
  skip_on_add_contact: 3,
  skip_on_import_longlist: 10,
};

export const MONITORING_DEFAULTS = {
  hours_to_check: 24,
  check_interval_minutes: 5,
  max_duration_minutes: 1440,
} as const;

export const RECENT_HOURS_OPTIONS = [
  { hours: 1, label: 'Last hour' },
  { hours: 6, label: 'Last 6 hours' },
  { hours: 12, label: 'Last 12 hours' },
  { hours: 24, label: 'Last 24 hours' },
  { hours: 48, label: 'Last 2 days' },
  { hours: 72, label: 'Last 3 days' },
  { hours: 168, label: 'Last week' },
] as const;
export const BATCH_DEFAULT_HOURS = 24;

export const ROLES = ['member', 'owner'] as const;
export type Role = (typeof ROLES)[number];
/** Anything but a known role becomes member (spec section 5). */
export const normalizeRole = (value: unknown): Role => (value === 'owner' ? 'owner' : 'member');

export const API_KEY_MIN_LENGTH = 48;
export const API_KEY_PATTERN = /^sk-(proj-)?[A-Za-z0-9_-]+$/;
export const API_KEY_SERVICE = 'openai';

const SECOND = 1000;
const MINUTE = 60 * SECOND;

export const TIMING = {
  requestTimeoutMs: 5 * MINUTE,
  retryTries: 3,
  retryDelayMs: 1 * SECOND,
  cache: { entityMs: 5 * MINUTE, staticMs: 15 * MINUTE, realtimeMs: 0 },
  queryStaleMs: 60 * SECOND,
  queryGcMs: 5 * MINUTE,
  queryRetryDelay: { initialMs: 1 * SECOND, maxMs: 30 * SECOND },
  polling: { fastMs: 2 * SECOND, normalMs: 30 * SECOND, realtimeMs: 1 * SECOND },
  processingStatusPollMs: 1 * SECOND,
  /**
   * The idle status poll of a visible tab, which carries the agency's change counters (not in spec):
   * new mail reaches an open board within this plus the job's own seconds (goal p90 15 s).
   */
  changesPollMs: 10 * SECOND,
  metricsPollMs: 15 * SECOND,
  monitorIntervalMs: 2 * MINUTE,
  connectionCheck: { staleMs: 2 * MINUTE, gcMs: 4 * MINUTE },
  notificationAutoHideMs: 5 * SECOND,
  loadingSlowMs: 30 * SECOND,
  loadingVerySlowMs: 60 * SECOND,
  settingsSaveDebounceMs: 800,
  sheetCheckDebounceMs: 500,
  agencySwitchWaitMs: 500,
  errorBannerClearMs: 10 * SECOND,
  timeoutErrorClearMs: 5 * SECOND,
  driveHealthPoll: { failedMs: 10 * SECOND, unhealthyMs: 2 * SECOND },
} as const;

/** Date picker formats (date-fns tokens): the value stored and the text shown. */
export const DATE_INPUT_FORMAT = 'yyyy-MM-dd';
export const DATE_DISPLAY_FORMAT = 'MMM dd, yyyy';
export const DATE_PICKER_MONTHS = 2;

/** sessionStorage key of the running task id (spec: "active_task_id"). */
export const ACTIVE_TASK_STORAGE_KEY = 'active_task_id';
/** localStorage key of the bearer token, when one is issued. */
export const AUTH_TOKEN_STORAGE_KEY = 'auth_token';
/** Non-simple header the server's CSRF guard requires on state-changing cookie requests. */
export const CSRF_HEADER = { name: 'X-Requested-With', value: 'threadline' } as const;
/**
 * How long a job that ended stays on the status bar (spec: "or has just ended"; the length is
 * not in the spec): the server keeps reporting it, and the bar lingers as long when the server
 * went straight to idle.
 */
export const JUST_ENDED_MS = 8_000;
