import { dispatchAsync } from '../async/dispatch';
import { fold } from '../conversations/rules/text';
import { HistoryExpired } from '../google/errors';
import { createGmailClient, type GmailClient } from '../google/gmail';
import { Conflict } from '../http/errors';
import { logger, errorMessage } from '../logger';
import { readSettings } from '../settings/store';
import { jobEntity, type ThreadRef } from '../store/entities/job';
import { consentTerms, permitsMessage, readMonitorView, type MailboxConsent, type MonitoredMailbox } from '../mailboxes/consent';
import { accessProblem, recordMailboxCheck } from '../mailboxes/health';
import { threadEntity } from '../store/entities/thread';
import { addressesOf, agencyContacts, buildContactIndex, type ContactIndex } from './agency-context';
import { writeBatches } from './fetch-threads';
import { gmailClients } from './gmail-clients';
import { mailboxTokenCache } from './mailbox-tokens';
import { buildQueries, MAX_QUERY_CHARS } from './gmail-queries';
import { startJob } from './jobs';
import { dueAgencies, monitoringOf, recordCheck, scheduleNext, sheetsMaybeBehind } from './monitor-registry';
import type { MonitorRegistryItem } from '../store/entities/monitor-registry';
import { isAgencyProcessing } from './status';
import { perPlatform } from '../platform/platform';

/**
 * The 2-minute monitor. Cheap when nothing happens: per due agency and connected mailbox one
 * `history.list` since the stored historyId (2 quota units), and an execution only when a
 * tracked conversation has new mail.
 *
 * Scale: the coordinator tick reads at most MAX_DUE_PER_TICK due agencies from the byDueCheck
 * index (a Query, oldest due first) and hands them out in shares of AGENCIES_PER_INVOCATION: it
 * checks the first share itself and dispatches each further one as a MonitorShare task (an
 * asynchronous Lambda invoke on AWS, in-process in the local runtime), so a thousand due agencies
 * are 40 parallel invocations, each well inside the timeout. Agencies not reached stay due and
 * come first at the next tick.
 */
export const AGENCIES_PER_INVOCATION = 25;
export const MAX_DUE_PER_TICK = 1_000;
const MAX_NEW_MESSAGES_INSPECTED = 200;

type Collected = { refs: ThreadRef[]; messages: number; historyIds: Map<string, string> };

/**
 * The contact index per agency, kept in the Lambda's memory while the agency's contacts version
 * (bumped on every contact change, on the registry item) and its members stay the same: an idle
 * check reads no contact.
 */
const indexCacheOf = perPlatform(() => new Map<string, { key: string; index: ContactIndex }>());
const MAX_CACHED_AGENCIES = 200;

const contactIndexFor = async (agencyName: string, version: number | undefined, members: string[]): Promise<ContactIndex> => {
  const key = `${version ?? 'none'}|${[...members].sort().join(',')}`;
  const indexCache = indexCacheOf();
  const hit = indexCache.get(agencyName);
  if (hit && hit.key === key) return hit.index;
  const index = buildContactIndex(await agencyContacts(agencyName), members);
  indexCache.delete(agencyName);
  if (indexCache.size >= MAX_CACHED_AGENCIES) indexCache.delete(indexCache.keys().next().value!);
  indexCache.set(agencyName, { key, index });
  return index;
};

/** A tracked talent or manager takes part: by address, or a manager known only by name by the display name shown. */
const isTracked = (index: ContactIndex, people: ({ email: string; name?: string } | undefined)[]) =>
  people.some(
    (person) =>
      person &&
      (index.byTalent.has(person.email) || index.byManager.has(person.email) || (index.managerNames.size > 0 && index.managerNames.has(fold(person.name ?? '')))),
  );

