/**
 * Which talent (in which campaign) a conversation belongs to. Evidence first: a manager's address
 * alone is a candidate, never evidence (a manager represents many creators, most not tracked here).
 *
 * 1. A person's assignment wins and sticks                                  → 'assigned'
 * 2. The talent's own address takes part (From/To/Cc of any message)        → 'talent_address'
 * 3. A manager of the talent takes part (their address, or for a Manager cell written as a name,
 *    a participant showing that name) and the talent is named in a subject or in a message's own
 *    words (full name; first name when unique among the manager's tracked talents; handle with or
 *    without '@')                                                            → 'manager_named'
 * 4. A manager takes part and names none of their tracked talents:
 *    a. another creator's own address takes part (someone who is not staff, a manager or their
 *       colleague, the client or a tracked talent): it is about them         → none
 *    b. a person dismissed this thread ("none of these")                     → none
 *    c. otherwise a person chooses among the manager's tracked talents       → needs_assignment
 *    This holds for a manager of one tracked talent too: being that talent's manager is not
 *    evidence that a mail is about that talent.
 * 5. Nobody tracked takes part                                              → none
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
  /** a person said the thread is about none of the candidates: manager mail alone never attributes it */
  dismissed?: boolean;
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

/**
 * How the mail names this talent, given the first names of the manager's talents (and which of
 * them are shared), in words staff read as the attribution's evidence; undefined when it does not.
 */
function namingEvidence(talent: TalentRows, firstNames: NamingContext, texts: FoldedTexts): string | undefined {
  const sharedFirstNames = firstNames.shared;
  for (const row of talent.rows) {
    const fullName = row.talentName.trim();
    if (fullName && nameAppears(fullName, texts)) return `named "${fullName}"`;
    const first = firstToken(fullName);
    if (first && first !== foldKeepCase(fullName) && !sharedFirstNames.has(fold(first)) && nameAppears(first, texts) && !firstNameIsSomeoneElse(row, first, texts, firstNames.others)) {
      return `named "${first}"`;
    }
    if (row.handle.trim() && handleAppears(row.handle, texts, firstNames.all)) return `handle ${row.handle.trim()}`;
    const nickname = nicknameFound(row, texts, firstNames.all);
    if (nickname) return `nickname "${nickname}" (handle ${row.handle.trim()})`;
  }
  return undefined;
}

/**
 * What names are read against: the first names of the manager's tracked talents (and which of them
 * are shared), and the display names of the other people taking part (folded).
 */
type NamingContext = { all: Set<string>; shared: Set<string>; others: string[] };

/** Words that may follow a first name with a capital without being a surname. */
const NOT_SURNAMES: ReadonlySet<string> = new Set(['and', 'or', 'is', 'has', 'was', 'will', 'would', 'could', 'can', 'says', 'said', 'thanks', 'please', 'hi', 'hey', 'here', 'too', 'also', 'the']);

/**
 * The mail's first name belongs to another person: someone else taking part is shown under it
 * ("Hailey Moore" writes, our talent is Hailey Patel), or the mail gives it another surname
 * ("Callum Ahmed") or a handle that is not the talent's ("Callum (@itscallumk)"). Then a bare first
 * name is no evidence for our talent anywhere in the conversation.
 */
