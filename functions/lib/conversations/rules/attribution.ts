/**
 * Which talent (in which campaign) a conversation belongs to.
 *
 * 1. A person's assignment wins and sticks                                  → 'assigned'
 * 2. The talent's own address takes part (From/To/Cc of any message)        → 'talent_address'
 * 3. A manager of the talent takes part and
 *    a. the manager represents only that one tracked talent                  → 'manager_only'
 *    b. the talent is named in a subject or in a message's own words
 *       (full name; first name when unique among the manager's talents;
 *       handle with or without '@')                                          → 'manager_named'
 *    c. the manager has several tracked talents and names none of them      → needs_assignment
 * 4. Nobody tracked takes part                                              → none
 *
 * Only tracked contacts count, and staff addresses never count as a talent or a manager.
 * Campaign: a talent in one campaign gets it (confirmed); a talent in several gets the campaigns the
 * mail names (campaign or project name, else client name or a participant at the client's domain),
 * confirmed, or, when the mail names none, every one of them, unconfirmed.
 */
import type { AgencyDirectory, Attribution, AttributionTarget, CampaignLite, ContactLite, PersonAssignment, RuleMessage } from '../types';
import { agencyDomains, canonicalAddress, domainOf, isAtDomain, isFreeMailDomain, isStaffAddress } from './addresses';
import { escapeRegExp, fold, foldKeepCase, wholeWordPattern } from './text';

export type AttributionInput = {
  /** the conversation, oldest first */
  messages: RuleMessage[];
  directory: AgencyDirectory;
  assignment?: PersonAssignment;
};

/**
 * First names that are also everyday English words: found only when written with a capital
 * ("Will" is a talent, "will" is not), so "mark as confirmed" does not name Mark.
 */
const WORD_LIKE_NAMES: ReadonlySet<string> = new Set([
  'april', 'amber', 'art', 'autumn', 'bear', 'bill', 'brook', 'cash', 'chance', 'chase', 'cliff', 'crystal',
  'dawn', 'dean', 'drew', 'faith', 'frank', 'grace', 'guy', 'holly', 'honey', 'hope', 'hunter', 'iris', 'ivy',
  'jade', 'jay', 'joy', 'june', 'lily', 'mark', 'max', 'may', 'miles', 'pat', 'pearl', 'penny', 'rich', 'river',
  'robin', 'rose', 'ruby', 'rusty', 'sandy', 'sky', 'skye', 'storm', 'summer', 'sunny', 'violet', 'will', 'winter',
]);

const normalEmail = (address: string) => address.trim().toLowerCase();

function byTarget(a: { contactEmail: string; campaignId: string }, b: { contactEmail: string; campaignId: string }): number {
  if (a.contactEmail !== b.contactEmail) return a.contactEmail < b.contactEmail ? -1 : 1;
  if (a.campaignId !== b.campaignId) return a.campaignId < b.campaignId ? -1 : 1;
  return 0;
}

function dedupe<T extends { contactEmail: string; campaignId: string }>(items: T[]): T[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const key = `${item.campaignId}\u0000${item.contactEmail}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * Found in text as the handle, with or without '@', not inside an address or a domain
 * ("maya@mayacooks.com"). A handle that is just a first name of the manager's talents ("@maya")
 * only counts with its '@': without it, it is that first name, read by the first-name rule.
 */
function handleAppears(handle: string, texts: FoldedTexts, firstNames: Set<string>): boolean {
  const bare = fold(handle)
    .replace(/\/+$/, '')
    .split('/')
    .pop()!
    .replace(/^@+/, '');
  if (bare.length < 3 || !/[\p{L}\p{N}]/u.test(bare)) return false;
  const at = firstNames.has(bare) || WORD_LIKE_NAMES.has(bare) ? '@' : '@?';
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}_.@])${at}${escapeRegExp(bare)}(?![\\p{L}\\p{N}_]|\\.[\\p{L}\\p{N}_])`, 'iu');
  return texts.lower.some((text) => pattern.test(text));
}

/** The conversation's subjects and own texts, folded once: accents dropped (case kept), and lower-cased. */
type FoldedTexts = { cased: string[]; lower: string[] };

function foldTexts(texts: string[]): FoldedTexts {
  const cased = texts.map(foldKeepCase);
  return { cased, lower: cased.map((text) => text.toLowerCase()) };
}