/** First check of a mailbox, or its history expired: a query over the last hours_to_check hours. */
const scanRecent = async (gmail: GmailClient, consent: MailboxConsent, addresses: string[], hours: number, now: number, into: Collected) => {
  const mailbox = consent.email;
  const seen = new Set(into.refs.map((r) => `${r.mailbox}#${r.threadId}`));
  const terms = consentTerms(consent);
  const afterMs = Math.max(now - hours * 3600_000, consent.afterMs ?? 0);
  for (const q of buildQueries(addresses, { afterMs }, MAX_QUERY_CHARS - terms.length - 1).map((query) => (terms ? `${query} ${terms}` : query))) {
    const listed = await gmail.listMessageIds(q, { maxPages: 20 });
    into.messages += listed.items.length;
    for (const m of listed.items) {
      if (seen.has(`${mailbox}#${m.threadId}`)) continue;
      seen.add(`${mailbox}#${m.threadId}`);
      into.refs.push({ mailbox, threadId: m.threadId });
    }
  }
};

/** Messages added since the stored historyId that belong to a known thread or involve a tracked address. */
const scanHistory = async (agencyName: string, gmail: GmailClient, consent: MailboxConsent, index: ContactIndex, startHistoryId: string, into: Collected) => {
  const mailbox = consent.email;
  const changes = await gmail.listHistory(startHistoryId);
  if (changes.truncated) throw new HistoryExpired(startHistoryId);
  const relevantThreads = new Set<string>();
  const known = new Map<string, boolean>();
  for (const added of changes.added.slice(0, MAX_NEW_MESSAGES_INSPECTED)) {
    let relevant = known.get(added.threadId);
    if (relevant === undefined) {
      const { data } = await threadEntity.get({ agencyName, mailbox, threadId: added.threadId }).go({ attributes: ['threadId'] });
      relevant = Boolean(data);
      known.set(added.threadId, relevant);
    }
    if (!relevant) {
      const message = await gmail.getMessage(added.id, 'metadata');
      relevant =
        permitsMessage(consent, message) && isTracked(index, [message.from, ...message.to, ...message.cc]);
    }
    if (relevant) {
      into.messages += 1;
      relevantThreads.add(added.threadId);
    }
  }
  for (const threadId of relevantThreads) if (!into.refs.some((r) => r.mailbox === mailbox && r.threadId === threadId)) into.refs.push({ mailbox, threadId });
  return changes.historyId;
};

export type AgencyCheck = {
  agencyName: string;
  result: 'busy' | 'nothing-new' | 'started' | 'skipped';
  threads: number;
  messages: number;
  jobId?: string;
  /** a tracker was marked behind since a check last found none: the tick looks at the sync states (at this want version) */
  sheetsWantVersion?: number;
};

type MailboxOutcome = { historyId: string; reset: boolean; found: Collected };

/** One mailbox's share of a check, into its own collection (merged only when it succeeds). */
const checkMailbox = async (
  agencyName: string,
  gmail: GmailClient,
  consent: MonitoredMailbox,
  index: ContactIndex,
  addresses: string[],
  hoursToCheck: number,
  now: Date,
): Promise<MailboxOutcome> => {
  const found: Collected = { refs: [], messages: 0, historyIds: new Map() };
  let historyId: string | undefined;
  let reset = false;
  if (consent.historyId) {
    try {
      historyId = await scanHistory(agencyName, gmail, consent, index, consent.historyId, found);
    } catch (error) {
      if (!(error instanceof HistoryExpired)) throw error;
      logger.info('gmail history expired; scanning recent mail instead', { mailbox: consent.email });
      reset = true;
    }
  }
  if (!historyId) {
    historyId = (await gmail.getProfile()).historyId;
    await scanRecent(gmail, consent, addresses, hoursToCheck, now.getTime(), found);
  }
  return { historyId, reset, found };
};

