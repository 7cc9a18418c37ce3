/** The timeline's address for a talent, optionally opening one campaign's conversation. */
export const talentTimelinePath = (email: string, campaignId?: string | null): string =>
  `/talents/${encodeURIComponent(email)}${campaignId ? `?campaign=${encodeURIComponent(campaignId)}` : ''}`;