function firstNameIsSomeoneElse(row: ContactLite, first: string, texts: FoldedTexts, others: string[]): boolean {
  const firstFolded = fold(first);
  const full = fold(row.talentName);
  if (others.some((name) => name !== full && name.split(' ')[0] === firstFolded)) return true;
  const surname = fold(row.talentName.trim().split(/\s+/).slice(1).join(' '));
  const ownHandle = fold(row.handle).replace(/^.*\//, '').replace(/^@+/, '');
  const local = fold(row.email.split('@')[0] ?? '').replace(/[^\p{L}\p{N}]/gu, '');
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}_])${escapeRegExp(foldKeepCase(first))}(?:\\s+(\\p{Lu}[\\p{L}'-]+)|\\s*\\(\\s*@([\\p{L}\\p{N}._]+)\\s*\\))`, 'gu');
  for (const text of texts.cased) {
    for (const match of text.matchAll(pattern)) {
      const next = match[1] ? fold(match[1]) : '';
      if (next && !NOT_SURNAMES.has(next) && surname && !surname.split(' ').includes(next)) return true;
      const handle = match[2] ? fold(match[2]) : '';
      if (handle && (ownHandle ? handle !== ownHandle : !(surname && handle.includes(surname.replace(/[^\p{L}\p{N}]/gu, ''))) && !(local && handle.includes(local)))) return true;
    }
  }
  return false;
}

function talentNamed(talent: TalentRows, firstNames: NamingContext, texts: FoldedTexts): boolean {
  return namingEvidence(talent, firstNames, texts) !== undefined;
}

/** Words a handle wraps around a nickname ("@itszee", "@iamjo", "@therealbia"). */
const HANDLE_PREFIXES = ['itsme', 'its', 'iam', 'im', 'itz', 'the', 'real', 'therealy', 'thereal', 'hey', 'hello', 'just', 'simply', 'yours'];
// ("may" is a word-like name, skipped already)
const MONTHS_AND_DAYS: ReadonlySet<string> = new Set([
  'jan', 'feb', 'mar', 'apr', 'jun', 'jul', 'aug', 'sep', 'sept', 'oct', 'nov', 'dec', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun',
]);

/**
 * A nickname the talent's handle carries: a capitalised word of 3 to 10 letters that starts the
 * handle, or follows one of the words handles wrap around a name ("Zee" for @itszee, "Bia" for
 * @bianaopraia), and shares the first letter of the talent's first name, so an everyday word that
 * happens to start a handle ("Cook" for @cookwithmaya) does not name anyone; never one of the
 * manager's talents' first names, which the name rules read.
 */
function nicknameFound(row: ContactLite, texts: FoldedTexts, firstNames: Set<string>): string | undefined {
  const handle = fold(row.handle).replace(/\/+$/, '').split('/').pop()!.replace(/^@+/, '').replace(/[^\p{L}]/gu, '');
  const initial = fold(firstToken(row.talentName)).charAt(0);
  if (handle.length < 3 || !initial) return undefined;
  const stems = [handle, ...HANDLE_PREFIXES.filter((prefix) => handle.startsWith(prefix) && handle.length > prefix.length + 2).map((prefix) => handle.slice(prefix.length))];
  for (const text of texts.cased) {
    for (const match of text.matchAll(/(?<![\p{L}\p{N}_@.])(\p{Lu}\p{Ll}{2,9})(?![\p{L}\p{N}_])/gu)) {
      const word = match[1]!.toLowerCase();
      // a first name of the manager's talents is read by the name rules (and a shared one names nobody)
      if (word.charAt(0) !== initial || firstNames.has(word) || WORD_LIKE_NAMES.has(word) || MONTHS_AND_DAYS.has(word)) continue;
      if (stems.some((stem) => stem.startsWith(word))) return match[1];
    }
  }
  return undefined;
}

/** Words that say a talent is not available: a talent named only in such a clause is not who the mail is about. */
const UNAVAILABLE =
  /\b(?:booked|fully booked|unavailable|not available|isn'?t available|not free|isn'?t free|busy|away|on leave|off|can'?t|cannot|won'?t|is out|passing|pass on|not (?:taking|doing))\b/iu;

/** The clauses of the conversation's texts: sentences, split again at "but", "however", "whereas", "while" and ";". */
function clausesOf(texts: FoldedTexts): string[] {
  return texts.cased.flatMap((text) => text.split(/[.!?\n;]+|\b(?:but|however|whereas|while)\b/iu)).filter((clause) => clause.trim());
}

/**
 * Of several named talents, the ones named only to say they are not available ("Idris is booked
 * until March, but Elsie has room"): dropped when another one is named in a clause that is not.
 */
function withoutUnavailableOnly(named: TalentRows[], firstNames: NamingContext, texts: FoldedTexts): TalentRows[] {
  if (named.length < 2) return named;
  const clauses = clausesOf(texts).map((clause) => foldTexts([clause]));
  const onlyUnavailable = (talent: TalentRows) => {
    const mentions = clauses.filter((clause) => talentNamed(talent, firstNames, clause));
    return mentions.length > 0 && mentions.every((clause) => UNAVAILABLE.test(clause.cased[0] ?? ''));
  };
  const kept = named.filter((talent) => !onlyUnavailable(talent));
  return kept.length > 0 ? kept : named;
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

/**
 * Leading words of campaign, project and client names that say nothing about which brand is meant
 * (shorter words, "The", "New", "Le", "Der" …, never lead: a leading word has four letters or more).
 */
const GENERIC_LEADING_WORDS: ReadonlySet<string> = new Set([
  'little', 'best', 'first', 'back', 'black', 'summer', 'winter', 'spring', 'autumn', 'fall', 'holiday', 'holidays', 'christmas',
  'festive', 'easter', 'launch', 'campaign', 'project', 'season', 'home', 'house', 'maison', 'studio', 'beauty', 'glow', 'brand', 'paid',
  'collab', 'creator', 'creators', 'your',
]);

/**
 * A brand's or product's distinctive word: the first word of a name of two words or more
 * ("Nordhavn" of "Nordhavn Outerwear", "Orbit" of "Orbit ANC earbuds"), found only when written
 * with a capital, since people shorten a brand to it ("Nordhavn x Freja", "the Orbit buds").
 */
function leadingWord(phrase: string): string {
  const words = foldKeepCase(phrase).split(' ');
  const first = words[0] ?? '';
  if (words.length < 2 || !/^\p{L}{4,}$/u.test(first) || GENERIC_LEADING_WORDS.has(first.toLowerCase())) return '';
  return first;
}

function brandWordsFound(campaigns: CampaignLite[], texts: FoldedTexts): Set<string> {
  const found = new Set<string>();
  for (const campaign of campaigns) {
    for (const phrase of [campaign.clientName, campaign.projectName, campaign.campaignName]) {
      const word = leadingWord(phrase);
      const pattern = word ? wholeWordPattern(word) : null;
      if (pattern && texts.cased.some((text) => [...text.matchAll(pattern)].some((match) => /^\p{Lu}/u.test(match[0])))) found.add(campaign.campaignId);
    }
  }
  return found;
}

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
  for (const id of brandWordsFound(campaigns, texts)) byClient.add(id);
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

/** The people outside the agency who take part, each with the display names they are shown with (folded). */
function participantsOf(messages: RuleMessage[], isStaff: (address: string) => boolean): Map<string, Set<string>> {
  const participants = new Map<string, Set<string>>();
  for (const message of messages) {
    for (const address of [message.from, ...(message.to ?? []), ...(message.cc ?? [])]) {
      const canonical = canonicalAddress(address?.email);
      if (!canonical || isStaff(canonical)) continue;
      const names = participants.get(canonical) ?? new Set<string>();
      const name = fold(address?.name ?? '');
      if (name) names.add(name);
      participants.set(canonical, names);
    }
  }
  return participants;
}

/**
 * The participants who are this contact's manager: the address in the Manager cell, or, for a
 * cell that holds only a name, whoever is shown under exactly that name.
 */
function managerParticipants(contact: ContactLite, participants: Map<string, Set<string>>): string[] {
  if (contact.managerAddress) {
    const manager = canonicalAddress(contact.managerAddress);
    return manager && participants.has(manager) ? [manager] : [];
  }
  const name = fold(contact.managerName);
  if (name.length < 2) return [];
  return [...participants].filter(([, names]) => names.has(name)).map(([address]) => address);
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
        evidence: 'assigned by a person',
      })),
    );
    return { kind: 'attributed', targets };
  }

  const staff = new Set([...directory.staff].map(canonicalAddress));
  const staffDomains = agencyDomains(directory.staffDomains);
  const isStaff = (address: string) => isStaffAddress(address, staff, staffDomains);

  const participantNames = participantsOf(messages, isStaff);
  const participants = new Set(participantNames.keys());
  const texts = foldTexts(messages.flatMap((message) => [message.subject ?? '', message.ownText ?? '']).filter((text) => text.trim()));
  const subjects = foldTexts(messages.map((message) => message.subject ?? '').filter((text) => text.trim()));

  const tracked = directory.contacts.filter((contact) => {
    const address = canonicalAddress(contact.email);
    return contact.trackingEnabled && address !== '' && !isStaff(address);
  });
  const chooseCampaigns = campaignChooser(directory.campaigns, texts, participants);

  const targets: AttributionTarget[] = [];
  const attributedTalents = new Set<string>();
  const addTargets = (talent: TalentRows, reason: AttributionTarget['reason'], evidence: string) => {
    const choice = chooseCampaigns(talent.rows.map((row) => row.campaignId));
    for (const campaignId of choice.campaignIds) {
      targets.push({ contactEmail: talent.email, campaignId, reason, campaignConfirmed: choice.confirmed, evidence });
    }
    attributedTalents.add(talent.email);
  };

  // 2. the talent's own address
  for (const talent of groupByTalent(tracked.filter((contact) => participants.has(canonicalAddress(contact.email))))) {
    addTargets(talent, 'talent_address', `${talent.email} takes part`);
  }

  // 3. a manager takes part: their talents named in the mail
  const byManager = new Map<string, ContactLite[]>();
  const shownAs = new Map<string, string>();
  for (const contact of tracked) {
    const talent = canonicalAddress(contact.email);
    for (const manager of managerParticipants(contact, participantNames)) {
      if (manager === talent) continue;
      byManager.set(manager, [...(byManager.get(manager) ?? []), contact]);
      if (!shownAs.has(manager)) shownAs.set(manager, normalEmail(contact.managerAddress || manager));
    }
  }
  // display names of the people taking part who are neither these talents nor their managers
  const trackedTalentAddresses = new Set(tracked.map((contact) => canonicalAddress(contact.email)));
  const otherPeopleNames = [...participantNames]
    .filter(([address]) => !trackedTalentAddresses.has(address) && !byManager.has(address))
    .flatMap(([, names]) => [...names]);
  const unresolvedManagers: string[] = [];
  const candidates: { contactEmail: string; campaignId: string }[] = [];
  for (const manager of [...byManager.keys()].sort()) {
    const rows = byManager.get(manager)!;
    const talents = groupByTalent(rows);
    const firstNameCounts = new Map<string, number>();
    for (const talent of talents) {
      const firsts = new Set(talent.rows.map((row) => fold(firstToken(row.talentName))).filter(Boolean));
      for (const first of firsts) firstNameCounts.set(first, (firstNameCounts.get(first) ?? 0) + 1);
    }
    const shared = new Set([...firstNameCounts].filter(([, count]) => count > 1).map(([first]) => first));
    const firstNames: NamingContext = { all: new Set(firstNameCounts.keys()), shared, others: otherPeopleNames };
    const named = withoutUnavailableOnly(
      talents.filter((talent) => talentNamed(talent, firstNames, texts)),
      firstNames,
      texts,
    );
    if (named.length === 0) {
      if (!talents.some((talent) => attributedTalents.has(talent.email))) {
        unresolvedManagers.push(shownAs.get(manager) ?? manager);
        candidates.push(...rows.map((row) => ({ contactEmail: normalEmail(row.email), campaignId: row.campaignId })));
      }
      continue;
    }
    for (const talent of named) {
      if (attributedTalents.has(talent.email)) continue;
      const inSubject = namingEvidence(talent, firstNames, subjects) !== undefined;
      addTargets(talent, 'manager_named', `${shownAs.get(manager) ?? manager} wrote; ${namingEvidence(talent, firstNames, texts)!} in the ${inSubject ? 'subject' : 'mail'}`);
    }
  }

  if (targets.length > 0) return { kind: 'attributed', targets: dedupe(targets).sort(byTarget) };
  // 4. a manager's mail that names none of their tracked talents
  if (unresolvedManagers.length === 0 || input.dismissed) return { kind: 'none' };
  if (anotherCreatorTakesPart(participants, { tracked, managers: new Set(byManager.keys()), campaigns: directory.campaigns })) return { kind: 'none' };
  return { kind: 'needs_assignment', managers: unresolvedManagers, candidates: dedupe(candidates).sort(byTarget) };
}

