import { conversationDetailResponse, conversationListResponse, type ConversationJson } from '../../shared/schemas/conversations';
import type { ProcessingStatusResponse } from '../../shared/schemas/processing';
import type { LonglistImportResponse } from '../../shared/schemas/longlist-import';
import { jobEntity } from '../../functions/lib/store/entities/job';
import { LOCAL_OPENAI_KEY } from '../../test/emulators/openai/keys';
import { truth } from '../../test/fixtures/seed';
import { boot, type Booted, type Client } from '../../test/integration/harness';
import { createAgency, invite, signIn } from '../../test/integration/identity-helpers';

/**
 * The seeded agency on the local runtime, set up over HTTP as staff would (the integration suites'
 * way: real sign-in through the Google emulator, the OpenAI emulator for the model).
 */

/** Short model latency: the year's ~300 threads, a few model calls each, run in minutes. */
export const OPENAI_LATENCY_MS = 50;
/** A job that has not ended by then is reported as such (the score is taken from what it left). */
const JOB_TIMEOUT_MS = 90 * 60_000;
const POLL_MS = 2_000;

export type Agency = { booted: Booted; api: Client; agencyName: string; mailboxes: string[] };

const must = <T extends { status: number; text: string }>(what: string, response: T): T => {
  if (response.status !== 200) throw new Error(`${what}: HTTP ${response.status} ${response.text.slice(0, 300)}`);
  return response;
};

/**
 * Boots the runtime, signs the owner in (her mailbox connected), creates the agency and sets the
 * OpenAI key. `members` are invited, sign in and connect their mailboxes too (a member's mailbox
 * is read only once they connect it). No scan-age cut-off: the year starts 366 days before the
 * pinned day, and the product's default reads 365.
 */
export const startAgency = async (owner: string, members: string[] = []): Promise<Agency> => {
  const booted = await boot({ retryIntervalMs: 50, emulators: { openai: { latencyMs: OPENAI_LATENCY_MS } } });
  try {
    const staff = await signIn(booted.runtime, owner);
    const { agency } = await createAgency(staff, truth.agency.name);
    for (const email of members) {
      const token = await invite(staff, booted.dataDir, email);
      const member = await signIn(booted.runtime, email);
      must(`${email} accepts`, await member.api.post('/api/v3/agency/invitations/accept', { invite_token: token }));
      must(`${email} connects`, await member.api.post('/api/v3/mailboxes/connect', {}));
    }
    must('OpenAI key', await staff.api.post('/api/v3/api-keys/set', { service: 'openai', api_key: LOCAL_OPENAI_KEY }));
    must('processing limits', await staff.api.post('/api/v3/settings/processing-limits', { oldest_scan_days: 0 }));
    return { booted, api: staff.api, agencyName: agency.name, mailboxes: [owner, ...members] };
  } catch (error) {
    await booted.stop();
    throw error;
  }
};

export const addCampaigns = async (agency: Agency, campaignIds: string[]): Promise<void> => {
  for (const id of campaignIds) {
    const { lead: _lead, support: _support, ...fields } = truth.campaigns.find((c) => c.campaign_id === id)!;
    must(`campaign ${id}`, await agency.api.post('/api/campaigns/add', fields));
  }
  await agency.booted.runtime.settleAsync();
};

export const addContacts = async (agency: Agency, contacts: typeof truth.contacts): Promise<void> => {
  for (const c of contacts) {
    must(`contact ${c.email}`, await agency.api.post('/api/campaigns/contacts/add', { email: c.email, talent_name: c.talent_name, email_owner: c.email_owner, campaign_id: c.campaign_id }));
  }
};

/** Contacts → Import from Google Sheets: the seeded longlist's tab into a campaign, to its end. */
export const importLonglist = async (agency: Agency, campaignId: string, tab: string): Promise<LonglistImportResponse> => {
  let state = must('longlist import', await agency.api.post<LonglistImportResponse>('/api/campaigns/import-longlist', {
    campaign_id: campaignId,
    source_sheet_id: truth.longlist.spreadsheetId,
    source_tab_name: tab,
  })).body;
  while (state.status === 'running') {
    await agency.booted.runtime.settleAsync();
    state = must('longlist import status', await agency.api.get<LonglistImportResponse>(`/api/campaigns/import-longlist/${state.import_id}`)).body;
  }
  if (state.status !== 'succeeded') throw new Error(`longlist import ${state.status}: ${state.error ?? ''}`);
  return state;
};

