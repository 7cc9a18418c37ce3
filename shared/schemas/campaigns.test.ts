import { describe, expect, it } from 'vitest';
import {
  addContactBody,
  campaignJson,
  contactJson,
  contactMapKey,
  createCampaignBody,
  removeContactBody,
  toggleTrackingBody,
  toggleTrackingResponse,
  trackingResponse,
} from './campaigns';

const errorOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe('campaign schemas', () => {
  const campaign = { campaign_id: 'glow-q1', campaign_name: 'Glow', client_name: 'Lumen' };

  it('takes an optional client domain: bare, trimmed, lower-cased, at most 253 characters, empty allowed', () => {
    expect(createCampaignBody.parse(campaign).client_domain).toBe('');
    expect(createCampaignBody.parse({ ...campaign, client_domain: '' }).client_domain).toBe('');
    expect(createCampaignBody.parse({ ...campaign, client_domain: ' GlowSkin.com ' }).client_domain).toBe('glowskin.com');
    expect(createCampaignBody.parse({ ...campaign, client_domain: 'mail.glow-skin.co.uk' }).client_domain).toBe('mail.glow-skin.co.uk');
    for (const bad of ['glowskin', 'https://glowskin.com', 'glow skin.com', '-glow.com', 'glow-.com', 'glowskin.com/', 'me@glowskin.com', 42]) {
      expect(errorOf(createCampaignBody.safeParse({ ...campaign, client_domain: bad })), String(bad)).toBe('Client domain must be a domain like "glowskin.com"');
    }
    const long = `${'a'.repeat(60)}.`.repeat(5) + 'com';
    expect(errorOf(createCampaignBody.safeParse({ ...campaign, client_domain: long }))).toBe('Client domain must be 253 characters or fewer');
  });

  it('answers a campaign with its client domain', () => {
    const json = {
      ...campaign,
      project_name: '',
      client_domain: 'glowskin.com',
      deliverables: '',
      additional_details: '',
      campaign_live_dates: '',
      created_at: '2027-01-01T00:00:00.000Z',
      updated_at: null,
      status: 'pending',
      campaign_folder_id: null,
      influencer_list_sheet_id: null,
      outreach_tracker_sheet_id: null,
      contact_count: 0,
      drive_account: null,
    };
    expect(campaignJson.parse(json)).toEqual(json);
    expect(campaignJson.safeParse({ ...json, status: 'archived' }).success).toBe(false);
  });
});

describe('contact request schemas', () => {
  it('takes an optional handle on add, trimmed, at most 100 characters, without spaces', () => {
    const body = { email: ' Maya@Cooks.TV ', talent_name: 'Maya', campaign_id: 'spring' };
    expect(addContactBody.parse(body)).toEqual({ email: 'maya@cooks.tv', talent_name: 'Maya', email_owner: '', campaign_id: 'spring', handle: '' });
    expect(addContactBody.parse({ ...body, handle: ' @mayacooks ' }).handle).toBe('@mayacooks');
    expect(errorOf(addContactBody.safeParse({ ...body, handle: `@${'m'.repeat(100)}` }))).toBe('Handle must be 100 characters or fewer');
    expect(errorOf(addContactBody.safeParse({ ...body, handle: '@maya cooks' }))).toBe('Handle cannot contain spaces');
  });

  it('normalises the e-mail (NFKC, zero-width characters removed) so one address is one contact', () => {
    const body = { email: 'ma\u200Bya@X.com', talent_name: 'Maya', campaign_id: 'spring' };
    expect(addContactBody.parse(body).email).toBe('maya@x.com');
    expect(addContactBody.parse({ ...body, email: '\uFEFFｍａｙａ@x.com\u2060' }).email).toBe('maya@x.com');
    expect(toggleTrackingBody.parse({ email: 'ma\u200Dya@x.com', tracking: true }).email).toBe('maya@x.com');
    expect(removeContactBody.parse({ email: 'ma\u200Cya@x.com' }).email).toBe('maya@x.com');
    expect(errorOf(addContactBody.safeParse({ ...body, email: 'maya@x.com OR is:anywhere' }))).toBe('Please enter a valid email address');
    expect(errorOf(addContactBody.safeParse({ ...body, email: '{maya@x.com}' }))).toBe('Please enter a valid email address');
  });

  it('takes the manager as agencies write it, stored as written (trimmed, whitespace collapsed)', () => {
    const body = { email: 'maya@x.com', talent_name: 'Maya', campaign_id: 'spring' };
    const owner = (email_owner: unknown) => addContactBody.parse({ ...body, email_owner }).email_owner;
    expect(owner(' Dana@AtlasTalent.co\u200B ')).toBe('Dana@AtlasTalent.co');
    expect(owner('Dana Reyes')).toBe('Dana Reyes');
    expect(owner('Sophie Grant  (Peak Talent)')).toBe('Sophie Grant (Peak Talent)');
    expect(owner('Dana Reyes <dana@atlastalent.co>')).toBe('Dana Reyes <dana@atlastalent.co>');
    expect(owner('"Reyes, Dana" <dana@atlastalent.co>')).toBe('"Reyes, Dana" <dana@atlastalent.co>');
    expect(owner('Dana Reyes - Atlas Talent')).toBe('Dana Reyes - Atlas Talent');
    expect(owner('TBC')).toBe('TBC');
    expect(owner('   ')).toBe('');
    expect(addContactBody.parse(body).email_owner).toBe('');
  });

  it('refuses only over-long managers and control characters, with a clear message', () => {
    const body = { email: 'maya@x.com', talent_name: 'Maya', campaign_id: 'spring' };
    expect(addContactBody.parse({ ...body, email_owner: 'x'.repeat(200) }).email_owner).toHaveLength(200);
    expect(errorOf(addContactBody.safeParse({ ...body, email_owner: 'x'.repeat(201) }))).toBe('Manager must be 200 characters or fewer');
    expect(errorOf(addContactBody.safeParse({ ...body, email_owner: 'Dana\nReyes' }))).toBe('Manager must not contain control characters');
    expect(errorOf(addContactBody.safeParse({ ...body, email_owner: 'Dana\u202EReyes' }))).toBe('Manager must not contain control characters');
    expect(errorOf(addContactBody.safeParse({ ...body, email_owner: 42 }))).toBe('Manager must be text');
  });

  it('toggles and removes with or without a campaign id (without: every campaign of the e-mail)', () => {
    expect(toggleTrackingBody.parse({ email: 'a@b.io', tracking: false })).toEqual({ email: 'a@b.io', tracking: false });
    expect(toggleTrackingBody.parse({ email: 'a@b.io', tracking: true, campaign_id: ' spring ' })).toEqual({ email: 'a@b.io', tracking: true, campaign_id: 'spring' });
    expect(errorOf(toggleTrackingBody.safeParse({ email: 'a@b.io', tracking: true, campaign_id: 'bad id' }))).toBe('Only letters, numbers, and hyphens allowed');
    expect(removeContactBody.parse({ email: 'A@b.io' })).toEqual({ email: 'a@b.io' });
    expect(removeContactBody.parse({ email: 'a@b.io', campaign_id: 'spring' })).toEqual({ email: 'a@b.io', campaign_id: 'spring' });
    expect(errorOf(removeContactBody.safeParse({ email: 'a@b.io', campaign_id: '' }))).toBe('Campaign ID is required');
  });
});

