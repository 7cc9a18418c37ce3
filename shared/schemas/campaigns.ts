/**
 * Request and response schemas of campaigns, contacts and the longlist import, with the spec's
 * messages. Handlers parse requests with them and type their answers by them; the web client
 * parses the answers with the same schemas (no Node imports here).
 */
import * as z from 'zod';
import { EMAIL_MAX, isEmailAddress, normalizeEmailAddress } from '../email-address';
import { managerCellProblem, managerCellText } from '../manager';
import { messages } from '../messages';

const v = messages.campaigns.validation;
const c = messages.contacts.validation;

export const CAMPAIGN_TEXT_MAX = 5_000;
export const CAMPAIGN_FIELD_MAX = 200;
export const CAMPAIGN_ID_MAX = 64;

const optionalText = (max: number) =>
  z
    .string({ error: 'Expected text' })
    .max(max, { error: `Must be ${max} characters or fewer` })
    .optional()
    .transform((value) => value?.trim() ?? '');

export const campaignIdSchema = z
  .string({ error: v.campaignIdRequired })
  .trim()
  .min(1, { error: v.campaignIdRequired })
  .max(CAMPAIGN_ID_MAX, { error: `Campaign ID must be ${CAMPAIGN_ID_MAX} characters or fewer` })
  .regex(/^[A-Za-z0-9-]+$/, { error: v.campaignIdFormat });

/** "YYYY-MM-DD to YYYY-MM-DD", start not after end, or empty. */
export const liveDatesSchema = z
  .string({ error: 'Expected text' })
  .trim()
  .optional()
  .transform((value) => value ?? '')
  .refine(
    (value) => {
      if (value === '') return true;
      const match = /^(\d{4}-\d{2}-\d{2}) to (\d{4}-\d{2}-\d{2})$/.exec(value);
      if (!match) return false;
      const [start, end] = [match[1]!, match[2]!];
      const valid = (date: string) => !Number.isNaN(Date.parse(`${date}T00:00:00Z`)) && new Date(`${date}T00:00:00Z`).toISOString().startsWith(date);
      return valid(start) && valid(end) && start <= end;
    },
    { error: 'Campaign live dates must read "YYYY-MM-DD to YYYY-MM-DD"' },
  );

export const CLIENT_DOMAIN_MAX = 253;
const DOMAIN_SHAPE = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;
export const CLIENT_DOMAIN_MESSAGE = 'Client domain must be a domain like "glowskin.com"'; // not in spec

/** The client's e-mail domain, bare ("glowskin.com"), lower-cased; empty when not given. */
export const clientDomainSchema = z
  .string({ error: CLIENT_DOMAIN_MESSAGE })
  .trim()
  .toLowerCase()
  .max(CLIENT_DOMAIN_MAX, { error: `Client domain must be ${CLIENT_DOMAIN_MAX} characters or fewer` })
  .refine((value) => value === '' || DOMAIN_SHAPE.test(value), { error: CLIENT_DOMAIN_MESSAGE })
  .optional()
  .transform((value) => value ?? '');

/** A campaign's budget: what the client will spend on talent, in one currency. */
export const campaignBudgetSchema = z.object({
  amount: z.number({ error: 'Budget amount must be a number' }).nonnegative({ error: 'Budget amount must be 0 or more' }).max(1_000_000_000, { error: 'Budget amount is too large' }),
  currency: z
    .string({ error: 'Budget currency must be a 3-letter currency code' })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/, { error: 'Budget currency must be a 3-letter currency code' }),
});

export const createCampaignBody = z.object({
  campaign_id: campaignIdSchema,
  campaign_name: z
    .string({ error: v.campaignNameRequired })
    .trim()
    .min(1, { error: v.campaignNameRequired })
    .max(CAMPAIGN_FIELD_MAX, { error: `Campaign name must be ${CAMPAIGN_FIELD_MAX} characters or fewer` }),
  client_name: z
    .string({ error: v.clientNameRequired })
    .trim()
    .min(1, { error: v.clientNameRequired })
    .max(CAMPAIGN_FIELD_MAX, { error: `Client name must be ${CAMPAIGN_FIELD_MAX} characters or fewer` }),
  project_name: optionalText(CAMPAIGN_FIELD_MAX),
  deliverables: optionalText(CAMPAIGN_TEXT_MAX),
  additional_details: optionalText(CAMPAIGN_TEXT_MAX),
  campaign_live_dates: liveDatesSchema,
  client_domain: clientDomainSchema,
  /** optional; the campaign report sets agreed spend against it */
  budget: campaignBudgetSchema.nullable().optional(),
});
export type CreateCampaignBody = z.infer<typeof createCampaignBody>;