/** A single word that might be an everyday word needs a capital; a longer name only needs to be there. */
function nameAppears(name: string, texts: FoldedTexts): boolean {
  const folded = fold(name);
  if (folded.length < 2) return false;
  const pattern = wholeWordPattern(name);
  if (!pattern) return false;
  const wordLike = !folded.includes(' ') && WORD_LIKE_NAMES.has(folded);
  return texts.cased.some((text) => {
    const matches = [...text.matchAll(pattern)].map((match) => match[0]);
    if (!wordLike) return matches.length > 0;
    return matches.some((match) => /^\p{Lu}/u.test(match));
  });
}

function firstToken(name: string): string {
  return foldKeepCase(name).split(' ')[0] ?? '';
}

type TalentRows = { email: string; rows: ContactLite[] };

function groupByTalent(rows: ContactLite[]): TalentRows[] {
  const byEmail = new Map<string, ContactLite[]>();
  for (const row of rows) {
    const key = normalEmail(row.email);
    byEmail.set(key, [...(byEmail.get(key) ?? []), row]);
  }
  return [...byEmail].map(([email, group]) => ({ email, rows: group }));
}

/** Whether the mail names this talent, given the first names of the manager's talents (and which of them are shared). */
function talentNamed(talent: TalentRows, firstNames: { all: Set<string>; shared: Set<string> }, texts: FoldedTexts): boolean {
  const sharedFirstNames = firstNames.shared;
  for (const row of talent.rows) {
    const fullName = row.talentName.trim();
    if (fullName && nameAppears(fullName, texts)) return true;
    const first = firstToken(fullName);
    if (first && first !== foldKeepCase(fullName) && !sharedFirstNames.has(fold(first)) && nameAppears(first, texts)) return true;
    if (row.handle.trim() && handleAppears(row.handle, texts, firstNames.all)) return true;
  }
  return false;
}

/**
 * The campaigns whose phrase (campaign name, client name …) the texts name as whole words. Longer
 * phrases are looked for first and their occurrences used up, so "Glow" is not found inside an
 * already found "Glow Summer"; one phrase shared by several campaigns names them all.
 */
function phrasesFound(phrases: { phrase: string; campaignId: string }[], texts: FoldedTexts): Set<string> {
  const campaignsByPhrase = new Map<string, { phrase: string; campaignIds: Set<string> }>();
  for (const { phrase, campaignId } of phrases) {
    const key = fold(phrase);
    if (key.length < 2) continue;
    const entry = campaignsByPhrase.get(key) ?? { phrase, campaignIds: new Set<string>() };
    entry.campaignIds.add(campaignId);
    campaignsByPhrase.set(key, entry);
  }
  const found = new Set<string>();
  let working = texts.cased;
  const longestFirst = [...campaignsByPhrase].sort(([a], [b]) => b.length - a.length || (a < b ? -1 : a > b ? 1 : 0));
  for (const [, { phrase, campaignIds }] of longestFirst) {
    const pattern = wholeWordPattern(phrase);
    if (!pattern) continue;
    let hit = false;
    working = working.map((text) =>
      text.replace(pattern, () => {
        hit = true;
        return ' \u0000 ';
      }),
    );
    if (hit) for (const id of campaignIds) found.add(id);
  }
  return found;
}

type CampaignChoice = { campaignIds: string[]; confirmed: boolean };

function campaignChooser(campaigns: CampaignLite[], texts: FoldedTexts, participants: Set<string>) {
  const byName = phrasesFound(
    campaigns.flatMap((campaign) => [
      { phrase: campaign.campaignName, campaignId: campaign.campaignId },
      { phrase: campaign.projectName, campaignId: campaign.campaignId },
    ]),
    texts,
  );
  const byClient = phrasesFound(
    campaigns.map((campaign) => ({ phrase: campaign.clientName, campaignId: campaign.campaignId })),
    texts,
  );
  for (const campaign of campaigns) {
    const domain = campaign.clientDomain.trim().toLowerCase().replace(/^@/, '');
    const clientAddresses = new Set(campaign.clientAddresses.map(canonicalAddress));
    for (const participant of participants) {
      const atDomain = domain !== '' && !isFreeMailDomain(domain) && isAtDomain(domainOf(participant), domain);
      if (atDomain || clientAddresses.has(participant)) byClient.add(campaign.campaignId);
    }
  }

  return (campaignIds: string[]): CampaignChoice => {
    const ids = [...new Set(campaignIds)];
    if (ids.length <= 1) return { campaignIds: ids, confirmed: true };
    const named = ids.filter((id) => byName.has(id));
    if (named.length > 0) return { campaignIds: named, confirmed: true };
    const ofClient = ids.filter((id) => byClient.has(id));
    if (ofClient.length > 0) return { campaignIds: ofClient, confirmed: ofClient.length === 1 };
    return { campaignIds: ids, confirmed: false };
  };
}