describe('contact response schemas', () => {
  const contact = {
    email: 'maya@cooks.tv',
    campaign_id: 'spring',
    campaign_name: 'Spring',
    talent_name: 'Maya',
    email_owner: '',
    handle: '@mayacooks',
    tracking: true,
    tracking_enabled: true,
  };

  it('reads a contact under either name of the flag, filling the other', () => {
    expect(contactJson.parse(contact)).toEqual(contact);
    const { tracking: _t, ...enabledOnly } = contact;
    expect(contactJson.parse({ ...enabledOnly, tracking_enabled: false })).toEqual({ ...contact, tracking: false, tracking_enabled: false });
    const { tracking_enabled: _e, ...trackingOnly } = contact;
    expect(contactJson.parse({ ...trackingOnly, tracking: false })).toEqual({ ...contact, tracking: false, tracking_enabled: false });
    expect(contactJson.parse({ email: 'x@y.io', talent_name: null })).toEqual({
      email: 'x@y.io',
      campaign_id: '',
      campaign_name: '',
      talent_name: '',
      email_owner: '',
      handle: '',
      tracking: false,
      tracking_enabled: false,
    });
    expect(contactJson.safeParse({ ...contact, email: undefined }).success).toBe(false);
  });

  it('keys the tracking map by campaign and e-mail; a later page carries no counts, the last no cursor', () => {
    expect(contactMapKey('spring', 'maya@cooks.tv')).toBe('spring:maya@cooks.tv');
    const parsed = trackingResponse.parse({ success: true, contacts: { [contactMapKey('spring', 'maya@cooks.tv')]: contact } });
    expect(parsed.contacts['spring:maya@cooks.tv']).toEqual(contact);
    expect(parsed.summary).toBeUndefined();
    expect(parsed.by_campaign).toBeUndefined();
    expect(parsed.next_cursor).toBeNull();
    expect(trackingResponse.safeParse({ contacts: { x: { email: 1 } } }).success).toBe(false);
  });

  it('answers a toggle with the first changed contact and all of them', () => {
    const other = { ...contact, campaign_id: 'summer', tracking: false, tracking_enabled: false };
    const parsed = toggleTrackingResponse.parse({ success: true, contact: { ...contact, tracking: false, tracking_enabled: false }, contacts: [contact, other] });
    expect(parsed.contacts.map((c) => c.campaign_id)).toEqual(['spring', 'summer']);
    expect(toggleTrackingResponse.safeParse({ success: true, contacts: [] }).success).toBe(false);
  });
});
