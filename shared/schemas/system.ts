/** System routes' responses. No Node imports: the web app imports this file. */
import * as z from 'zod';
import { modelWarning } from './settings';

export { googleLinksFor, type GoogleLinks } from '../google-links';

/**
 * GET /api/v3/system/connection: the web app's connection test, and where Google links lead
 * (google_links_base: null = Google's own sites).
 */
export const systemConnectionResponse = z.object({
  success: z.literal(true),
  status: z.string(),
  agency_name: z.string(),
  google_connected: z.boolean(),
  /** the caller's Google grant: stored and usable, none stored, or refused by Google (sign in again) */
  google_access: z.enum(['ok', 'missing', 'revoked']).default('ok'),
  openai_configured: z.boolean(),
  google_links_base: z.string().nullable().default(null),
  /** calls moved off a retired or missing model (the dashboard shows them until a model is chosen) */
  model_warnings: z.array(modelWarning).default([]),
});
export type SystemConnectionResponse = z.output<typeof systemConnectionResponse>;

/** GET /api/v3/system/health (public): the spec reads "ok" or "healthy" as up. */
export const systemHealthResponse = z.object({ status: z.enum(['ok', 'healthy']) });