/**
 * `due`: the registry item as the tick's due Query returned it; the check reads it again,
 * consistently, with the mailboxes and members (one Query, consent.ts readMonitorView).
 * `only.mailboxes`: check just these mailboxes (a Gmail push for one of them); such a check
 * leaves the agency's schedule and last-check record to the 2-minute check.
 *
 * DynamoDB requests of an idle check: that Query and the registry write, nothing per mailbox
 * while its access token is cached (no grant read) and its health and historyId did not move
 * (no mailbox write). The settings, the lock and the sheet sync states are read only when the
 * registry says they matter (no monitoring settings kept yet, a job's hint, a tracker behind).
 */
export const checkAgency = async (agencyName: string, now = new Date(), due?: MonitorRegistryItem, only?: { mailboxes?: string[] }): Promise<AgencyCheck> => {
  const base = { agencyName, threads: 0, messages: 0 };
  const view = await readMonitorView(agencyName);
  const registered = view.registry ?? due;
  // A running job (any kind) keeps the agency due: it is checked again at the next tick. The
  // lock is read only when the registry names a job; a job it misses is met by startJob's lock.
  const staleJobHint = Boolean(registered?.activeJobId) && !(await isAgencyProcessing(agencyName, now.getTime()));
  if (registered?.activeJobId && !staleJobHint) return { ...base, result: 'busy' };
  const kept = monitoringOf(registered);
  const config = kept ?? (await readSettings({ agencyName })).monitoring_config;
  const dueAt = registered?.nextCheckAt ? Date.parse(registered.nextCheckAt) : undefined;
  const nextCheckAt = new Date(scheduleNext(dueAt, now.getTime(), Math.max(1, config.check_interval_minutes) * 60_000));
  const sheets = sheetsMaybeBehind(registered) ? { sheetsWantVersion: registered?.sheetsWantVersion ?? 0 } : {};
  const record = (found: { threads: number; messages: number; mailboxesChecked?: boolean }) =>
    only ? Promise.resolve() : recordCheck(agencyName, { at: now, nextCheckAt, ...found, ...(kept ? {} : { config }), ...(staleJobHint ? { staleJobHint } : {}) });
  const consents = only?.mailboxes ? view.readings.filter((reading) => only.mailboxes!.includes(reading.email)) : view.readings;
  const index = await contactIndexFor(agencyName, registered?.contactsVersion, view.members);
  const addresses = addressesOf(index.tracked, index);
  if (consents.length === 0 || addresses.length === 0) {
    await record({ threads: 0, messages: 0 });
    return { ...base, ...sheets, result: 'skipped' };
  }
  const collected: Collected = { refs: [], messages: 0, historyIds: new Map() };
  const reset = new Set<string>();
  const tokens = mailboxTokenCache(agencyName, consents);
  const gmailFor = gmailClients(undefined, tokens.options);
  for (const consent of consents) {
    const mailbox = consent.email;
    try {
      const run = (gmail: GmailClient) => checkMailbox(agencyName, gmail, consent, index, addresses, config.hours_to_check, now);
      let outcome: MailboxOutcome | undefined;
      const cached = await tokens.cachedContext(mailbox);
      if (cached) {
        outcome = await run(createGmailClient({ ...cached, mailbox })).catch((error: unknown) => {
          // A refused token is worth a second try through the grant, which refreshes it or finds
          // the grant revoked; a missing scope or permission would only be refused again.
          const problem = accessProblem(error);
          if (problem && problem.health !== 'revoked') throw error;
          logger.info('monitor: cached access token refused, reading the grant', { mailbox, error: errorMessage(error) });
          return undefined;
        });
      }
      outcome ??= await run(await gmailFor(mailbox));
      for (const ref of outcome.found.refs) if (!collected.refs.some((r) => r.mailbox === ref.mailbox && r.threadId === ref.threadId)) collected.refs.push(ref);
      collected.messages += outcome.found.messages;
      collected.historyIds.set(mailbox, outcome.historyId);
      if (outcome.reset) reset.add(mailbox);
    } catch (error) {
      // A mailbox without usable access is skipped with its health recorded; the others go on.
      const problem = accessProblem(error);
      if (!problem) throw error;
      logger.warn('monitor: mailbox skipped, no usable Google access', { mailbox, health: problem.health });
      if (consent.health !== problem.health || consent.healthDetail !== problem.detail) await recordMailboxCheck(agencyName, mailbox, { ...problem, at: now });
    }
  }
  await tokens.flush();

  let jobId: string | undefined;
  if (collected.refs.length) {
    try {
      const refs = collected.refs;
      ({ jobId } = await startJob(
        agencyName,
        { kind: 'monitor' },
        {
          deadlineAt: new Date(now.getTime() + config.max_duration_minutes * 60_000).toISOString(),
          prepare: async (id) => {
            const batchCount = await writeBatches(agencyName, id, refs);
            await jobEntity.patch({ agencyName, jobId: id }).set({ threadsTotal: refs.length, batchCount }).go({ response: 'none' });
          },
        },
      ));
    } catch (error) {
      // Another job took the lock meanwhile: keep the old historyIds and stay due.
      if (error instanceof Conflict) return { ...base, result: 'busy' };
      throw error;
    }
  }
  // Only now that the new mail is in a job's hands does the monitor move its history marks. A
  // mailbox whose health and historyId stayed is not written: its last successful check is the
  // registry's mailboxesCheckedAt (health.ts lastSuccessOf).
  for (const consent of consents) {
    const historyId = collected.historyIds.get(consent.email);
    if (historyId === undefined) continue;
    const health = reset.has(consent.email) ? 'history_reset' : 'connected';
    if (historyId === consent.historyId && consent.health === health && !consent.healthDetail) continue;
    await recordMailboxCheck(agencyName, consent.email, { health, historyId, at: now });
  }
  await record({ threads: collected.refs.length, messages: collected.messages, mailboxesChecked: collected.historyIds.size > 0 });
  return {
    ...base,
    ...(jobId ? {} : sheets),
    threads: collected.refs.length,
    messages: collected.messages,
    result: jobId ? 'started' : 'nothing-new',
    ...(jobId ? { jobId } : {}),
  };
};

