/**
 * `npm run score:seed`: the product scored on the whole seeded agency against the seed's own
 * answer key (test/fixtures/seed: truth.contacts with `contacted`, `outcome`, `rate` and which
 * threads are `about` each talent). Two scenarios, each on a fresh local runtime (the emulators,
 * the real ASL and handlers), set up over HTTP as staff would:
 *
 *  A. README's five minutes: Maya signs in (her mailbox only), creates the agency, sets the OpenAI
 *     key, creates Holiday Glam, imports the seeded longlist's "Longlist" tab, then processes the
 *     whole seeded year. Which of the campaign's talents show mail, and Alfie Quinn's latest fee.
 *  B. The whole seeded agency: all three staff connected, every campaign and contact added, the
 *     Holiday Glam longlist imported, one Process Range job over the year; then every conversation
 *     read from GET /api/v3/conversations and scored: never-contacted talents with mail or a fee,
 *     outcome agreement, agreed fees.
 *
 * Prints a table and the misses, writes .bench/score-seed.json, exits 1 when a target is
 * missed. Takes minutes (the year is ~300 threads); not part of `npm test`.
 */
import './score-seed/env';
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { seed, truth } from '../test/fixtures/seed';
import { addCampaigns, addContacts, importLonglist, OPENAI_LATENCY_MS, processRange, readConversations, startAgency, type JobResult } from './score-seed/agency';
import { expectedWithMail, feeText, scoreAgreedFees, scoreNeverContacted, scoreOutcomes, scoreThreadAttribution, seedDateSpan, showsMail, type Miss, type Ratio } from './score-seed/answer-key';

const HOLIDAY_GLAM = 'holiday-glam-2026';
const LONGLIST_TAB = 'Longlist';
const ALFIE = 'Alfie Quinn';
const [MAYA, DANIEL, PRIYA] = ['maya@brightwave-agency.com', 'daniel@brightwave-agency.com', 'priya@brightwave-agency.com'] as const;
const TARGETS = { neverContactedWithMail: 0, outcomes: 0.9, agreedFees: 0.9 };
const RESULTS = fileURLToPath(new URL('../.bench/score-seed.json', import.meta.url));

const log = (line: string) => console.log(line);
const pct = (r: Ratio) => `${(r.value * 100).toFixed(1)} % (${r.hit}/${r.total})`;
const range = seedDateSpan(seed);
const longlistTab = truth.longlist.tabs.find((tab) => tab.title === LONGLIST_TAB)!;
/** The rows an import into a campaign with no contacts yet brings in (valid, first of their e-mail). */
const importedEmails = longlistTab.rows.filter((row) => row.status === 'new' || row.status === 'already_tracked').map((row) => row.normalizedEmail);

type Check = { name: string; target: string; got: string; pass: boolean };

const jobLine = (job: JobResult) =>
  `${job.status}${job.error ? ` (${job.error})` : ''}; ${job.threadsCompleted ?? '?'} of ${job.threadsTotal ?? '?'} threads processed` +
  `${job.threadsFailed ? `, ${job.threadsFailed} failed` : ''}; ${job.elapsedSeconds.toFixed(0)} s`;

const scenarioA = async () => {
  log(`\nA. README's five minutes: ${MAYA} only, campaign ${HOLIDAY_GLAM}, longlist tab "${LONGLIST_TAB}", Process Range ${range.start_date}..${range.end_date}`);
  const agency = await startAgency(MAYA);
  try {
    await addCampaigns(agency, [HOLIDAY_GLAM]);
    const imported = await importLonglist(agency, HOLIDAY_GLAM, LONGLIST_TAB);
    log(`  longlist: ${imported.imported} imported, ${imported.skipped} skipped, ${imported.duplicates} duplicates`);
    const job = await processRange(agency, range, log);
    log(`  job: ${jobLine(job)}`);
    const rows = (await readConversations(agency, `campaign_id=${HOLIDAY_GLAM}`)).filter((row) => row.campaign_id === HOLIDAY_GLAM);
    const withMail = rows.filter(showsMail).map((row) => ({ talent: row.talent_name, email: row.contact_email, messages: row.message_count, status: row.status, latestFee: feeText(row.latest_fee), reason: row.attribution.reason }));
    const expected = expectedWithMail(truth, HOLIDAY_GLAM, importedEmails, agency.mailboxes);
    const alfieKey = truth.contacts.find((c) => c.campaign_id === HOLIDAY_GLAM && c.talent_name === ALFIE)!;
    const alfieRow = rows.find((row) => row.contact_email === alfieKey.email);
    const expectedNames = expected.map((c) => c.talent_name).sort();
    const gotNames = withMail.map((row) => row.talent).sort();
    const alfieFee = alfieRow?.latest_fee ?? null;
    const checks: Check[] = [
      {
        name: 'A: talents showing mail',
        target: `only ${expectedNames.join(', ')}`,
        got: gotNames.join(', ') || 'none',
        pass: job.status === 'succeeded' && JSON.stringify(gotNames) === JSON.stringify(expectedNames),
      },
      {
        name: `A: ${ALFIE}'s latest fee`,
        target: feeText(alfieKey.rate),
        got: feeText(alfieFee),
        pass: Boolean(alfieFee && alfieKey.rate && alfieFee.amount === alfieKey.rate.amount && alfieFee.currency.toUpperCase() === alfieKey.rate.currency),
      },
    ];
    return { job, rows: rows.length, withMail, expectedWithMail: expectedNames, alfie: { expected: alfieKey.rate ?? null, got: alfieFee }, checks };
  } finally {
    await agency.booted.stop();
  }
};

