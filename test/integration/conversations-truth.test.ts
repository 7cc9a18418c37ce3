import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  conversationDetailResponse,
  conversationListResponse,
  STATUS_LABELS,
  type ConversationJson,
  type ConversationMessageJson,
} from '../../shared/schemas/conversations';
import { deriveStatus, type StatusEvent } from '../../shared/conversation-status';
import { formatDate, formatFee } from '../../functions/lib/conversations/tracker-rows';
import { reachesOtherSide } from '../../functions/lib/conversations/rules/sides';
import { jobEntity } from '../../functions/lib/store/entities/job';
import { parseAddressList } from '../../functions/lib/google/gmail-message';
import { HARD_CASES } from '../fixtures/conversations/hard-cases';
import { directoryOf, scoreAnswers, scoreRules, scoreTable, toRuleMessage, type CaseAnswer, type Ratio, type Scores } from '../fixtures/conversations/score';
import type { ConversationCase, FixtureMessage } from '../fixtures/conversations/types';
import { seed, truth } from '../fixtures/seed';
import { LOCAL_OPENAI_KEY } from '../emulators/openai/keys';
import type { GoogleEmulator } from '../emulators/google/server';
import type { OpenAIEmulator, OpenAILogEntry } from '../emulators/openai/server';
import { boot } from './harness';
import { createAgency, invite, signIn } from './identity-helpers';
import { settle, tabValues, type World } from './processing-helpers';

/**
 * The hard cases (test/fixtures/conversations/hard-cases.ts) read by the product end to end:
 * the seeded mailboxes of maya@, daniel@ and priya@ (all three members, all three connected),
 * the hard-case campaigns and contacts created over HTTP, one date-range job, then every
 * conversation read back through GET /api/v3/conversations and scored against the fixture's
 * expected answers. Attribution, merging across mailboxes and whose turn are the product's own
 * rules (no model involved) and are held to the bar; status, dates and fees also depend on what
 * the model reads (here the OpenAI emulator), so they are printed and held only to loose floors.
 */

const [MAYA, DANIEL, PRIYA] = ['maya@brightwave-agency.com', 'daniel@brightwave-agency.com', 'priya@brightwave-agency.com'] as const;
const STAFF = [MAYA, DANIEL, PRIYA];

// The interval: every message of every hard-case thread, as the seed holds them.
const CASE_THREADS = new Map(truth.hardCases.cases.map((c) => [c.id, new Set(c.threads.map((t) => `${t.mailbox}|${t.threadId}`))]));
const ALL_CASE_THREADS = new Set([...CASE_THREADS.values()].flatMap((s) => [...s]));
const CASE_DATES = seed.mailboxes
  .flatMap((mb) => mb.messages.filter((m) => ALL_CASE_THREADS.has(`${mb.email}|${m.threadId}`)).map((m) => m.date))
  .sort();
const START = CASE_DATES[0]!.slice(0, 10);
const END = CASE_DATES.at(-1)!.slice(0, 10);
/**
 * The mailbox threads a search by the tracked addresses finds: a hard-case talent or manager in
 * From/To/Cc. Two case threads are staff-only copies (an internal question, an FYI forward in
 * maya's mailbox) that no search by a talent's address can find; their messages are reached
 * through the colleague's copy of the thread, which holds the talent's mail as well.
 */
const TRACKED = new Set(
  truth.hardCases.contacts
    .flatMap((c) => [c.email, c.email_owner])
    .map((a) => a.trim().toLowerCase())
    .filter((a) => a.includes('@') && !a.endsWith(`@${truth.agency.domain}`)),
);
const SEARCHABLE = new Set(
  seed.mailboxes.flatMap((mb) =>
    mb.messages
      .filter((m) => !m.labelIds.some((l) => ['SPAM', 'TRASH', 'DRAFT'].includes(l)))
      .filter((m) => [m.from, ...m.to, ...m.cc].flatMap((line) => parseAddressList(line)).some((a) => TRACKED.has(a.email.toLowerCase())))
      .map((m) => `${mb.email}|${m.threadId}`),
  ),
);

const caseById = new Map(HARD_CASES.map((c) => [c.id, c]));
/** A Message-ID as the product shows it (no angle brackets). */
const bare = (id: string) => id.trim().replace(/^<|>$/g, '');
const fixtureMessages = new Map<string, FixtureMessage>(HARD_CASES.flatMap((c) => c.messages.map((m) => [bare(m.messageId), m] as const)));
const directory = directoryOf(HARD_CASES);

type Conversations = { rows: ConversationJson[]; na: ConversationJson[] };