/** 'pending' = Drive resources being created, 'incomplete' = creation failed part-way. */
export const campaignStatusSchema = z.enum(['pending', 'ready', 'incomplete', 'deleting']);

/** A campaign as the API answers it (list, get, add). */
export const campaignJson = z.object({
  campaign_id: z.string(),
  campaign_name: z.string(),
  project_name: z.string(),
  client_name: z.string(),
  /** bare domain ("glowskin.com") or "" */
  client_domain: z.string(),
  deliverables: z.string(),
  additional_details: z.string(),
  /** "YYYY-MM-DD to YYYY-MM-DD" or "". */
  campaign_live_dates: z.string(),
  /** null only from older servers; the screen then says "Unknown" */
  created_at: z.string().nullable(),
  updated_at: z.string().nullable(),
  status: campaignStatusSchema,
  campaign_folder_id: z.string().nullable(),
  influencer_list_sheet_id: z.string().nullable(),
  outreach_tracker_sheet_id: z.string().nullable(),
  contact_count: z.number().int().nonnegative(),
  /** Google authuser: the Drive account that owns the resources. */
  drive_account: z.string().nullable(),
  /** null when none was set; absent from older servers */
  budget: z.object({ amount: z.number(), currency: z.string() }).nullable().optional(),
});
export type CampaignJson = z.infer<typeof campaignJson>;

/** POST /api/campaigns/add */
export const createCampaignResponse = z.object({ success: z.literal(true), campaign: campaignJson, message: z.string() });
export type CreateCampaignResponse = z.infer<typeof createCampaignResponse>;

export const campaignIdParams = z.object({ id: campaignIdSchema });

export const deleteCampaignBody = z.object({
  campaign_id: campaignIdSchema,
  force: z.boolean({ error: 'force must be true or false' }).optional().default(false),
});

export const confirmBody = z.object({
  confirm: z.literal(true, { error: 'Confirmation required: send {"confirm": true}' }),
});

export { EMAIL_MAX };
/** Longest raw text looked at before normalising (invisible characters may pad a real address). */
const EMAIL_RAW_MAX = EMAIL_MAX * 4;

/** One address, normalised (shared/email-address.ts: NFKC, zero-width removed, trimmed, lower-cased). */
export const contactEmailSchema = z
  .string({ error: c.email })
  .max(EMAIL_RAW_MAX, { error: c.email })
  .transform(normalizeEmailAddress)
  .refine(isEmailAddress, { error: c.email });

/**
 * The manager (email_owner) as agencies write it: an address, a name, "Name (Company)" or
 * "Name <address>" (shared/manager.ts reads the address and name out of it). Stored as written
 * (trimmed, whitespace collapsed); empty when not given; only over-long cells and control
 * characters are refused.
 */
