import { contactMapKey } from '../../../../../shared/schemas/campaigns';
import type { InfiniteData } from '@tanstack/react-query';
import type { ContactsTracking } from '../api/contact-types';
import { combineTrackingPages, type TrackingPage } from '../api/get-contacts-tracking';

/** Which contacts a toggle names: one campaign's, or (no campaign_id) the e-mail in every campaign. */
export type TrackingTarget = { email: string; campaign_id?: string };

const targetKeys = (data: ContactsTracking, { email, campaign_id }: TrackingTarget): string[] => {
  if (campaign_id !== undefined) {
    const key = contactMapKey(campaign_id, email);
    return data.contacts[key] ? [key] : [];
  }
  return Object.entries(data.contacts)
    .filter(([, contact]) => contact.email === email)
    .map(([key]) => key);
};

/** The cached tracking data with the named contacts' flag set, and the counts moved to match. */
export const applyTrackingToggle = (data: ContactsTracking, target: TrackingTarget, enabled: boolean): ContactsTracking => {
  const changing = targetKeys(data, target).filter((key) => data.contacts[key]!.tracking_enabled !== enabled);
  if (changing.length === 0) return data;
  const delta = enabled ? 1 : -1;
  const contacts = { ...data.contacts };
  const byCampaign = { ...data.by_campaign };
  for (const key of changing) {
    const contact = contacts[key]!;
    contacts[key] = { ...contact, tracking: enabled, tracking_enabled: enabled };
    const campaign = contact.campaign_id ? byCampaign[contact.campaign_id] : undefined;
    if (campaign) byCampaign[contact.campaign_id] = { ...campaign, tracking: campaign.tracking + delta, disabled: campaign.disabled - delta };
  }
  return {
    contacts,
    summary: {
      ...data.summary,
      tracking_enabled: data.summary.tracking_enabled + delta * changing.length,
      tracking_disabled: data.summary.tracking_disabled - delta * changing.length,
    },
    by_campaign: byCampaign,
  };
};

/** The same change on the cached pages: each page's contacts, and the counts the first page carries. */
export const applyTrackingTogglePages = (
  data: InfiniteData<TrackingPage, string | undefined>,
  target: TrackingTarget,
  enabled: boolean,
): InfiniteData<TrackingPage, string | undefined> => {
  const combined = combineTrackingPages(data);
  const toggled = applyTrackingToggle(combined, target, enabled);
  if (toggled === combined) return data;
  return {
    ...data,
    pages: data.pages.map((page, index) => ({
      ...page,
      contacts: Object.fromEntries(Object.keys(page.contacts).map((key) => [key, toggled.contacts[key]!])),
      ...(index === 0 && page.summary ? { summary: toggled.summary, by_campaign: toggled.by_campaign } : {}),
    })),
  };
};
