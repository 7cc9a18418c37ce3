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

/**
 * The contact search index: one small item per word a contact is found by (its name, e-mail,
 * handle and manager, folded; campaigns/contact-words.ts), so a search reads the contacts whose
 * words begin with what was typed, a bounded page at a time, never the agency's every contact.
 *   byWord  AGENCY#a#CONTACT_WORD#<first letter> / WORD#word#campaign#email
 * Partitioned by the word's first letter: a search reads one partition, and a big import writes
 * its words across many. `words` is all of the contact's words, so a search of several words
 * is checked on the index item before any contact is read. An index item only points at a
 * contact: the search reads the contact itself and checks it again, so an item left behind by
 * an interrupted write finds nothing.
 */
export const contactWordEntity = new Entity(
  {
    model: { entity: 'contactWord', version: '1', service: 'threadline' },
    attributes: {
      agencyName: { type: 'string', required: true },
      initial: { type: 'string', required: true },
      word: { type: 'string', required: true },
      campaignId: { type: 'string', required: true },
      email: { type: 'string', required: true },
      /** every index word of the contact, sorted, space-separated */
      words: { type: 'string', required: true },
    },
    indexes: {
      byWord: {
        pk: { field: 'pk', composite: ['agencyName', 'initial'], template: `${AGENCY_TEMPLATE}#CONTACT_WORD#\${initial}`, casing: 'none' },
        sk: { field: 'sk', composite: ['word', 'campaignId', 'email'], template: 'WORD#${word}#${campaignId}#${email}', casing: 'none' },
      },
    },
  },
  storeConfig,
);

export type ContactWordItem = EntityItem<typeof contactWordEntity>;

/** The key of one index item, as the entity above writes it (a search's continuation point). */
export const contactWordKeys = (agencyName: string, initial: string, word: string, campaignId: string, email: string) => ({
  pk: `${keys.agency(agencyName)}#CONTACT_WORD#${initial}`,
  sk: `WORD#${word}#${campaignId}#${email}`,
});
