import type { ConversationJson, ConversationStatus } from '../../shared/schemas/conversations';
import type { SeedContact, SeedData, SeedOutcome } from '../../test/fixtures/seed';

/**
 * What the seed's answer key says the product should show, and how the product's conversations
 * are scored against it. Pure: no runtime, so the rules can be read (and checked) on their own.
 */

/**
 * The seed's planned outcome as the product's status. in_progress (build.ts runCampaignContact)
 * is one of two unfinished negotiations: the talent or manager quoted a fee and the agency has
 * not answered yet (the talent replied: "replied", or "negotiating" once a fee is on the table),
 * or the agency countered and is "checking with the client" (negotiating). Both are accepted.
 */
export const EXPECTED_STATUSES: Readonly<Record<SeedOutcome, readonly ConversationStatus[]>> = {
  confirmed: ['confirmed'],
  declined: ['declined'],
  no_reply: ['awaiting_reply'],
  negotiating: ['negotiating'],
  in_progress: ['replied', 'negotiating'],
};

export const rowKey = (campaignId: string | null, email: string | null) => `${campaignId ?? ''}:${(email ?? '').trim().toLowerCase()}`;

/** A row shows mail when the product gave it messages or a fee. */
export const showsMail = (row: ConversationJson) => row.message_count > 0;
export const showsFee = (row: ConversationJson) => row.latest_fee !== null || row.fees.length > 0;

export const feeText = (fee: { amount: number; currency: string; state?: string } | null | undefined) =>
  fee ? `${fee.currency} ${fee.amount}${fee.state ? ` (${fee.state})` : ''}` : 'no fee';

export type Ratio = { hit: number; total: number; value: number };
export const ratio = (hit: number, total: number): Ratio => ({ hit, total, value: total ? hit / total : 1 });

export type Miss = { contact: string; campaign: string; expected: string; got: string };

/** Talents (campaign, e-mail) the agency wrote to about that campaign, per the answer key. */
export const contactedKeys = (contacts: readonly SeedContact[]): Set<string> =>
  new Set(contacts.filter((c) => c.contacted).map((c) => rowKey(c.campaign_id, c.email)));

/**
 * (a) Rows of talents never written to about their campaign (a longlist talent, or a contact
 * the key marks contacted=false) that show mail or a fee. Target 0.
 */
export const scoreNeverContacted = (rows: readonly ConversationJson[], contacts: readonly SeedContact[]) => {
  const contacted = contactedKeys(contacts);
  const never = rows.filter((row) => row.contact_email && !contacted.has(rowKey(row.campaign_id, row.contact_email)));
  const misses: Miss[] = never
    .filter((row) => showsMail(row) || showsFee(row))
    .map((row) => ({
      contact: `${row.talent_name} <${row.contact_email}>`,
      campaign: row.campaign_id ?? '',
      expected: 'no mail, no fee (never contacted)',
      got: `${row.message_count} messages, ${row.status}, latest fee ${feeText(row.latest_fee)}, attribution ${row.attribution.reason}`,
    }));
  return { neverContacted: never.length, withMailOrFee: misses.length, misses };
};

/** (b) The product's status per contact against the planned outcome. Target ≥ 0.90. */
export const scoreOutcomes = (rows: readonly ConversationJson[], contacts: readonly SeedContact[]) => {
  const byKey = new Map(rows.map((row) => [rowKey(row.campaign_id, row.contact_email), row]));
  const misses: Miss[] = [];
  let hit = 0;
  for (const contact of contacts) {
    const row = byKey.get(rowKey(contact.campaign_id, contact.email));
    const expected = EXPECTED_STATUSES[contact.outcome];
    if (row && expected.includes(row.status)) {
      hit += 1;
      continue;
    }
    misses.push({
      contact: `${contact.talent_name} <${contact.email}>`,
      campaign: contact.campaign_id,
      expected: `${expected.join(' or ')} (${contact.outcome})`,
      got: row ? `${row.status} (${row.message_count} messages, attribution ${row.attribution.reason})` : 'no row',
    });
  }
  return { ratio: ratio(hit, contacts.length), misses };
};

