import { toLiveDates } from '../../../../../shared/format/live-dates';
import { createCampaignBody } from '../../../../../shared/schemas/campaigns';
import { z } from '../../../lib/zod';
import type { CreateCampaignInput } from '../api/create-campaign';

/**
 * Section 5 "Create campaign": the server's own body schema (the id's pattern and length, the
 * required names with the spec's messages, the text limits, the client domain), with the live
 * dates as the form's date-range picker holds them.
 */
export const createCampaignSchema = createCampaignBody.omit({ campaign_live_dates: true }).extend({
  live_dates: z.object({ start: z.string(), end: z.string() }),
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