const checkAll = async (agencies: string[], now: Date, dueItems?: Map<string, MonitorRegistryItem>): Promise<AgencyCheck[]> => {
  const results: AgencyCheck[] = [];
  for (const agencyName of agencies) {
    try {
      results.push(await checkAgency(agencyName, now, dueItems?.get(agencyName)));
    } catch (error) {
      // One agency's failure (a Google outage for its mailbox) must not stop the others; it stays due.
      logger.error('monitor check failed', { agency: agencyName, error: errorMessage(error) });
    }
  }
  return results;
};

export type TickResult = { agenciesChecked: number; results: AgencyCheck[]; /** a due agency has a longlist import running: look for stalled ones */ importsRunning?: boolean };

/** The scheduler's tick (MonitorTick): the due agencies, the first share checked here, each further share dispatched. */
export const runMonitorTick = async (now = new Date()): Promise<TickResult> => {
  const dueItems = new Map((await dueAgencies(now, MAX_DUE_PER_TICK)).map((item) => [item.agencyName, item]));
  const due = [...dueItems.keys()];
  const importsRunning = [...dueItems.values()].some((item) => (item.importsRunning ?? 0) > 0);
  const shares: string[][] = [];
  for (let i = 0; i < due.length; i += AGENCIES_PER_INVOCATION) shares.push(due.slice(i, i + AGENCIES_PER_INVOCATION));
  await Promise.all(shares.slice(1).map((agencies) => dispatchAsync('MonitorShare', { agencies })));
  const results = await checkAll(shares[0] ?? [], now, dueItems);
  return { agenciesChecked: results.length, results, importsRunning };
};

/** One share of a tick (MonitorShare): its agencies, checked in turn. */
export const runMonitorShare = async (agencies: string[], now = new Date()): Promise<TickResult> => {
  const results = await checkAll(agencies.slice(0, AGENCIES_PER_INVOCATION), now);
  return { agenciesChecked: results.length, results };
};