const scenarioB = async () => {
  log(`\nB. The whole seeded year: ${MAYA}, ${DANIEL}, ${PRIYA} connected, ${truth.campaigns.length} campaigns, ${truth.contacts.length} contacts + the ${HOLIDAY_GLAM} longlist, Process Range ${range.start_date}..${range.end_date}`);
  const agency = await startAgency(MAYA, [DANIEL, PRIYA]);
  try {
    await addCampaigns(agency, truth.campaigns.map((c) => c.campaign_id));
    await addContacts(agency, truth.contacts);
    const imported = await importLonglist(agency, HOLIDAY_GLAM, LONGLIST_TAB);
    log(`  longlist: ${imported.imported} imported, ${imported.skipped} skipped, ${imported.duplicates} duplicates`);
    const job = await processRange(agency, range, log);
    log(`  job: ${jobLine(job)}`);
    const rows = await readConversations(agency);
    const needsAssignment = await readConversations(agency, 'needs_assignment=true');
    const never = scoreNeverContacted(rows, truth.contacts);
    const outcomes = scoreOutcomes(rows, truth.contacts);
    const fees = scoreAgreedFees(rows, truth.contacts);
    const attribution = scoreThreadAttribution(rows, truth.contacts);
    const checks: Check[] = [
      { name: 'B: job', target: `succeeded, ${truth.contacts.flatMap((c) => c.threads.filter((t) => t.about)).length} threads about the contacts`, got: jobLine(job), pass: job.status === 'succeeded' },
      {
        name: 'B(a): never-contacted talents with mail or a fee',
        target: String(TARGETS.neverContactedWithMail),
        got: `${never.withMailOrFee} of ${never.neverContacted}`,
        pass: never.withMailOrFee <= TARGETS.neverContactedWithMail,
      },
      { name: 'B(b): outcome agreement per contact', target: `>= ${TARGETS.outcomes * 100} %`, got: pct(outcomes.ratio), pass: outcomes.ratio.value >= TARGETS.outcomes },
      { name: 'B(c): agreed fee = rate (confirmed, with a rate)', target: `>= ${TARGETS.agreedFees * 100} %`, got: pct(fees.ratio), pass: fees.ratio.value >= TARGETS.agreedFees },
      // reported, not a target of this script: the hard-case suite holds attribution to its bar
      { name: 'B(d): threads on a row about its talent', target: '(reported)', got: `precision ${pct(attribution.precision)}, recall ${pct(attribution.recall)}`, pass: true },
    ];
    const byStatus: Record<string, number> = {};
    for (const row of rows) byStatus[row.status] = (byStatus[row.status] ?? 0) + 1;
    return { job, rows: rows.length, needsAssignment: needsAssignment.length, byStatus, neverContacted: never, outcomes, agreedFees: fees, threadAttribution: attribution, checks };
  } finally {
    await agency.booted.stop();
  }
};

const printMisses = (title: string, misses: Miss[]) => {
  if (!misses.length) return;
  log(`\n${title} (${misses.length}):`);
  for (const miss of misses) log(`  ${miss.campaign.padEnd(20)} ${miss.contact.padEnd(52)} expected ${miss.expected}; got ${miss.got}`);
};

const main = async (): Promise<boolean> => {
  const t0 = performance.now();
  log(`score:seed: THREADLINE_NOW=${process.env.THREADLINE_NOW}, OPENAI_TIER=${process.env.OPENAI_TIER}, OpenAI emulator latency ${OPENAI_LATENCY_MS} ms`);
  const a = await scenarioA();
  const b = await scenarioB();
  const checks = [...a.checks, ...b.checks];

  log(`\nA: ${a.rows} Holiday Glam rows; with mail:`);
  for (const row of a.withMail) log(`  ${row.talent.padEnd(20)} ${String(row.messages).padStart(4)} messages  ${row.status.padEnd(15)} latest fee ${row.latestFee.padEnd(22)} (${row.reason})`);
  log(`B: ${b.rows} rows, ${b.needsAssignment} needing assignment; by status ${JSON.stringify(b.byStatus)}`);
  printMisses('B(a) never-contacted talents with mail or a fee', b.neverContacted.misses);
  printMisses('B(b) outcome misses', b.outcomes.misses);
  printMisses('B(c) agreed-fee misses', b.agreedFees.misses);
  printMisses('B(d) rows holding threads about another talent', b.threadAttribution.misses);

  const width = Math.max(...checks.map((c) => c.name.length));
  log(`\n${'check'.padEnd(width)}  ${'target'.padEnd(34)}  result`);
  for (const c of checks) log(`${c.name.padEnd(width)}  ${c.target.padEnd(34)}  ${c.got}  ${c.pass ? 'PASS' : 'MISS'}`);
  log(`\n(in_progress counts as replied or negotiating; no_reply as awaiting_reply. ${((performance.now() - t0) / 1000).toFixed(0)} s in all)`);

  mkdirSync(fileURLToPath(new URL('../.bench/', import.meta.url)), { recursive: true });
  writeFileSync(
    RESULTS,
    `${JSON.stringify({ ranAt: new Date().toISOString(), env: { THREADLINE_NOW: process.env.THREADLINE_NOW, OPENAI_TIER: process.env.OPENAI_TIER, openaiLatencyMs: OPENAI_LATENCY_MS }, range, targets: TARGETS, checks, scenarioA: a, scenarioB: b }, null, 2)}\n`,
  );
  log(`results: ${RESULTS}`);
  return checks.every((c) => c.pass);
};

if (import.meta.url === `file://${process.argv[1]}`) {
  const ok = await main().catch((error: unknown) => {
    console.error(error);
    return false;
  });
  process.exit(ok ? 0 : 1);
}