export function attribute(input: AttributionInput): Attribution {
  const { messages, directory } = input;

  if (input.assignment && input.assignment.length > 0) {
    const targets: AttributionTarget[] = dedupe(
      input.assignment.map((entry) => ({
        contactEmail: normalEmail(entry.contactEmail),
        campaignId: entry.campaignId,
        reason: 'assigned' as const,
        campaignConfirmed: true,
      })),
    );
    return { kind: 'attributed', targets };
  }

  const staff = new Set([...directory.staff].map(canonicalAddress));
  const staffDomains = agencyDomains(directory.staffDomains);
  const isStaff = (address: string) => isStaffAddress(address, staff, staffDomains);

  const participants = new Set<string>();
  for (const message of messages) {
    for (const address of [message.from, ...(message.to ?? []), ...(message.cc ?? [])]) {
      const canonical = canonicalAddress(address?.email);
      if (canonical && !isStaff(canonical)) participants.add(canonical);
    }
  }
  const texts = foldTexts(messages.flatMap((message) => [message.subject ?? '', message.ownText ?? '']).filter((text) => text.trim()));

  const tracked = directory.contacts.filter((contact) => {
    const address = canonicalAddress(contact.email);
    return contact.trackingEnabled && address !== '' && !isStaff(address);
  });
  const chooseCampaigns = campaignChooser(directory.campaigns, texts, participants);

  const targets: AttributionTarget[] = [];
  const attributedTalents = new Set<string>();
  const addTargets = (talent: TalentRows, reason: AttributionTarget['reason']) => {
    const choice = chooseCampaigns(talent.rows.map((row) => row.campaignId));
    for (const campaignId of choice.campaignIds) {
      targets.push({ contactEmail: talent.email, campaignId, reason, campaignConfirmed: choice.confirmed });
    }
    attributedTalents.add(talent.email);
  };

  // 2. the talent's own address
  for (const talent of groupByTalent(tracked.filter((contact) => participants.has(canonicalAddress(contact.email))))) {
    addTargets(talent, 'talent_address');
  }

  // 3. a manager's address
  const byManager = new Map<string, ContactLite[]>();
  const managerAddress = new Map<string, string>();
  for (const contact of tracked) {
    const manager = canonicalAddress(contact.emailOwner);
    if (!manager || isStaff(manager) || manager === canonicalAddress(contact.email) || !participants.has(manager)) continue;
    byManager.set(manager, [...(byManager.get(manager) ?? []), contact]);
    if (!managerAddress.has(manager)) managerAddress.set(manager, normalEmail(contact.emailOwner));
  }
  const unresolvedManagers: string[] = [];
  const candidates: { contactEmail: string; campaignId: string }[] = [];
  for (const manager of [...byManager.keys()].sort()) {
    const rows = byManager.get(manager)!;
    const talents = groupByTalent(rows);
    if (talents.length === 1) {
      const only = talents[0]!;
      if (!attributedTalents.has(only.email)) addTargets(only, 'manager_only');
      continue;
    }
    const firstNameCounts = new Map<string, number>();
    for (const talent of talents) {
      const firsts = new Set(talent.rows.map((row) => fold(firstToken(row.talentName))).filter(Boolean));
      for (const first of firsts) firstNameCounts.set(first, (firstNameCounts.get(first) ?? 0) + 1);
    }
    const shared = new Set([...firstNameCounts].filter(([, count]) => count > 1).map(([first]) => first));
    const named = talents.filter((talent) => talentNamed(talent, { all: new Set(firstNameCounts.keys()), shared }, texts));
    if (named.length === 0) {
      if (!talents.some((talent) => attributedTalents.has(talent.email))) {
        unresolvedManagers.push(managerAddress.get(manager) ?? manager);
        candidates.push(...rows.map((row) => ({ contactEmail: normalEmail(row.email), campaignId: row.campaignId })));
      }
      continue;
    }
    for (const talent of named) if (!attributedTalents.has(talent.email)) addTargets(talent, 'manager_named');
  }

  if (targets.length > 0) return { kind: 'attributed', targets: dedupe(targets).sort(byTarget) };
  if (unresolvedManagers.length > 0) {
    return { kind: 'needs_assignment', managers: unresolvedManagers, candidates: dedupe(candidates).sort(byTarget) };
  }
  return { kind: 'none' };
}