export type JobResult = {
  taskId: string;
  status: string;
  error: string | null;
  threadsTotal: number | null;
  threadsCompleted: number | null;
  /** threads the job could not process (the job record's count) */
  threadsFailed: number | null;
  elapsedSeconds: number;
  productElapsedSeconds: number | null;
  warnings: string[];
};

/** Process Range over [start, end], then GET /api/v3/status every 2 s until the job has ended. */
export const processRange = async (agency: Agency, range: { start_date: string; end_date: string }, log: (line: string) => void): Promise<JobResult> => {
  const started = performance.now();
  const response = must('process range', await agency.api.post<{ task_id: string }>('/api/v3/process/interval', range));
  const taskId = response.body.task_id;
  let last: ProcessingStatusResponse | undefined;
  let lastLog = 0;
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    last = must('status', await agency.api.get<ProcessingStatusResponse>('/api/v3/status')).body;
    const elapsed = performance.now() - started;
    // ended: the status bar shows the job's end, or nothing runs any more (the end already cleared)
    if (!last.is_processing && ((last.task_id === taskId && last.status) || agency.booted.runtime.engine.executions.size === 0)) break;
    if (elapsed - lastLog >= 30_000) {
      lastLog = elapsed;
      log(`  … ${(elapsed / 1000).toFixed(0)} s: ${last.phase ?? '-'} ${last.progress?.threads_completed ?? 0}/${last.progress?.threads_total ?? '?'} threads`);
    }
    if (elapsed > JOB_TIMEOUT_MS) {
      return {
        taskId,
        status: 'still running (gave up waiting)',
        error: null,
        threadsTotal: last.progress?.threads_total ?? null,
        threadsCompleted: last.progress?.threads_completed ?? null,
        threadsFailed: null,
        elapsedSeconds: elapsed / 1000,
        productElapsedSeconds: last.elapsed_seconds,
        warnings: [],
      };
    }
  }
  // what the job left behind (sheet syncs, the lock's release) before the board is read
  await agency.booted.runtime.engine.settle();
  await agency.booted.runtime.settleAsync();
  // the job's own record: what the status bar showed, and what it does not (threads that failed)
  const { data: job } = await jobEntity.get({ agencyName: agency.agencyName, jobId: taskId }).go();
  return {
    taskId,
    status: job?.status ?? last.status ?? 'unknown',
    error: job?.error ?? last.error ?? null,
    threadsTotal: job?.threadsTotal ?? last.progress?.threads_total ?? null,
    threadsCompleted: job?.threadsCompleted ?? last.progress?.threads_completed ?? null,
    threadsFailed: job?.threadsFailed ?? null,
    elapsedSeconds: (performance.now() - started) / 1000,
    productElapsedSeconds: last.elapsed_seconds,
    warnings: last.warnings ?? [],
  };
};

/** Every conversation row (GET /api/v3/conversations, every page), optionally the needs-assignment ones. */
export const readConversations = async (agency: Agency, query = ''): Promise<ConversationJson[]> => {
  const items: ConversationJson[] = [];
  let cursor: string | null = null;
  do {
    const response = must('conversations', await agency.api.get(`/api/v3/conversations?limit=500${query ? `&${query}` : ''}${cursor ? `&cursor=${cursor}` : ''}`));
    const page = conversationListResponse.parse(response.body);
    items.push(...page.items);
    cursor = page.cursor;
  } while (cursor);
  // A list row links its latest thread only: the thread attribution is scored on the detail's every thread.
  return Promise.all(
    items.map(async (item) => {
      if (item.thread_count <= 1) return item;
      const detail = conversationDetailResponse.parse(must('conversation', await agency.api.get(`/api/v3/conversations/${encodeURIComponent(item.id)}`)).body);
      return { ...item, threads: detail.conversation.threads };
    }),
  );
};
