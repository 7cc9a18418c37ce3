import { Entity } from 'electrodb';
import { dynamoClient, tableName } from '../client';

/**
 * A tracked contact, `AGENCY#a / CONTACT#email`: one per e-mail per agency (a conditional put
 * enforces it). The byCampaign index lists a campaign's contacts without reading the others.
 */
export const contactEntity = () =>
  new Entity(
    {
      model: { entity: 'contact', version: '1', service: 'threadline' },
      attributes: {
        agencyName: { type: 'string', required: true },
        email: { type: 'string', required: true },
        talentName: { type: 'string', default: '' },
        emailOwner: { type: 'string', default: '' },
        campaignId: { type: 'string', required: true },
        trackingEnabled: { type: 'boolean', required: true },
        source: { type: ['manual', 'import'] as const, default: 'manual' },
        createdAt: { type: 'string', required: true },
        updatedAt: { type: 'string', required: true },
      },
      indexes: {
        byAgency: {
          pk: { field: 'pk', composite: ['agencyName'], template: 'AGENCY#${agencyName}', casing: 'none' },
          sk: { field: 'sk', composite: ['email'], template: 'CONTACT#${email}', casing: 'none' },
        },
        byCampaign: {
          index: 'byCampaign',
          pk: { field: 'gsi2pk', composite: ['agencyName', 'campaignId'], template: 'AGENCY#${agencyName}#CAMPAIGN#${campaignId}', casing: 'none' },
          sk: { field: 'gsi2sk', composite: ['email'], template: 'CONTACT#${email}', casing: 'none' },
        },
      },
    },
    { client: dynamoClient(), table: tableName() },
  );

export type ContactItem = NonNullable<Awaited<ReturnType<ReturnType<ReturnType<typeof contactEntity>['get']>['go']>>['data']>;