const ANALYSIS_PROMPT = "You read one e-mail of an influencer-marketing agency's negotiation";
const SUMMARY_PROMPT = "You track an influencer-marketing agency's outreach";
const chatCalls = (openai: OpenAIEmulator, from: number) => openai.log.slice(from).filter((e) => e.path === '/v1/chat/completions');
const bodyOf = (e: OpenAILogEntry) => e.body as { messages: { role: string; content: string }[]; max_completion_tokens?: number };
const systemOf = (e: OpenAILogEntry) => bodyOf(e).messages.find((m) => m.role === 'system')?.content ?? '';
/** Which of the product's purposes a logged request was, by its system prompt. */
const purposeOf = (e: OpenAILogEntry) => {
  const system = systemOf(e);
  if (system.startsWith(ANALYSIS_PROMPT)) return 'individual_message_summary';
  if (system.startsWith('List the dates that matter')) return 'date_validation';
  if (system.startsWith(SUMMARY_PROMPT)) return 'thread_summary';
  if (system.startsWith("Write a short status of an influencer-marketing campaign's outreach")) return 'campaign_aggregation';
  return `other: ${system.slice(0, 40)}`;
};
const userOf = (e: OpenAILogEntry) => bodyOf(e).messages.filter((m) => m.role === 'user').map((m) => m.content).join('\n');

const pct = (r: Ratio) => `${(r.value * 100).toFixed(1)}% (${r.hit}/${r.total})`;
const norm = (s: string) => s.normalize('NFKC').replace(/\s+/g, ' ').trim().toLowerCase();
/** The product's quote stands for the expected one: one holds the other (both are verbatim slices of the same mail). */
const sameQuote = (got: string, want: string) => {
  const g = norm(got);
  const w = norm(want);
  return g.length > 0 && (g.includes(w) || w.includes(g));
};
/** The list JSON without the fields that say when, not what. */
const stable = (c: ConversationJson) => {
  const { updated_at: _updated, ...rest } = c;
  return rest;
};

