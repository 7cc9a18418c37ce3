/** Builders for the rules' tests: a small agency directory and messages. Test support only. */
import { contactManagerFields } from '../../../../shared/manager';
import type { AgencyDirectory, CampaignLite, ContactLite, RuleMessage } from '../types';

/** A tracked contact; its manager fields are read from `extra.emailOwner` as the directory reads them. */
export const contact = (email: string, talentName: string, campaignId: string, extra: Partial<ContactLite> = {}): ContactLite => ({
  email,
  talentName,
  handle: '',
  campaignId,
  trackingEnabled: true,
  ...extra,
  ...contactManagerFields(extra.emailOwner ?? ''),
});

export const campaign = (campaignId: string, campaignName: string, extra: Partial<CampaignLite> = {}): CampaignLite => ({
  campaignId,
  campaignName,
  projectName: '',
  clientName: '',
  clientDomain: '',
  clientAddresses: [],
  ...extra,
});

export const directoryOf = (contacts: ContactLite[], campaigns: CampaignLite[], staff = ['ana@agency.com', 'ben@agency.com']): AgencyDirectory => ({
  staff: new Set(staff),
  staffDomains: new Set(['agency.com']),
  contacts,
  campaigns,
});

let sequence = 0;

export const message = (
  from: string,
  to: string[],
  ownText: string,
  extra: Partial<Omit<RuleMessage, 'from' | 'to' | 'cc'>> & { cc?: string[] } = {},
): RuleMessage => {
  sequence += 1;
  const { cc = [], ...rest } = extra;
  return {
    messageId: `<m${sequence}@test>`,
    sentAt: Date.UTC(2026, 2, 2) + sequence * 60_000,
    from: { email: from },
    to: to.map((email) => ({ email })),
    cc: cc.map((email) => ({ email })),
    subject: 'Collaboration',
    ownText,
    autoReply: 'none',
    ...rest,
  };
};

/** The agency used across the rules' tests. */
export const GLOW = campaign('c-glow', 'Spring Launch', { projectName: 'Radiance Serum', clientName: 'GlowSkin', clientDomain: 'glowskin.com', clientAddresses: ['brandlead@gmail.com'] });
export const FIZZ = campaign('c-fizz', 'Summer Fizz', { clientName: 'FizzCo', clientDomain: 'fizzco.com' });

export const MAYA = contact('maya@gmail.com', 'Maya Chen', 'c-glow', { handle: '@mayacooks', emailOwner: 'jane@talentco.com' });
export const LEO = contact('leo@gmail.com', 'Leo Martins', 'c-glow', { handle: '@leolifts', emailOwner: 'jane@talentco.com' });
export const SOFIA = contact('sofia@gmail.com', 'Sofía Álvarez', 'c-glow', { handle: 'instagram.com/sofiaeats', emailOwner: 'jane@talentco.com' });
export const TOM_UNTRACKED = contact('tom@gmail.com', 'Tom Hardy', 'c-glow', { emailOwner: 'jane@talentco.com', trackingEnabled: false });
export const SAM = contact('sam@outlook.com', 'Sam Park', 'c-glow', { emailOwner: 'solo@mgmtco.com' });
export const NINA_GLOW = contact('nina@nina.studio', 'Nina Kowalski', 'c-glow', { handle: '@ninak' });
export const NINA_FIZZ = contact('nina@nina.studio', 'Nina Kowalski', 'c-fizz', { handle: '@ninak' });
export const STAFF_AS_TALENT = contact('ben@agency.com', 'Ben Test', 'c-glow');

export const AGENCY = directoryOf([MAYA, LEO, SOFIA, TOM_UNTRACKED, SAM, NINA_GLOW, NINA_FIZZ, STAFF_AS_TALENT], [GLOW, FIZZ]);