export const managerCellSchema = z
  .string({ error: 'Manager must be text' }) // not in spec
  .optional()
  .transform((value) => value ?? '')
  .superRefine((value, ctx) => {
    const problem = managerCellProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .transform(managerCellText);

export const HANDLE_MAX = 100;

/** A social handle ("@mayacooks"), as people write it; empty when not given. */
export const handleSchema = z
  .string({ error: 'Handle must be text' })
  .trim()
  .max(HANDLE_MAX, { error: `Handle must be ${HANDLE_MAX} characters or fewer` })
  .regex(/^[^\s]*$/, { error: 'Handle cannot contain spaces' })
  .optional()
  .transform((value) => value ?? '');

export const addContactBody = z.object({
  email: contactEmailSchema,
  talent_name: z
    .string({ error: c.nameRequired })
    .trim()
    .min(1, { error: c.nameRequired })
    .max(CAMPAIGN_FIELD_MAX, { error: `Talent name must be ${CAMPAIGN_FIELD_MAX} characters or fewer` }),
  email_owner: managerCellSchema,
  campaign_id: z.string({ error: c.campaignRequired }).trim().min(1, { error: c.campaignRequired }).pipe(campaignIdSchema),
  handle: handleSchema,
});
export type AddContactBody = z.infer<typeof addContactBody>;

/** With campaign_id: that campaign's contact; without: the e-mail in every campaign. */
export const toggleTrackingBody = z.object({
  email: contactEmailSchema,
  tracking: z.boolean({ error: 'tracking must be true or false' }),
  campaign_id: campaignIdSchema.optional(),
});
export type ToggleTrackingBody = z.infer<typeof toggleTrackingBody>;

/** With campaign_id: that campaign's contact; without: the e-mail in every campaign. */
export const removeContactBody = z.object({ email: contactEmailSchema, campaign_id: campaignIdSchema.optional() });
export type RemoveContactBody = z.infer<typeof removeContactBody>;

/** A contact is one talent in one campaign: the key of the tracking map. */
export const contactMapKey = (campaignId: string, email: string): string => `${campaignId}:${email}`;

/** Text that older answers left out or sent as null reads as "". */
const wireText = z
  .string()
  .nullish()
  .transform((value) => value ?? '');

const count = z.number().int().nonnegative().default(0);

/**
 * A contact as the API answers it. The spec reads the flag under two names (tracking and
 * tracking_enabled): the server sends both, and either one alone is read as both.
 */
export const contactJson = z
  .object({
    email: z.string(),
    campaign_id: wireText,
    campaign_name: wireText,
    talent_name: wireText,
    email_owner: wireText,
    handle: wireText,
    tracking: z.boolean().optional(),
    tracking_enabled: z.boolean().optional(),
  })
  .transform(({ tracking, tracking_enabled: enabled, ...contact }) => ({
    ...contact,
    tracking: tracking ?? enabled ?? false,
    tracking_enabled: enabled ?? tracking ?? false,
  }));
export type ContactJson = z.output<typeof contactJson>;

export const campaignTrackingJson = z.object({ campaign_name: wireText, total: count, tracking: count, disabled: count });
export type CampaignTrackingJson = z.output<typeof campaignTrackingJson>;

export const trackingSummaryJson = z.object({ total_contacts: count, tracking_enabled: count, tracking_disabled: count, total_campaigns: count });
export type TrackingSummaryJson = z.output<typeof trackingSummaryJson>;

/**
 * GET /api/campaigns/contacts/tracking: every contact keyed by `contactMapKey(campaign, email)`
 * (a talent in two campaigns is two entries), the counts (of entries) and the per-campaign counts.
 */
export const trackingResponse = z.object({
  success: z.literal(true).optional(),
  contacts: z.record(z.string(), contactJson).default({}),
  /** counts over every contact (not only this page): sent with the listing's first page only, never with a search (q) */
  summary: trackingSummaryJson.optional(),
  by_campaign: z.record(z.string(), campaignTrackingJson).optional(),
  /** the next page's cursor; null on the last page (not in spec) */
  next_cursor: z.string().nullable().default(null),
});
export type TrackingResponse = z.output<typeof trackingResponse>;

/** At most this many contacts per answer of GET /api/campaigns/contacts/tracking (not in spec). */
export const TRACKING_PAGE_MAX = 100;

/** The longest search text of GET /api/campaigns/contacts/tracking?q (not in spec). */
export const CONTACT_SEARCH_MAX = 100;
export const CONTACT_SEARCH_TOO_LONG = `Search must be ${CONTACT_SEARCH_MAX} characters or fewer`; // not in spec
export const CONTACT_SEARCH_CONTROL = 'Search must not contain control characters'; // not in spec
// C0/C1 controls (line breaks included: a search is one line) and the bidirectional overrides and
// isolates, as in a Manager cell: nothing a contact row holds, only text that hides what it says.
const SEARCH_CONTROL = /[\p{Cc}\u202A-\u202E\u2066-\u2069]/u;

/**
 * A search of the contacts: each word of it must begin a word of the contact's e-mail, talent
 * name, handle or manager, case and accents aside ("oka" finds "Maya Okafor", "zoe" finds "Zoë").
 * Trimmed; a search with no letter or digit in it narrows nothing.
 */
export const contactSearchSchema = z
  .string({ error: 'Search must be text' }) // not in spec
  .max(CONTACT_SEARCH_MAX, { error: CONTACT_SEARCH_TOO_LONG })
  .refine((value) => !SEARCH_CONTROL.test(value), { error: CONTACT_SEARCH_CONTROL })
  .transform((value) => value.trim());

/**
 * GET /api/campaigns/contacts/tracking?cursor&limit&q: a page of contacts, by campaign id then
 * e-mail; with q, a page of the contacts the search finds, by the word that matched, then
 * campaign id and e-mail. A cursor belongs to the listing or to the search it came from.
 */
export const trackingQuery = z.object({
  cursor: z.string().trim().max(1_000).regex(/^[A-Za-z0-9_-]*$/, { error: 'Invalid cursor' }).optional(),
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int({ error: 'limit must be a whole number' })
    .min(1, { error: `limit must be between 1 and ${TRACKING_PAGE_MAX}` })
    .max(TRACKING_PAGE_MAX, { error: `limit must be between 1 and ${TRACKING_PAGE_MAX}` })
    .optional(),
  q: contactSearchSchema.optional(),
});
export type TrackingQuery = z.infer<typeof trackingQuery>;

/** POST /api/campaigns/contacts/add */
export const addContactResponse = z.object({
  success: z.literal(true).optional(),
  contact: contactJson,
  sheet_updated: z.boolean().optional(),
  message: z.string().optional(),
});
export type AddContactResponse = z.output<typeof addContactResponse>;

/** POST /api/campaigns/contacts/tracking/toggle: `contact` is the first changed one, `contacts` all of them. */
export const toggleTrackingResponse = z.object({
  success: z.literal(true).optional(),
  contact: contactJson,
  contacts: z.array(contactJson).default([]),
});
export type ToggleTrackingResponse = z.output<typeof toggleTrackingResponse>;

/** POST /api/campaigns/contacts/remove: the removed contacts (one per campaign). */
export const removeContactResponse = z.object({
  success: z.literal(true).optional(),
  removed: count,
  contacts: z.array(contactJson).default([]),
  message: z.string().optional(),
});
export type RemoveContactResponse = z.output<typeof removeContactResponse>;

/** POST /api/campaigns/contacts/clear */
export const clearContactsResponse = z.object({
  success: z.literal(true).optional(),
  removed: count,
  message: z.string().optional(),
});

/** A spreadsheet id as Google issues them (the '/d/{id}' part of a Sheets URL). */
export const sheetIdSchema = z
  .string({ error: 'sheet_id is required' })
  .trim()
  .min(1, { error: 'sheet_id is required' })
  .max(200, { error: 'Invalid Google Sheets URL' })
  .regex(/^[A-Za-z0-9_-]+$/, { error: 'Invalid Google Sheets URL' });

export const sheetMetadataQuery = z.object({ sheet_id: sheetIdSchema });

export const importLonglistBody = z.object({
  campaign_id: z.string({ error: c.importCampaignRequired }).trim().min(1, { error: c.importCampaignRequired }).pipe(campaignIdSchema),
  source_sheet_id: sheetIdSchema,
  source_tab_name: z
    .string({ error: 'source_tab_name must be text' })
    .trim()
    .max(100, { error: 'Tab name must be 100 characters or fewer' })
    .optional()
    .transform((value) => value || undefined),
});

/** GET /api/campaigns/sheet-metadata: the spreadsheet's name and tabs (errors carry status "error"). */
export const sheetMetadataResponse = z.object({
  success: z.literal(true).optional(),
  status: z.literal('success').optional(),
  message: z.string().optional(),
  data: z
    .object({
      spreadsheet_name: wireText,
      tabs: z.array(z.object({ name: z.string() })).default([]),
    })
    .prefault({}),
});
export type SheetMetadataResponse = z.output<typeof sheetMetadataResponse>;

/** POST /api/campaigns/client-addresses: a person marks an address as the campaign's client (or not). */
export const clientAddressBody = z.object({
  campaign_id: campaignIdSchema,
  email: contactEmailSchema,
  client: z.boolean({ error: 'client must be true or false' }),
});
export type ClientAddressBody = z.infer<typeof clientAddressBody>;

export const clientAddressResponse = z.object({
  success: z.literal(true),
  campaign_id: z.string(),
  client_addresses: z.array(z.string()),
  message: z.string(),
});

// ---------------------------------------------------------------- campaign responses

/** GET /api/campaigns/list */
export const campaignListResponse = z.object({ success: z.literal(true), campaigns: z.array(campaignJson), total: z.number().int().nonnegative() });
export type CampaignListResponse = z.output<typeof campaignListResponse>;

/** GET /api/campaigns/{id} */
export const campaignResponse = z.object({ success: z.literal(true), campaign: campaignJson });

/** POST /api/campaigns/delete: 'deleting' now, removed asynchronously. */
export const deleteCampaignResponse = z.object({ success: z.literal(true), campaign_id: z.string(), status: z.literal('deleting'), message: z.string() });
export type DeleteCampaignResponse = z.output<typeof deleteCampaignResponse>;

const driveAssetJson = z.object({ id: z.string().nullable(), exists: z.boolean() });

/** GET /api/campaigns/drive/health: the agency's root folder and campaigns tracker. */
export const driveHealthResponse = z.object({
  success: z.literal(true),
  healthy: z.boolean(),
  campaigns_tracker: driveAssetJson,
  threadline_folder: driveAssetJson,
  /** Google authuser of the Drive account that owns them (null: none connected) */
  drive_account: z.string().nullable(),
  /** this call brought the folder back (the "skip on startup" check is off) — not in spec */
  recovered: z.boolean(),
});
export type DriveHealthResponse = z.output<typeof driveHealthResponse>;

/** POST /api/campaigns/threadline/delete */
export const driveRootDeleteResponse = z.object({ success: z.literal(true), message: z.string() });

/** POST /api/campaigns/threadline/recreate: the Drive worker puts everything back; drive health follows it. */
export const driveRootRecreateResponse = z.object({ success: z.literal(true), status: z.literal('recreating'), message: z.string() });