/**
 * Someone takes part who can only be another creator: not staff (already left out), not a tracked
 * talent, not a manager taking part nor a colleague at a manager's own (non free-mail) domain,
 * not the client (its domain or marked addresses) and no mailer. Their own address on a manager's
 * thread that names none of the manager's tracked talents says the thread is about them.
 */
function anotherCreatorTakesPart(
  participants: Set<string>,
  known: { tracked: ContactLite[]; managers: Set<string>; campaigns: CampaignLite[] },
): boolean {
  const talents = new Set(known.tracked.map((contact) => canonicalAddress(contact.email)));
  const managerDomains = [...known.managers].map(domainOf).filter((domain) => domain && !isFreeMailDomain(domain));
  const clientDomains = known.campaigns.map((campaign) => campaign.clientDomain.trim().toLowerCase().replace(/^@/, '')).filter((domain) => domain && !isFreeMailDomain(domain));
  const clientAddresses = new Set(known.campaigns.flatMap((campaign) => campaign.clientAddresses.map(canonicalAddress)));
  return [...participants].some((address) => {
    if (talents.has(address) || known.managers.has(address) || clientAddresses.has(address)) return false;
    if (/^(?:mailer-daemon|postmaster|no-?reply|do-?not-?reply|notifications?)@/.test(address)) return false;
    const domain = domainOf(address);
    return ![...managerDomains, ...clientDomains].some((parent) => isAtDomain(domain, parent));
  });
}
