import type { CampaignTrackingJson, ContactJson, TrackingResponse, TrackingSummaryJson } from '../../../../../shared/schemas/campaigns';
import type { LonglistImportResponse } from '../../../../../shared/schemas/longlist-import';

/**
 * The contacts screen's data, as the shared response schemas read it. A contact is one talent in
 * one campaign; the same e-mail may appear once per campaign.
 */
export type Contact = ContactJson;

export type TrackingSummary = TrackingSummaryJson;

export type CampaignTracking = CampaignTrackingJson;

/** Contacts keyed by `contactMapKey(campaign_id, email)`. */
export type ContactsTracking = Omit<TrackingResponse, 'success'>;

export type SheetMetadata = { spreadsheet_name: string; tabs: { name: string }[] };

/** A longlist import as both import routes answer it: running with progress, or its result. */
export type ImportResult = Omit<LonglistImportResponse, 'success'>;