describe('conversations: the hard cases through the product', () => {
  let world: World;
  let api: World['api'];
  let google: GoogleEmulator;
  let openai: OpenAIEmulator;
  let before: Conversations;

  const runJob = async (start: string, end: string) => {
    const started = await api.post<{ task_id: string }>('/api/v3/process/interval', { start_date: start, end_date: end });
    expect(started.status, started.text).toBe(200);
    const ended = await settle(world);
    expect(ended, String(ended.error)).toMatchObject({ is_processing: false, task_id: started.body.task_id, status: 'succeeded' });
    const { data: job } = await jobEntity.get({ agencyName: world.agencyName, jobId: started.body.task_id }).go();
    expect(job?.status).toBe('succeeded');
    return { taskId: started.body.task_id, status: ended, job: job! };
  };

  const detail = async (id: string) => {
    const response = await api.get(`/api/v3/conversations/${encodeURIComponent(id)}`);
    expect(response.status, response.text).toBe(200);
    return conversationDetailResponse.parse(response.body);
  };
  const listAll = async (query: string): Promise<ConversationJson[]> => {
    const items: ConversationJson[] = [];
    const totals = new Set<number>();
    let cursor: string | null = null;
    do {
      const response = await api.get(`/api/v3/conversations?limit=20${query ? `&${query}` : ''}${cursor ? `&cursor=${cursor}` : ''}`);
      expect(response.status, response.text).toBe(200);
      const page = conversationListResponse.parse(response.body);
      items.push(...page.items);
      totals.add(page.total);
      cursor = page.cursor;
    } while (cursor);
    expect([...totals]).toEqual([items.length]);
    expect(new Set(items.map((i) => i.id)).size).toBe(items.length);
    // A list row links its latest thread only; the scoring needs every thread, from the detail.
    return Promise.all(items.map(async (item) => (item.thread_count > 1 ? { ...item, threads: (await detail(item.id)).conversation.threads } : item)));
  };
  const readAll = async (): Promise<Conversations> => ({ rows: await listAll(''), na: await listAll('needs_assignment=true') });
  const rowOf = (all: Conversations, campaignId: string, email: string) => all.rows.find((r) => r.campaign_id === campaignId && r.contact_email === email);
  const touching = (list: ConversationJson[], threads: Set<string>) => list.filter((r) => r.threads.some((t) => threads.has(`${t.mailbox}|${t.thread_id}`)));

  /** The conversation a case's expectation describes (its first expected talent's, else the one its mail went to). */
  const recordOf = (all: Conversations, c: ConversationCase): ConversationJson | undefined => {
    const first = c.expect.targets[0];
    if (first) return rowOf(all, first.campaign_id, first.contact_email);
    const threads = CASE_THREADS.get(c.id)!;
    return touching(all.na, threads)[0] ?? touching(all.rows, threads)[0];
  };

  /** The product's answer for each hard case, in the shape scoreAnswers takes. */
  const answersOf = (all: Conversations): CaseAnswer[] =>
    HARD_CASES.map((c) => {
      const threads = CASE_THREADS.get(c.id)!;
      const rows = touching(all.rows, threads);
      const na = touching(all.na, threads);
      const first = c.expect.targets[0];
      const primary = rows.find((r) => first && r.contact_email === first.contact_email && r.campaign_id === first.campaign_id) ?? rows[0];
      const record = recordOf(all, c);
      return {
        caseId: c.id,
        targets: rows.map((r) => ({ contact_email: r.contact_email!, campaign_id: r.campaign_id! })),
        needsAssignment: na.length > 0,
        ...(na.length ? { candidates: na.flatMap((r) => r.candidates.map((x) => ({ contact_email: x.contact_email, campaign_id: x.campaign_id }))) } : {}),
        ...(primary ? { campaignConfirmed: primary.attribution.campaign_confirmed, reason: primary.attribution.reason } : {}),
        whoseTurn: record?.whose_turn ?? null,
        status: record?.status ?? 'not_contacted',
        messageCount: record?.message_count ?? 0,
        dates: (record?.dates ?? []).map((d) => ({ date: d.date, kind: d.kind, quote: d.quote })),
        fees: (record?.fees ?? []).map((f) => ({ amount: f.amount, currency: f.currency, unit: f.unit, vat_included: f.vat_included, quote: f.quote })),
      };
    });

  beforeAll(async () => {
    const booted = await boot();
    google = booted.runtime.emulators.google as unknown as GoogleEmulator;
    openai = booted.runtime.emulators.openai as unknown as OpenAIEmulator;

    // Three staff, each signed in with Google (mailbox connected), all members of one agency.
    const maya = await signIn(booted.runtime, MAYA);
    const agency = await createAgency(maya, truth.agency.name);
    for (const email of [DANIEL, PRIYA]) {
      const token = await invite(maya, booted.dataDir, email);
      const member = await signIn(booted.runtime, email);
      const accepted = await member.api.post('/api/v3/agency/invitations/accept', { invite_token: token });
      expect(accepted.status, accepted.text).toBe(200);
      // An invited member's mailbox is read only once they connect it (consent per agency).
      const connected = await member.api.post('/api/v3/mailboxes/connect', {});
      expect(connected.status, connected.text).toBe(200);
    }
    api = maya.api;
    const members = await api.get<{ members: { email: string; status: string }[] }>('/api/v3/agency/members');
    expect(members.body.members.filter((m) => m.status === 'active').map((m) => m.email).sort()).toEqual([...STAFF].sort());

    expect((await api.post('/api/v3/api-keys/set', { service: 'openai', api_key: LOCAL_OPENAI_KEY })).status).toBe(200);
    // Brightwave is a London agency (the fixtures' FIXTURE_LOCALE / FIXTURE_CURRENCY); no scan-age cut-off.
    const limits = await api.post('/api/v3/settings/processing-limits', { agency_locale: 'en-GB', default_currency: 'GBP', oldest_scan_days: 0 });
    expect(limits.status, limits.text).toBe(200);

    for (const c of truth.hardCases.campaigns) {
      const created = await api.post('/api/campaigns/add', c);
      expect(created.status, created.text).toBe(200);
    }
    await booted.runtime.settleAsync();
    const campaigns = new Map<string, { outreach_tracker_sheet_id: string }>();
    for (const c of truth.hardCases.campaigns) {
      const got = await api.get<{ campaign: { outreach_tracker_sheet_id: string } }>(`/api/campaigns/${c.campaign_id}`);
      expect(got.body.campaign.outreach_tracker_sheet_id, c.campaign_id).toBeTruthy();
      campaigns.set(c.campaign_id, got.body.campaign);
    }
    for (const x of truth.hardCases.contacts) {
      const added = await api.post('/api/campaigns/contacts/add', x);
      expect(added.status, added.text).toBe(200);
    }
    await booted.runtime.settleAsync();
    world = { booted, google, openai, api, agencyName: agency.agency.name, owner: MAYA, campaigns };

    const aiFrom = openai.log.length;
    const logFrom = google.log.length;
    const started = Date.now();
    const { status } = await runJob(START, END);
    const calls = chatCalls(openai, aiFrom);
    const firstJobCalls = calls.length;
    const byPurpose: Record<string, number> = {};
    for (const e of calls) byPurpose[purposeOf(e)] = (byPurpose[purposeOf(e)] ?? 0) + 1;
    console.log(
      `hard cases: interval ${START}..${END}, ${status.progress?.threads_total} mailbox threads, ${firstJobCalls} model calls ${JSON.stringify(byPurpose)}, ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    expect(calls.every((e) => e.status === 200)).toBe(true);
    // every staff mailbox was searched
    const listed = new Set(google.log.slice(logFrom).filter((e) => e.operation === 'gmail.users.threads.list').map((e) => e.user));
    expect([...listed].sort()).toEqual([...STAFF].sort());
    // every mailbox thread a search by the hard-case addresses finds was handled, and those are all hard-case threads
    expect([...SEARCHABLE].every((t) => ALL_CASE_THREADS.has(t))).toBe(true);
    // Not found by a search: two threads no tracked address takes part in (deliberately), and the two
    // of a manager whose Manager cell holds only a name ("Sophie Grant (Peak Talent)"): a name never
    // reaches a Gmail query, so her mail is read when it arrives (history, push), not by a range search.
    expect(ALL_CASE_THREADS.size - SEARCHABLE.size).toBe(4);
    expect(status.progress).toMatchObject({ threads_total: SEARCHABLE.size, threads_completed: SEARCHABLE.size });
    before = await readAll();
  }, 900_000);

  afterAll(async () => {
    await world?.booted.stop();
  }, 300_000);

  it('attributes, merges and reads the turn as the fixtures expect (scored from the API)', async () => {
    expect(before.rows).toHaveLength(truth.hardCases.contacts.length);
    const answers = answersOf(before);
    const product = scoreAnswers(HARD_CASES, answers);
    const rules = scoreRules(HARD_CASES);

    // Status once more with the fixture's intents (and its fees) over the product's own records:
    // what the status table gives when the model reads each message as the fixture does.
    let fixtureStatusHit = 0;
    const fixtureStatusMisses: string[] = [];
    for (const c of HARD_CASES) {
      const record = recordOf(before, c);
      let status = record?.status ?? 'not_contacted';
      if (record && record.message_count > 0) {
        const { messages } = await detail(record.id);
        const campaignIds = record.campaign_id ? [record.campaign_id] : [...new Set(record.candidates.map((x) => x.campaign_id))];
        const events: StatusEvent[] = messages.map((m: ConversationMessageJson) => {
          const fixture = fixtureMessages.get(bare(m.message_id));
          expect(fixture, `${record.id} ${m.message_id} is a hard-case message`).toBeDefined();
          const expectedFees = HARD_CASES.flatMap((x) => x.expect.fees).filter((f) => bare(f.message_id) === bare(m.message_id));
          return {
            at: Date.parse(m.date),
            side: m.side,
            autoReply: m.auto_reply,
            ...(fixture ? { intent: fixture.intent } : {}),
            fees: [...new Map(expectedFees.map((f) => [`${f.amount}|${f.currency}`, { amount: f.amount, currency: f.currency }])).values()],
            toOtherSide: fixture ? reachesOtherSide(toRuleMessage(fixture), { directory, campaignIds }) : true,
          };
        });
        status = deriveStatus(events).status;
      }
      if (status === c.expect.status) fixtureStatusHit += 1;
      else fixtureStatusMisses.push(`${c.id}: expected ${c.expect.status}, got ${status}`);
    }

    // Dates and fees found with their quotes (the product's quote holds the expected words, or they hold it).
    let dateHit = 0;
    let dateTotal = 0;
    let feeHit = 0;
    let feeTotal = 0;
    let feeAmountHit = 0;
    for (const c of HARD_CASES) {
      const record = recordOf(before, c);
      for (const d of c.expect.dates) {
        dateTotal += 1;
        if (record?.dates.some((x) => x.date === d.date && sameQuote(x.quote, d.quote))) dateHit += 1;
      }
      for (const f of c.expect.fees) {
        feeTotal += 1;
        const same = (record?.fees ?? []).filter((x) => Math.abs(x.amount - f.amount) < 0.005 && x.currency === f.currency);
        if (same.length) feeAmountHit += 1;
        if (same.some((x) => sameQuote(x.quote, f.quote))) feeHit += 1;
      }
    }
    const ratio = (hit: number, total: number): Ratio => ({ hit, total, value: total ? hit / total : 1 });
    const datesWithQuotes = ratio(dateHit, dateTotal);
    const feesWithQuotes = ratio(feeHit, feeTotal);
    const feesByAmount = ratio(feeAmountHit, feeTotal);
    const fixtureStatus = ratio(fixtureStatusHit, HARD_CASES.length);

    const show = (name: string, s: Scores) => ({ name, scores: s });
    console.log(`\n${scoreTable([show('product (API)', product), show('pure rules, fixture intents', rules)])}`);
    console.log(
      [
        '',
        'product, not model-dependent:',
        `  attribution precision talent+campaign ${pct(product.attribution.target.precision)}, recall ${pct(product.attribution.target.recall)}`,
        `  attribution precision talent          ${pct(product.attribution.talent.precision)}, recall ${pct(product.attribution.talent.recall)}`,
        `  turn ${pct(product.turn)}   message count ${pct(product.messageCount)}   needs assignment ${pct(product.needsAssignment)}`,
        'model-dependent (OpenAI emulator):',
        `  status (product, emulator intents)                     ${pct(product.status)}`,
        `  status (product records, fixture intents and fees)     ${pct(fixtureStatus)}`,
        `  status (score.ts rules path, fixture intents)          ${pct(rules.status)}`,
        `  dates found (same day)                 ${pct(product.dates)}   with their quote ${pct(datesWithQuotes)}`,
        `  fees found (amount+currency)           ${pct(feesByAmount)}   with their quote ${pct(feesWithQuotes)}`,
        `  fees read as expected (+unit, VAT)     ${pct(product.fees)}`,
        '',
        'misses (product):',
        ...product.misses.map((m) => `  ${m.caseId} ${m.field}: expected ${JSON.stringify(m.expected)} got ${JSON.stringify(m.got)}`),
        'status misses with fixture intents on the product records:',
        ...fixtureStatusMisses.map((line) => `  ${line}`),
      ].join('\n'),
    );

    // The product's own rules: held to the bar (soft: every threshold is checked and reported).
    expect.soft(product.attribution.target.precision.value, 'attribution precision (talent+campaign)').toBeGreaterThanOrEqual(0.98);
    expect.soft(product.attribution.target.recall.value, 'attribution recall (talent+campaign)').toBeGreaterThanOrEqual(0.97);
    expect.soft(product.attribution.talent.precision.value, 'attribution precision (talent)').toBeGreaterThanOrEqual(0.98);
    expect.soft(product.attribution.talent.recall.value, 'attribution recall (talent)').toBeGreaterThanOrEqual(0.97);
    expect.soft(product.turn.value, 'turn accuracy').toBeGreaterThanOrEqual(0.95);

    // What the model reads: loose floors the product reaches with the emulator (see the printed
    // numbers). The emulator reads intents and fees from English, French, German and Spanish cue
    // words only: it finds no fee written in yen or won (¥180,000, 250만원), in złoty or S$, it
    // misses some declines and withdrawals (Spanish decline, a confirmed deal withdrawn later) and
    // may read a follow-up's "if it's not a fit" as a decline, so the status it leads to is lower
    // than with the fixture's intents. It takes a fee's unit only from the words next to the
    // amount ("€1,400" alone is a total to it; the fixture, knowing the deal covers two
    // deliverables, says bundle), so fees are held on amount and currency and the stricter
    // measure is only printed with a token floor. Weekday arithmetic ("next Friday", "the
    // Thursday after that") and bare numeric dates ("02.10.", "12/03") are beyond it too.
    expect.soft(product.status.value, 'status accuracy (emulator intents)').toBeGreaterThanOrEqual(0.6);
    // with the fixture's intents the status table over the product's records is close to the rules'
    expect.soft(fixtureStatus.value, 'status accuracy (fixture intents, product records)').toBeGreaterThanOrEqual(0.95);
    expect.soft(product.dates.value, 'dates found').toBeGreaterThanOrEqual(0.7);
    expect.soft(datesWithQuotes.value, 'dates found with their quote').toBeGreaterThanOrEqual(0.7);
    expect.soft(feesByAmount.value, 'fees found (amount+currency)').toBeGreaterThanOrEqual(0.7);
    expect.soft(feesWithQuotes.value, 'fees found with their quote').toBeGreaterThanOrEqual(0.7);
    expect.soft(product.fees.value, 'fees read as expected (unit, VAT)').toBeGreaterThanOrEqual(0.2);
    // every date and fee the product keeps cites words of its message
    for (const r of before.rows) {
      for (const d of r.dates) expect(d.quote.length, `${r.id} ${d.date}`).toBeGreaterThan(0);
      for (const f of r.fees) expect(f.quote.length, `${r.id} ${f.amount}`).toBeGreaterThan(0);
    }
  }, 300_000);

  it("writes each hard-case campaign's tracker: one row per contact, the API's status, count, fee and next date", async () => {
    let feeRows = 0;
    let dateRows = 0;
    for (const campaign of truth.hardCases.campaigns) {
      const sheetId = world.campaigns.get(campaign.campaign_id)!.outreach_tracker_sheet_id;
      const values = tabValues(google, sheetId, 'Outreach');
      const header = values[0]!;
      const col = (name: string) => {
        const i = header.indexOf(name);
        expect(i, `${campaign.campaign_id} header ${name}`).toBeGreaterThanOrEqual(0);
        return i;
      };
      const [email, status, turn, messages, fee, next] = ['Email', 'Status', 'Whose Turn', 'Messages', 'Latest Fee', 'Next Key Date'].map(col) as [number, number, number, number, number, number];
      const body = values.slice(1).filter((r) => r[email]);
      const contacts = truth.hardCases.contacts.filter((x) => x.campaign_id === campaign.campaign_id);
      expect(body.map((r) => r[email]).sort(), campaign.campaign_id).toEqual(contacts.map((x) => x.email).sort());
      for (const x of contacts) {
        const row = body.find((r) => r[email] === x.email)!;
        const api = rowOf(before, campaign.campaign_id, x.email)!;
        expect(api, `${campaign.campaign_id}:${x.email}`).toBeDefined();
        const where = `${campaign.campaign_id}:${x.email}`;
        if (api.message_count === 0) {
          expect(row[status], where).toBe('Not contacted');
          expect(row[messages], where).toBe('0');
        }
        expect(row[status], where).toBe(STATUS_LABELS[api.status]);
        expect(row[turn], where).toBe(api.whose_turn === 'agency' ? 'Agency' : api.whose_turn === 'talent' ? 'Talent' : '');
        expect(row[messages], where).toBe(String(api.message_count));
        expect(row[fee], where).toBe(formatFee(api.latest_fee));
        expect(row[next], where).toBe(formatDate(api.next_date));
        if (api.latest_fee) feeRows += 1;
        if (api.next_date) dateRows += 1;
      }
    }
    // a fee case and a date case are among them (dates on or after today: the hard cases reach 2027-03)
    expect(feeRows).toBeGreaterThan(0);
    expect(dateRows).toBeGreaterThan(0);
    const feeCase = rowOf(before, 'hc-solenne-spf', 'inescarvalho.mua@gmail.com')!;
    const feeRow = tabValues(google, world.campaigns.get('hc-solenne-spf')!.outreach_tracker_sheet_id, 'Outreach').find((r) => r.includes(feeCase.contact_email!))!;
    console.log(`tracker fee case ${feeCase.id}: "${feeRow.find((cell) => cell === formatFee(feeCase.latest_fee))}" = API ${JSON.stringify(feeCase.latest_fee)}`);
    const dateCase = before.rows.find((r) => r.next_date)!;
    console.log(`tracker date case ${dateCase.id}: "${formatDate(dateCase.next_date)}"`);

    // the not-contacted hard cases and a talent in two campaigns
    for (const c of HARD_CASES.filter((x) => x.categories.includes('not_contacted'))) {
      const t = c.expect.targets[0]!;
      const row = tabValues(google, world.campaigns.get(t.campaign_id)!.outreach_tracker_sheet_id, 'Outreach').filter((r) => r.includes(t.contact_email));
      expect(row, c.id).toHaveLength(1);
    }
    const twoCampaigns = truth.hardCases.contacts.filter((x, _, all) => all.filter((y) => y.email === x.email).length > 1);
    expect(twoCampaigns.length).toBeGreaterThan(0);
    for (const x of twoCampaigns) {
      const rows = tabValues(google, world.campaigns.get(x.campaign_id)!.outreach_tracker_sheet_id, 'Outreach').filter((r) => r.includes(x.email));
      expect(rows, `${x.campaign_id}:${x.email}`).toHaveLength(1);
    }
  }, 300_000);

  it('the same range again: identical conversations, no model call', async () => {
    const aiFrom = openai.log.length;
    await runJob(START, END);
    expect(chatCalls(openai, aiFrom)).toHaveLength(0);
    const again = await readAll();
    expect(again.rows.map(stable)).toEqual(before.rows.map(stable));
    expect(again.na.map(stable)).toEqual(before.na.map(stable));
  }, 300_000);

  it('the two-mailbox hard cases: one conversation over both mailboxes, each Message-ID counted once', async () => {
    const cases = HARD_CASES.filter((x) => x.categories.includes('two_mailboxes'));
    expect(cases.length).toBeGreaterThan(0);
    for (const c of cases) {
      const record = recordOf(before, c)!;
      const links = record.threads.map((x) => `${x.mailbox}|${x.thread_id}`);
      console.log(`${c.id}: ${record.id} messages ${record.message_count} (fixture: ${new Set(c.messages.map((m) => m.messageId)).size} Message-IDs), threads ${links.join(', ')}`);
      for (const t of CASE_THREADS.get(c.id)!) expect.soft(links, c.id).toContain(t);
      expect.soft(new Set(record.threads.map((t) => t.mailbox)).size, c.id).toBeGreaterThan(1);
      expect.soft(record.message_count, c.id).toBe(new Set(c.messages.map((m) => m.messageId)).size);
      // no other case's thread in it
      expect.soft(links.filter((l) => !CASE_THREADS.get(c.id)!.has(l)), c.id).toEqual([]);
    }
  }, 300_000);

  it('a copy of a message in a second mailbox changes no count and costs no model call', async () => {
    // A copy of one of maya's hard-case messages lands in priya's mailbox (as a Bcc would): same
    // Message-ID header. addMessage mints its own Message-ID, so the stored copy's header is set
    // to the original's in the emulator's state before anything reads it.
    const c = caseById.get('mgr3-full-name')!;
    const [thread] = [...CASE_THREADS.get(c.id)!];
    const [mailbox, threadId] = thread!.split('|') as [string, string];
    const original = seed.mailboxes.find((mb) => mb.email === mailbox)!.messages.find((m) => m.threadId === threadId && !STAFF.some((s) => m.from.includes(s)))!;
    expect(mailbox).not.toBe(PRIYA);
    const added = google.addMessage({ mailbox: PRIYA, from: original.from, to: original.to, cc: original.cc, subject: original.subject, body: original.body, date: new Date(original.date) });
    const stored = google.state.mailboxes.get(PRIYA)!.messages.get(added.id)!;
    stored.messageId = original.messageId;
    delete stored.inReplyTo;
    delete stored.references;
    if (original.inReplyTo) stored.inReplyTo = original.inReplyTo;
    if (original.references) stored.references = original.references;
    delete stored.search;

    const record = recordOf(before, c)!;
    const aiFrom = openai.log.length;
    await runJob(START, END);
    const calls = chatCalls(openai, aiFrom).map(purposeOf);
    console.log(`model calls after the copy: ${JSON.stringify(calls)}`);
    // nothing about the message is asked again (it is known by its Message-ID)
    expect(calls.filter((p) => p !== 'campaign_aggregation')).toEqual([]);
    const after = await readAll();
    const now = rowOf(after, record.campaign_id!, record.contact_email!)!;
    expect(now.message_count).toBe(record.message_count);
    expect(now.message_count).toBe(c.expect.message_count);
    expect(now.threads.map((t) => `${t.mailbox}|${t.thread_id}`)).toContain(`${PRIYA}|${added.threadId}`);
    expect(stable({ ...now, threads: record.threads })).toEqual(stable(record));
    // nothing else moved
    expect(after.rows.filter((r) => r.id !== record.id).map(stable)).toEqual(before.rows.filter((r) => r.id !== record.id).map(stable));
    expect(after.na.map(stable)).toEqual(before.na.map(stable));
    before = after;
    // ...and no model call at all: the campaign's status lines are the same as before the copy
    expect(calls, 'campaign_aggregation asked again for a campaign whose conversations did not change').toEqual([]);
  }, 300_000);

  it("a person's correction survives a full re-summarise with new mail", async () => {
    const c = caseById.get('mgr3-first-name')!;
    const target = c.expect.targets[0]!;
    const record = rowOf(before, target.campaign_id, target.contact_email)!;
    expect(record.message_count).toBeGreaterThan(0);
    expect(record.status).not.toBe('confirmed');

    const patched = await api.request('PATCH', `/api/v3/conversations/${encodeURIComponent(record.id)}`, {
      status: 'confirmed',
      fees: [{ amount: 1650, currency: 'EUR', unit: 'bundle', state: 'agreed', quote: 'agreed on the phone with Rafaela' }],
    });
    expect(patched.status, patched.text).toBe(200);
    const mode = await api.post('/api/v3/settings/processing-mode', { incremental_processing_enabled: false });
    expect(mode.status, mode.text).toBe(200);

    // New mail in the same Gmail thread, after the correction.
    const [thread] = [...CASE_THREADS.get(c.id)!];
    const [mailbox, threadId] = thread!.split('|') as [string, string];
    const last = seed.mailboxes.find((mb) => mb.email === mailbox)!.messages.filter((m) => m.threadId === threadId).at(-1)!;
    const manager = truth.hardCases.contacts.find((x) => x.email === target.contact_email && x.campaign_id === target.campaign_id)!.email_owner;
    google.addMessage({
      mailbox,
      threadId,
      from: `Rafaela Nunes <${manager}>`,
      to: [mailbox],
      subject: last.subject.startsWith('Re:') ? last.subject : `Re: ${last.subject}`,
      body: 'Hi Maya,\n\nInês could add a TikTok to the package. Could we do €1,950 for the bundle, posting on 2026-12-10?\n\nBest,\nRafaela',
    });

    const aiFrom = openai.log.length;
    const today = new Date().toISOString().slice(0, 10);
    await runJob(START, today);
    const calls = chatCalls(openai, aiFrom);
    expect(calls.filter((e) => systemOf(e).startsWith(ANALYSIS_PROMPT))).toHaveLength(1);
    const summaries = calls.filter((e) => systemOf(e).startsWith(SUMMARY_PROMPT));
    expect(summaries).toHaveLength(1);
    // a full pass: no "previous summary", every message of the thread in the prompt
    expect(systemOf(summaries[0]!)).not.toMatch(/Update the previous summary/);
    expect((userOf(summaries[0]!).match(/<email /g) ?? []).length).toBe(record.message_count + 1);

    const after = await detail(record.id);
    const now = after.conversation;
    expect(now.corrected_fields).toEqual(expect.arrayContaining(['status', 'fees']));
    expect(now.status).toBe('confirmed');
    expect(now.fees.filter((f) => f.set_by === 'person')).toEqual([expect.objectContaining({ amount: 1650, currency: 'EUR', state: 'agreed', set_by: 'person' })]);
    // the model's fees from before the correction stay hidden; the new mail's fee is read beside the person's
    expect(now.fees.filter((f) => f.set_by === 'model').every((f) => after.messages.at(-1)!.message_id === f.message_id)).toBe(true);
    expect(now.message_count).toBe(record.message_count + 1);
    expect(now.summary).not.toBe(record.summary);
    expect(now.summary.length).toBeGreaterThan(0);
    console.log(`correction kept on ${now.id}: status ${now.status}, fees ${JSON.stringify(now.fees.map((f) => `${f.amount} ${f.currency} ${f.state} by ${f.set_by}`))}, messages ${record.message_count} → ${now.message_count}`);
    const sheet = tabValues(google, world.campaigns.get(target.campaign_id)!.outreach_tracker_sheet_id, 'Outreach');
    const row = sheet.find((r) => r.includes(target.contact_email))!;
    expect(row).toContain('Confirmed (set by a person)');
    expect(row).toContain(formatFee(now.latest_fee));
  }, 300_000);

  it('an answer cut at its token limit is asked once more with twice the budget; a second cut is a named failure, nothing else fails', async () => {
    const config = await api.post('/api/v3/settings/model-config', { operation: 'individual_message_summary', max_tokens: 1 });
    expect(config.status, config.text).toBe(200);

    // The product asks a structured answer first at the cap measured answers need (350 for message
    // analysis, ai/answer-caps.ts) and retries once at twice its budget (a floor of 800); the
    // emulator offers no switch to force finish_reason "length", so the messages are long: the
    // emulator's answer lists every amount it reads, one sheet of ~100 amounts needs ~930 tokens
    // (cut at 350, fits in 1,600), one of ~600 needs ~2,700.
    const c = caseById.get('mgr3-handle')!;
    const target = c.expect.targets[0]!;
    const record = rowOf(before, target.campaign_id, target.contact_email)!;
    const [thread] = [...CASE_THREADS.get(c.id)!];
    const [mailbox, threadId] = thread!.split('|') as [string, string];
    const subject = seed.mailboxes.find((mb) => mb.email === mailbox)!.messages.find((m) => m.threadId === threadId)!.subject;
    const manager = truth.hardCases.contacts.find((x) => x.email === target.contact_email && x.campaign_id === target.campaign_id)!.email_owner;
    const sheet = (marker: string, n: number) =>
      `Hi Maya,\n\n${marker}: for the budget sheet, these are the crew day rates we were quoted: ${Array.from({ length: n }, (_, i) => `£${1000 + i}`).join(', ')}.\n\nThanks,\nRafaela`;
    const reply = `Re: ${subject.replace(/^Re:\s*/i, '')}`;
    google.addMessage({ mailbox, threadId, from: `Rafaela Nunes <${manager}>`, to: [mailbox], subject: reply, body: sheet('SHORT-SHEET', 100) });
    google.addMessage({ mailbox, threadId, from: `Rafaela Nunes <${manager}>`, to: [mailbox], subject: reply, body: sheet('LONG-SHEET', 600) });

    const aiFrom = openai.log.length;
    const today = new Date().toISOString().slice(0, 10);
    await runJob(START, today);
    const analyses = chatCalls(openai, aiFrom).filter((e) => systemOf(e).startsWith(ANALYSIS_PROMPT));
    const short = analyses.filter((e) => userOf(e).includes('SHORT-SHEET'));
    const long = analyses.filter((e) => userOf(e).includes('LONG-SHEET'));
    expect(analyses).toHaveLength(4);
    // first answer cut at the measured cap, the retry at twice the budget fits
    expect(short.map((e) => bodyOf(e).max_completion_tokens)).toEqual([350, 1600]);
    expect(short.map((e) => e.usage?.completion_tokens)).toEqual([350, expect.any(Number)]);
    expect(short[1]!.usage!.completion_tokens).toBeLessThan(1600);
    // both cut
    expect(long.map((e) => bodyOf(e).max_completion_tokens)).toEqual([350, 1600]);
    expect(long.map((e) => e.usage?.completion_tokens)).toEqual([350, 1600]);
    console.log(`token-limit retries: short sheet ${short.map((e) => `${bodyOf(e).max_completion_tokens}→${e.usage?.completion_tokens}`).join(', ')}; long sheet ${long.map((e) => `${bodyOf(e).max_completion_tokens}→${e.usage?.completion_tokens}`).join(', ')}`);

    const after = await readAll();
    const now = rowOf(after, target.campaign_id, target.contact_email)!;
    expect(now.message_count).toBe(record.message_count + 2);
    expect(now.failures.length).toBeGreaterThan(0);
    expect(new Set(now.failures.map((f) => f.purpose))).toEqual(new Set(['individual_message_summary']));
    console.log(`failures on ${now.id}: ${JSON.stringify(now.failures.map((f) => ({ purpose: f.purpose, message: f.message })))}`);
    // the retried message was read: its fees (verified quotes) are on the conversation
    expect(now.fees.some((f) => f.amount === 1000 && f.currency === 'GBP')).toBe(true);
    // nothing else of the job failed
    for (const r of [...after.rows, ...after.na].filter((x) => x.id !== now.id)) expect(r.failures, r.id).toEqual([]);
  }, 300_000);
});
