import { describe, expect, it } from 'vitest';
import { createCampaignBody } from '../../../../../shared/schemas/campaigns';
import { EMPTY_CAMPAIGN_FORM, createCampaignSchema, toCreateCampaignInput, type CreateCampaignForm } from './create-campaign-schema';

/** The message each field shows: its first issue, as the form's resolver picks it. */
const errorsOf = (form: CreateCampaignForm) => {
  const result = createCampaignSchema.safeParse(form);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.toReversed().map((issue) => [issue.path.join('.'), issue.message]));
};

const valid: CreateCampaignForm = { ...EMPTY_CAMPAIGN_FORM, client_name: 'Acme', campaign_name: 'Summer', campaign_id: 'summer-25' };

describe('createCampaignSchema', () => {
  it('requires client name, campaign name and campaign id with the spec messages', () => {
    expect(errorsOf(EMPTY_CAMPAIGN_FORM)).toEqual({
      client_name: 'Client name is required',
      campaign_name: 'Campaign name is required',
      campaign_id: 'Campaign ID is required',
    });
    expect(errorsOf({ ...valid, campaign_id: '   ', campaign_name: ' ' })).toEqual({
      campaign_id: 'Campaign ID is required',
      campaign_name: 'Campaign name is required',
    });
  });

  it('allows only letters, digits and hyphens in the id, after trimming', () => {
    expect(errorsOf({ ...valid, campaign_id: 'summer 25' })).toEqual({ campaign_id: 'Only letters, numbers, and hyphens allowed' });
    expect(errorsOf({ ...valid, campaign_id: 'summer_25' })).toEqual({ campaign_id: 'Only letters, numbers, and hyphens allowed' });
    expect(errorsOf({ ...valid, campaign_id: '  Summer-25  ' })).toEqual({});
  });

  it("refuses an id longer than 64 characters with the server's own message", () => {
    const serverSays = createCampaignBody.safeParse({ ...valid, campaign_id: 'a'.repeat(65) }).error?.issues[0]?.message;
    expect(serverSays).toBe('Campaign ID must be 64 characters or fewer');
    expect(errorsOf({ ...valid, campaign_id: 'a'.repeat(65) })).toEqual({ campaign_id: serverSays });
    expect(errorsOf({ ...valid, campaign_id: 'a'.repeat(64) })).toEqual({});
  });

  it('builds the request body, trimmed, with live dates only when both ends are chosen', () => {
    const parsed = createCampaignSchema.parse({
      ...valid,
      campaign_id: ' summer-25 ',
      project_name: ' Sun ',
      live_dates: { start: '2025-06-01', end: '' },
    });
    expect(toCreateCampaignInput(parsed)).toEqual({
      campaign_id: 'summer-25',
      campaign_name: 'Summer',
      project_name: 'Sun',
      client_name: 'Acme',
      deliverables: '',
      additional_details: '',
      campaign_live_dates: '',
      client_domain: '',
    });
    const both = createCampaignSchema.parse({ ...valid, live_dates: { start: '2025-06-01', end: '2026-01-15' } });
    expect(toCreateCampaignInput(both).campaign_live_dates).toBe('2025-06-01 to 2026-01-15');
  });

  it('takes an optional client domain, trimmed and lower-cased, and refuses anything but a bare domain', () => {
    expect(toCreateCampaignInput(createCampaignSchema.parse({ ...valid, client_domain: ' GlowSkin.com ' })).client_domain).toBe('glowskin.com');
    expect(errorsOf({ ...valid, client_domain: '' })).toEqual({});
    for (const bad of ['https://glowskin.com', 'glowskin', 'glow skin.com', '@glowskin.com', 'glowskin.com/about']) {
      expect(errorsOf({ ...valid, client_domain: bad }), bad).toEqual({ client_domain: 'Client domain must be a domain like "glowskin.com"' });
    }
  });
});
