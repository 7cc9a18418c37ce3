import type { CampaignTrackingJson, ContactJson, SheetMetadataResponse, TrackingSummaryJson } from '../../../../../shared/schemas/campaigns';
import type { LonglistImportResponse } from '../../../../../shared/schemas/longlist-import';

/**
 * The contacts screen's data, as the shared response schemas read it. A contact is one talent in
 * one campaign; the same e-mail may appear once per campaign.
 */
export type Contact = ContactJson;

export type TrackingSummary = TrackingSummaryJson;

export type CampaignTracking = CampaignTrackingJson;

/** The contacts loaded so far, keyed by `contactMapKey(campaign_id, email)`, with the counts over every contact. */
export type ContactsTracking = {
  contacts: Record<string, Contact>;
  summary: TrackingSummary;
  by_campaign: Record<string, CampaignTracking>;
};

export type SheetMetadata = SheetMetadataResponse['data'];

/** A longlist import as both import routes answer it: running with progress, or its result. */
export type ImportResult = Omit<LonglistImportResponse, 'success'>;