/** (c) Confirmed contacts with a rate: the product's latest fee (an agreed one first) is that rate. Target ≥ 0.90. */
export const scoreAgreedFees = (rows: readonly ConversationJson[], contacts: readonly SeedContact[]) => {
  const byKey = new Map(rows.map((row) => [rowKey(row.campaign_id, row.contact_email), row]));
  const wanted = contacts.filter((c) => c.outcome === 'confirmed' && c.rate);
  const misses: Miss[] = [];
  let hit = 0;
  for (const contact of wanted) {
    const fee = byKey.get(rowKey(contact.campaign_id, contact.email))?.latest_fee ?? null;
    if (fee && fee.amount === contact.rate!.amount && fee.currency.toUpperCase() === contact.rate!.currency) {
      hit += 1;
      continue;
    }
    misses.push({ contact: `${contact.talent_name} <${contact.email}>`, campaign: contact.campaign_id, expected: feeText({ ...contact.rate!, state: 'agreed' }), got: feeText(fee) });
  }
  return { ratio: ratio(hit, wanted.length), misses };
};

/**
 * (d) Attribution per thread, reported without a target: of the mailbox threads on the contacts'
 * rows, how many are about that contact (precision), and of the threads about a contact, how many
 * are on its row (recall). A thread about another creator on a row is a miss.
 */
export const scoreThreadAttribution = (rows: readonly ConversationJson[], contacts: readonly SeedContact[]) => {
  const byKey = new Map(rows.map((row) => [rowKey(row.campaign_id, row.contact_email), row]));
  const threadKey = (mailbox: string, threadId: string) => `${mailbox}|${threadId}`;
  const misses: Miss[] = [];
  let onRows = 0;
  let onRowsAbout = 0;
  let about = 0;
  let aboutOnRow = 0;
  for (const contact of contacts) {
    const row = byKey.get(rowKey(contact.campaign_id, contact.email));
    const own = new Set(contact.threads.filter((t) => t.about).map((t) => threadKey(t.mailbox, t.threadId)));
    const shown = new Set((row?.threads ?? []).map((t) => threadKey(t.mailbox, t.thread_id)));
    about += own.size;
    aboutOnRow += [...own].filter((key) => shown.has(key)).length;
    onRows += shown.size;
    const foreign = [...shown].filter((key) => !own.has(key));
    onRowsAbout += shown.size - foreign.length;
    if (foreign.length) {
      misses.push({ contact: `${contact.talent_name} <${contact.email}>`, campaign: contact.campaign_id, expected: `only its ${own.size} own threads`, got: `${foreign.length} threads not about this talent: ${foreign.slice(0, 3).join(', ')}${foreign.length > 3 ? ', …' : ''}` });
    }
  }
  return { precision: ratio(onRowsAbout, onRows), recall: ratio(aboutOnRow, about), misses };
};

/** Every day of the seed's mail, first to last (UTC): the "whole seeded year" for Process Range. */
export const seedDateSpan = (seed: SeedData): { start_date: string; end_date: string } => {
  const dates = seed.mailboxes.flatMap((mailbox) => mailbox.messages.map((message) => message.date)).sort();
  return { start_date: dates[0]!.slice(0, 10), end_date: dates.at(-1)!.slice(0, 10) };
};

/**
 * README's five minutes: after importing the longlist into one campaign and processing the year
 * with the given mailboxes connected, the imported talents that should show mail are those the
 * key says were contacted for that campaign and that have a thread about them in those mailboxes.
 */
export const expectedWithMail = (truth: SeedData['truth'], campaignId: string, importedEmails: readonly string[], mailboxes: readonly string[]): SeedContact[] => {
  const imported = new Set(importedEmails.map((email) => email.trim().toLowerCase()));
  return truth.contacts.filter(
    (c) => c.campaign_id === campaignId && c.contacted && imported.has(c.email) && c.threads.some((t) => t.about && mailboxes.includes(t.mailbox)),
  );
};
