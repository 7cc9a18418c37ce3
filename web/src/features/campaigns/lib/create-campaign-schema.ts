import { toLiveDates } from '../../../../../shared/format/live-dates';
import { messages } from '../../../../../shared/messages';
import { clientDomainSchema } from '../../../../../shared/schemas/campaigns';
import { z } from '../../../lib/zod';
import type { CreateCampaignInput } from '../api/create-campaign';

const text = messages.campaigns.validation;

export const CAMPAIGN_ID_PATTERN = /^[A-Za-z0-9-]+$/;

const optionalText = z.string().trim();

/** Section 5 "Create campaign": id, name and client required; the rest optional. */
export const createCampaignSchema = z.object({
  client_name: z.string().trim().min(1, { error: text.clientNameRequired }),
  project_name: optionalText,
  campaign_name: z.string().trim().min(1, { error: text.campaignNameRequired }),
  campaign_id: z
    .string()
    .trim()
    .min(1, { error: text.campaignIdRequired, abort: true })
    .regex(CAMPAIGN_ID_PATTERN, { error: text.campaignIdFormat }),
  deliverables: optionalText,
  live_dates: z.object({ start: z.string(), end: z.string() }),
  additional_details: optionalText,
  /** optional, a bare domain ("glowskin.com"): the server checks it with the same schema */
  client_domain: clientDomainSchema,
});

export type CreateCampaignForm = z.input<typeof createCampaignSchema>;
export type CreateCampaignValues = z.output<typeof createCampaignSchema>;

export const EMPTY_CAMPAIGN_FORM: CreateCampaignForm = {
  client_name: '',
  project_name: '',
  campaign_name: '',
  campaign_id: '',
  deliverables: '',
  live_dates: { start: '', end: '' },
  additional_details: '',
  client_domain: '',
};

/** The request body; live dates stay empty unless both ends were chosen. */
export const toCreateCampaignInput = (values: CreateCampaignValues): CreateCampaignInput => ({
  campaign_id: values.campaign_id,
  campaign_name: values.campaign_name,
  project_name: values.project_name,
  client_name: values.client_name,
  deliverables: values.deliverables,
  additional_details: values.additional_details,
  campaign_live_dates: toLiveDates(values.live_dates),
  client_domain: values.client_domain,
});
