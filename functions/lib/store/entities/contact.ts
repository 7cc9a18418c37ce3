import { Entity, type EntityItem } from 'electrodb';
import { storeConfig } from '../client';
import { AGENCY_PARTITION, AGENCY_TEMPLATE, keys } from '../keys';

/**
 * A tracked contact: one talent (e-mail) in one campaign, `AGENCY#a / CONTACT#campaign#email`.
 * The same talent may be in several campaigns of an agency, once per campaign (a conditional put
 * enforces it). Campaign ids hold no '#', so the sort key reads back unambiguously.
 * - byCampaign (gsi2) lists one campaign's contacts without reading the others;
 * - byTalent (gsi4) lists every campaign of one talent, `AGENCY#a#TALENT#email / CONTACT#campaign`
 *   (conversations share the index under `CONV#campaign`, so the prefixes stay distinct).
 */
export const contactEntity = new Entity(
  {
    model: { entity: 'contact', version: '1', service: 'threadline' },
    attributes: {
      agencyName: { type: 'string', required: true },
      email: { type: 'string', required: true },
      talentName: { type: 'string', default: '' },
      emailOwner: { type: 'string', default: '' },
      /** a social handle, e.g. "@mayacooks" */
      handle: { type: 'string' },
      campaignId: { type: 'string', required: true },
      trackingEnabled: { type: 'boolean', required: true },
      source: { type: ['manual', 'import'] as const, default: 'manual' },
      createdAt: { type: 'string', required: true },
      updatedAt: { type: 'string', required: true },
    },
    indexes: {
      byAgency: {
        pk: AGENCY_PARTITION,
        sk: { field: 'sk', composite: ['campaignId', 'email'], template: 'CONTACT#${campaignId}#${email}', casing: 'none' },
      },
      byCampaign: {
        index: 'byCampaign',
        pk: { field: 'gsi2pk', composite: ['agencyName', 'campaignId'], template: `${AGENCY_TEMPLATE}#CAMPAIGN#\${campaignId}`, casing: 'none' },
        sk: { field: 'gsi2sk', composite: ['email'], template: 'CONTACT#${email}', casing: 'none' },
      },
      byTalent: {
        index: 'byTalent',
        pk: { field: 'gsi4pk', composite: ['agencyName', 'email'], template: `${AGENCY_TEMPLATE}#TALENT#\${email}`, casing: 'none' },
        sk: { field: 'gsi4sk', composite: ['campaignId'], template: 'CONTACT#${campaignId}', casing: 'none' },
      },
    },
  },
  storeConfig,
);

/**
 * The key attributes of a contact item, as the entity above writes them (a unit test holds the
 * two together). For code below ElectroDB: the local runtime re-keys contacts stored before
 * contacts were per campaign (`AGENCY#a / CONTACT#email`) when it rebuilds its table.
 */
export const contactItemKeys = (agencyName: string, campaignId: string, email: string) => ({
  pk: keys.agency(agencyName),
  sk: `CONTACT#${campaignId}#${email}`,
  gsi2pk: `${keys.agency(agencyName)}#CAMPAIGN#${campaignId}`,
  gsi2sk: `CONTACT#${email}`,
  gsi4pk: `${keys.agency(agencyName)}#TALENT#${email}`,
  gsi4sk: `CONTACT#${campaignId}`,
});

/** A contact item in the layout before contacts were per campaign, re-keyed; undefined for any other item. */
export const rekeyLegacyContact = (item: Record<string, unknown>): Record<string, unknown> | undefined => {
  const { agencyName, campaignId, email } = item;
  if (item.__edb_e__ !== 'contact' || typeof agencyName !== 'string' || typeof campaignId !== 'string' || typeof email !== 'string') return undefined;
  const keys = contactItemKeys(agencyName, campaignId, email);
  return item.sk === keys.sk && item.gsi4pk === keys.gsi4pk ? undefined : { ...item, ...keys };
};

export type ContactItem = EntityItem<typeof contactEntity>;
