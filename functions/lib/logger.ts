import { Logger } from '@aws-lambda-powertools/logger';

/** The service every log line and metric is reported under. */
export const SERVICE_NAME = process.env.POWERTOOLS_SERVICE_NAME ?? 'threadline';

/** One structured logger; children add the request id. Secrets are never passed to it. */
export const logger = new Logger({
  serviceName: SERVICE_NAME,
  logLevel: (process.env.LOG_LEVEL as 'INFO' | 'DEBUG' | 'WARN' | 'ERROR' | 'SILENT' | undefined) ?? 'INFO',
});

/** The text of anything thrown, for a log field (never its stack: stacks go through `error`). */
export const errorMessage = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** A thrown value as an Error (a library may throw a string or a plain object). */
export const asError = (error: unknown): Error => (error instanceof Error ? error : new Error(String(error)));
