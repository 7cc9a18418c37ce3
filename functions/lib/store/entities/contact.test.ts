import { describe, expect, it } from 'vitest';
import { contactEntity, contactItemKeys, contactWordEntity, contactWordKeys, rekeyLegacyContact } from './contact';

const put = (campaignId: string, email: string) =>
  contactEntity
    .create({ agencyName: 'glow', campaignId, email, trackingEnabled: true, createdAt: 'now', updatedAt: 'now' })
    .params() as { Item: Record<string, unknown>; ConditionExpression: string };

describe('contact keys', () => {
  it('keys a contact per campaign and e-mail, listed by campaign and by talent', () => {
    const { Item, ConditionExpression } = put('spring-25', 'maya@cooks.tv');
    expect(Item).toMatchObject({
      pk: 'AGENCY#glow',
      sk: 'CONTACT#spring-25#maya@cooks.tv',
      gsi2pk: 'AGENCY#glow#CAMPAIGN#spring-25',
      gsi2sk: 'CONTACT#maya@cooks.tv',
      gsi4pk: 'AGENCY#glow#TALENT#maya@cooks.tv',
      gsi4sk: 'CONTACT#spring-25',
    });
    // one per (campaign, e-mail): the create is conditional on the key
    expect(ConditionExpression).toBe('attribute_not_exists(#pk) AND attribute_not_exists(#sk)');
  });

  it('writes the same keys as contactItemKeys', () => {
    const { Item } = put('c-1', 'a@b.io');
    expect(Object.fromEntries(Object.keys(contactItemKeys('glow', 'c-1', 'a@b.io')).map((key) => [key, Item[key]]))).toEqual(contactItemKeys('glow', 'c-1', 'a@b.io'));
  });

  it("reads one campaign's contacts by prefix, with the separator (c1 is not c10)", () => {
    const params = contactEntity.query.byAgency({ agencyName: 'glow', campaignId: 'c1' }).params() as { ExpressionAttributeValues: Record<string, string> };
    expect(params.ExpressionAttributeValues[':sk1']).toBe('CONTACT#c1#');
    const talent = contactEntity.query.byTalent({ agencyName: 'glow', email: 'a@b.io' }).params() as { IndexName: string; ExpressionAttributeValues: Record<string, string> };
    expect(talent.IndexName).toBe('byTalent');
    expect(talent.ExpressionAttributeValues).toEqual({ ':pk': 'AGENCY#glow#TALENT#a@b.io', ':sk1': 'CONTACT#' });
  });

  it('re-keys a contact stored before contacts were per campaign, and leaves current ones alone', () => {
    const legacy = { __edb_e__: 'contact', agencyName: 'glow', campaignId: 'c-1', email: 'a@b.io', pk: 'AGENCY#glow', sk: 'CONTACT#a@b.io', trackingEnabled: true };
    expect(rekeyLegacyContact(legacy)).toEqual({ ...legacy, ...contactItemKeys('glow', 'c-1', 'a@b.io') });
    expect(rekeyLegacyContact(put('c-1', 'a@b.io').Item)).toBeUndefined();
    expect(rekeyLegacyContact({ __edb_e__: 'campaign', agencyName: 'glow', campaignId: 'c-1' })).toBeUndefined();
  });
});

describe('contact search entries', () => {
  it("key one word of one contact in the agency's partition of that word's first letter, as contactWordKeys says", () => {
    const { Item } = contactWordEntity.put({ agencyName: 'glow', initial: 'm', word: 'maya', campaignId: 'spring-25', email: 'maya@cooks.tv', words: 'cooks maya tv' }).params() as { Item: Record<string, unknown> };
    expect({ pk: Item.pk, sk: Item.sk }).toEqual({ pk: 'AGENCY#glow#CONTACT_WORD#m', sk: 'WORD#maya#spring-25#maya@cooks.tv' });
    expect(contactWordKeys('glow', 'm', 'maya', 'spring-25', 'maya@cooks.tv')).toEqual({ pk: Item.pk, sk: Item.sk });
  });

  it('are read by the beginning of a word, within one agency and letter', () => {
    const params = contactWordEntity.query.byWord({ agencyName: 'glow', initial: 'm' }).begins({ word: 'ma' }).params() as { KeyConditionExpression: string; ExpressionAttributeValues: Record<string, string> };
    expect(params.KeyConditionExpression).toContain('begins_with');
    expect(params.ExpressionAttributeValues).toEqual({ ':pk': 'AGENCY#glow#CONTACT_WORD#m', ':sk1': 'WORD#ma' });
  });
});
