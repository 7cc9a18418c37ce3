import { Entity, type EntityItem } from 'electrodb';
import { storeConfig } from '../client';
import { AGENCY_PARTITION } from '../keys';

export const CAMPAIGN_STATUSES = ['pending', 'ready', 'incomplete', 'deleting'] as const;

/**
 * A campaign, `AGENCY#a / CAMPAIGN#id`. Its Drive ids are filled one by one by the provisioning
 * task, each saved as soon as it exists, so a retry never makes a second folder or sheet.
 */
export const campaignEntity = new Entity(
  {
    model: { entity: 'campaign', version: '1', service: 'threadline' },
    attributes: {
      agencyName: { type: 'string', required: true },
      campaignId: { type: 'string', required: true },
      campaignName: { type: 'string', required: true },
      clientName: { type: 'string', required: true },
      /** the client's e-mail domain, bare ("glowskin.com"); '' when not given */
      clientDomain: { type: 'string', default: '' },
      /** addresses a person marked as the client's (agency side, never talent side) */
      clientAddresses: { type: 'set', items: 'string' },
      projectName: { type: 'string', default: '' },
      deliverables: { type: 'string', default: '' },
      additionalDetails: { type: 'string', default: '' },
      campaignLiveDates: { type: 'string', default: '' },
      /** the optional budget, an amount in budgetCurrency (both or neither) */
      budgetAmount: { type: 'number' },
      budgetCurrency: { type: 'string' },
      status: { type: CAMPAIGN_STATUSES, required: true },
      campaignFolderId: { type: 'string' },
      influencerListSheetId: { type: 'string' },
      outreachTrackerSheetId: { type: 'string' },
      /** the campaigns tracker row exists for this campaign */
      trackerRowWritten: { type: 'boolean', default: false },
      /** the Drive account the assets live in (the agency's drive owner) */
      driveAccount: { type: 'string' },
      lastError: { type: 'string' },
      createdBy: { type: 'string' },
      createdAt: { type: 'string', required: true },
      updatedAt: { type: 'string', required: true },
    },
    indexes: {
      byAgency: {
        pk: AGENCY_PARTITION,
        sk: { field: 'sk', composite: ['campaignId'], template: 'CAMPAIGN#${campaignId}', casing: 'none' },
      },
    },
  },
  storeConfig,
);

export type CampaignItem = EntityItem<typeof campaignEntity>;
