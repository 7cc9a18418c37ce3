/**
 * Request schemas of campaigns, contacts and the longlist import, with the spec's messages.
 * Handlers parse with them and the web forms can share them (no Node imports here).
 */
import * as z from 'zod';
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
});
export type CreateCampaignBody = z.infer<typeof createCampaignBody>;

/** 'pending' = Drive resources being created, 'incomplete' = creation failed part-way. */
export type CampaignStatus = 'pending' | 'ready' | 'incomplete' | 'deleting';

/** A campaign as the API answers it (list, get, add). */
export type CampaignJson = {
  campaign_id: string;
  campaign_name: string;
  project_name: string;
  client_name: string;
  deliverables: string;
  additional_details: string;
  /** "YYYY-MM-DD to YYYY-MM-DD" or "". */
  campaign_live_dates: string;
  /** null only from older servers; the screen then says "Unknown" */
  created_at: string | null;
  updated_at: string | null;
  status: CampaignStatus;
  campaign_folder_id: string | null;
  influencer_list_sheet_id: string | null;
  outreach_tracker_sheet_id: string | null;
  contact_count: number;
  /** Google authuser: the Drive account that owns the resources. */
  drive_account: string | null;
};

export const campaignIdParams = z.object({ id: campaignIdSchema });

export const deleteCampaignBody = z.object({
  campaign_id: campaignIdSchema,
  force: z.boolean({ error: 'force must be true or false' }).optional().default(false),
});

export const confirmBody = z.object({
  confirm: z.literal(true, { error: 'Confirmation required: send {"confirm": true}' }),
});

export const EMAIL_MAX = 254;
const EMAIL_SHAPE = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

export const contactEmailSchema = z
  .string({ error: c.email })
  .trim()
  .toLowerCase()
  .max(EMAIL_MAX, { error: c.email })
  .regex(EMAIL_SHAPE, { error: c.email });

export const addContactBody = z.object({
  email: contactEmailSchema,
  talent_name: z
    .string({ error: c.nameRequired })
    .trim()
    .min(1, { error: c.nameRequired })
    .max(CAMPAIGN_FIELD_MAX, { error: `Talent name must be ${CAMPAIGN_FIELD_MAX} characters or fewer` }),
  email_owner: z
    .string({ error: 'Manager must be text' })
    .trim()
    .max(EMAIL_MAX, { error: `Manager must be ${EMAIL_MAX} characters or fewer` })
    .optional()
    .transform((value) => value ?? ''),
  campaign_id: z.string({ error: c.campaignRequired }).trim().min(1, { error: c.campaignRequired }).pipe(campaignIdSchema),
});
export type AddContactBody = z.infer<typeof addContactBody>;

export const toggleTrackingBody = z.object({
  email: contactEmailSchema,
  tracking: z.boolean({ error: 'tracking must be true or false' }),
});

export const removeContactBody = z.object({ email: contactEmailSchema });

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
