/**
 * Who wrote a message, seen from the agency.
 *
 * Agency side: the staff (directory.staff, or an address at one of directory.staffDomains) and the
 * campaign's client (an address at the campaign's clientDomain or a subdomain of it, or one of its
 * clientAddresses). Talent side: the tracked talents, their managers, and the managers' colleagues
 * (an address at a manager's domain, unless that is a free-mail domain). Staff always win: an agency
 * address listed as a talent or a manager is still staff.
 */
import type { Side } from '../../../../shared/schemas/conversations';
import type { AddressLite, AgencyDirectory, CampaignLite, RuleMessage } from '../types';
import { agencyDomains, canonicalAddress, domainOf, isAtDomain, isFreeMailDomain, isStaffAddress } from './addresses';
import { fold } from './text';

export type SideContext = {
  directory: AgencyDirectory;
  /** the campaigns the conversation is attributed to (their clients are agency side); absent or empty: every campaign's */
  campaignIds?: readonly string[];
};

/** What one address is: the message-level sides 'internal' never applies to a single address. */
export type AddressSide = Exclude<Side, 'internal'>;

type SideIndex = {
  staff: Set<string>;
  staffDomains: string[];
  clientAddresses: Set<string>;
  clientDomains: string[];
  talentAddresses: Set<string>;
  managerDomains: Set<string>;
  /** managers whose Manager cell holds a name and no address, folded: they are known by their display name */
  managerNames: Set<string>;
};

function campaignsInScope(ctx: SideContext): CampaignLite[] {
  const ids = ctx.campaignIds ?? [];
  if (ids.length === 0) return ctx.directory.campaigns;
  const wanted = new Set(ids);
  return ctx.directory.campaigns.filter((campaign) => wanted.has(campaign.campaignId));
}

function buildIndex(ctx: SideContext): SideIndex {
  const { directory } = ctx;
  const staff = new Set([...directory.staff].map(canonicalAddress).filter(Boolean));
  const staffDomains = agencyDomains(directory.staffDomains);
  const isStaff = (address: string) => isStaffAddress(address, staff, staffDomains);

  const clientAddresses = new Set<string>();
  const clientDomains: string[] = [];
  for (const campaign of campaignsInScope(ctx)) {
    for (const address of campaign.clientAddresses) {
      const canonical = canonicalAddress(address);
      if (canonical && !isStaff(canonical)) clientAddresses.add(canonical);
    }
    const domain = campaign.clientDomain.trim().toLowerCase().replace(/^@/, '');
    // a brand "at gmail.com" would make every gmail talent the client
    if (domain && !isFreeMailDomain(domain)) clientDomains.push(domain);
  }

  const talentAddresses = new Set<string>();
  const managerDomains = new Set<string>();
  const managerNames = new Set<string>();
  for (const contact of directory.contacts) {
    if (!contact.trackingEnabled) continue;
    const talent = canonicalAddress(contact.email);
    if (talent && !isStaff(talent)) talentAddresses.add(talent);
    if (!contact.managerAddress && fold(contact.managerName).length >= 2) managerNames.add(fold(contact.managerName));
    const manager = canonicalAddress(contact.managerAddress);
    if (manager && !isStaff(manager)) {
      talentAddresses.add(manager);
      const domain = domainOf(manager);
      if (!isFreeMailDomain(domain) && !staffDomains.some((parent) => isAtDomain(domain, parent))) managerDomains.add(domain);
    }
  }
  return { staff, staffDomains, clientAddresses, clientDomains, talentAddresses, managerDomains, managerNames };
}

function sideIn(address: string, index: SideIndex, name = ''): AddressSide {
  const side = sideOfCanonical(canonicalAddress(address), index);
  return side === 'unknown' && name && index.managerNames.has(fold(name)) ? 'talent' : side;
}

function sideOfCanonical(canonical: string, index: SideIndex): AddressSide {
  if (!canonical) return 'unknown';
  if (isStaffAddress(canonical, index.staff, index.staffDomains)) return 'agency';
  if (index.clientAddresses.has(canonical)) return 'client';
  if (index.talentAddresses.has(canonical)) return 'talent';
  const domain = domainOf(canonical);
  if (index.clientDomains.some((parent) => isAtDomain(domain, parent))) return 'client';
  if (index.managerDomains.has(domain)) return 'talent';
  return 'unknown';
}

/** The side one address is on: 'agency' (staff), 'client', 'talent' (talent, manager or a manager's colleague) or 'unknown'. */
export function sideOfAddress(address: string, ctx: SideContext): AddressSide {
  return sideIn(address, buildIndex(ctx));
}

function recipientsOf(message: RuleMessage): AddressLite[] {
  return [...(message.to ?? []), ...(message.cc ?? [])].map((recipient) => recipient ?? { email: '' });
}

/**
 * The side of a message:
 * - 'agency': a staff member writes to at least one address that is neither staff nor the client;
 * - 'internal': a staff member writes only to staff and/or the client (nobody outside the agency side);
 * - 'client': the client writes (to whoever);
 * - 'talent': a talent, a manager or a manager's colleague writes;
 * - 'unknown': anyone else (a third party), or no sender.
 */
export function messageSide(message: RuleMessage, ctx: SideContext): Side {
  const index = buildIndex(ctx);
  const sender = message.from ? sideIn(message.from.email, index, message.from.name) : 'unknown';
  if (sender !== 'agency') return sender;
  const outward = recipientsOf(message).some((recipient) => {
    const side = sideIn(recipient.email, index, recipient.name);
    return side !== 'agency' && side !== 'client' && canonicalAddress(recipient.email) !== '';
  });
  return outward ? 'agency' : 'internal';
}

/**
 * Whether a message reaches the other side (the status table's `toOtherSide`): agency side → a
 * talent-side recipient; talent side → a staff or client recipient. Always false otherwise.
 */
export function reachesOtherSide(message: RuleMessage, ctx: SideContext): boolean {
  const index = buildIndex(ctx);
  const sender = message.from ? sideIn(message.from.email, index, message.from.name) : 'unknown';
  const recipientSides = recipientsOf(message).map((recipient) => sideIn(recipient.email, index, recipient.name));
  if (sender === 'agency' || sender === 'client') return recipientSides.includes('talent');
  if (sender === 'talent') return recipientSides.some((side) => side === 'agency' || side === 'client');
  return false;
}
