import { messages } from '../../../shared/messages';
import type { TalentEraseResponse } from '../../../shared/schemas/talent-data';
import { recordAudit } from '../audit/record';
import { agencyDrive, DriveNotSetUp } from '../campaigns/agency-drive';
import { listCampaignItems } from '../campaigns/campaigns';
import { removeContactItem } from '../campaigns/contact-store';
import { boardFollows, trackerBehind } from '../campaigns/contacts';
import { getMessages } from '../conversations/store';
import { requireOwner } from '../identity/roles';
import { logger } from '../logger';
import type { AgencyScope } from '../session/resolve';
import { auditEventEntity } from '../store/entities/audit-event';
import { conversationEntity, NEEDS_ASSIGNMENT_SEGMENT } from '../store/entities/conversation';
import { conversationChangeEntity } from '../store/entities/conversation-change';
import { conversationThreadEntity, type ConversationThreadItem } from '../store/entities/conversation-thread';
import { jobEntity } from '../store/entities/job';
import { mailMessageEntity } from '../store/entities/mail-message';
import { threadEntity } from '../store/entities/thread';
import { nowIso } from '../store/keys';
import { Transient } from '../tasks/transient';
import { markErased, talentAddressHash } from './erased';
import { talentNotFound } from './export';
import { addressPattern, deleteRowsNaming, ERASED_TEXT, scrubCellsNaming } from './sheet-rows';
import { isEmpty, talentItems } from './talent-items';

type Removed = TalentEraseResponse['removed'];
type Party = { contactEmail: string };

const BATCH = 25;

/** Deletes items 25 per BatchWriteItem; what DynamoDB leaves unprocessed fails the erasure (the owner runs it again). */
const deleteAll = async <K>(keys: K[], remove: (batch: K[]) => Promise<{ unprocessed: unknown[] }>): Promise<number> => {
  for (let i = 0; i < keys.length; i += BATCH) {
    const { unprocessed } = await remove(keys.slice(i, i + BATCH));
    if (unprocessed.length) throw new Transient('Part of the talent could not be erased; erase them again');
  }
  return keys.length;
};

const without = <T extends Party>(list: Iterable<T> | undefined, email: string): T[] => [...(list ?? [])].filter((party) => party.contactEmail !== email);

/** A thread only about this talent goes whole; one about other talents too (a manager's) keeps theirs. */
const aboutOthers = (thread: ConversationThreadItem, email: string): boolean =>
  without(thread.targets, email).length > 0 || without(thread.candidates, email).length > 0 || without(thread.assignment, email).length > 0;

/** Mailbox copies "mailbox|gmailThreadId" as the thread pointers' keys. */
const pointerKeys = (agencyName: string, copies: Iterable<string> | undefined) =>
  [...(copies ?? [])].map((copy) => {
    const at = copy.indexOf('|');
    return { agencyName, mailbox: copy.slice(0, at), threadId: copy.slice(at + 1) };
  });

/** A thread only about the talent: its messages, its mailbox pointers, its needs-assignment row and itself. */
const dropThread = async (agencyName: string, thread: ConversationThreadItem): Promise<number> => {
  const messageKeys = [...(thread.messageKeys ?? [])];
  await deleteAll(messageKeys.map((messageKey) => ({ agencyName, messageKey })), (batch) => mailMessageEntity.delete(batch).go());
  await deleteAll(pointerKeys(agencyName, thread.copies), (batch) => threadEntity.delete(batch).go());
  await conversationEntity.delete({ agencyName, campaignId: NEEDS_ASSIGNMENT_SEGMENT, subjectKey: thread.threadKey }).go({ response: 'none' });
  await conversationThreadEntity.delete({ agencyName, threadKey: thread.threadKey }).go({ response: 'none' });
  return messageKeys.length;
};

/**
 * A thread about other talents too: the talent leaves its targets, candidates and participants,
 * their own messages go, and their address leaves the other messages' recipients and the
 * mailbox pointers. The thread's summary stays (it is the other talents' too).
 */
const keepThreadWithout = async (agencyName: string, thread: ConversationThreadItem, email: string): Promise<number> => {
  const stored = await getMessages(agencyName, thread.messageKeys ?? []);
  const theirs = [...stored.values()].filter((message) => (message.fromEmail ?? '').toLowerCase() === email);
  await deleteAll(theirs.map((message) => ({ agencyName, messageKey: message.messageKey })), (batch) => mailMessageEntity.delete(batch).go());
  for (const message of stored.values()) {
    if (theirs.includes(message)) continue;
    const to = (message.to ?? []).filter((address) => address.toLowerCase() !== email);
    const cc = (message.cc ?? []).filter((address) => address.toLowerCase() !== email);
    if (to.length !== (message.to ?? []).length || cc.length !== (message.cc ?? []).length) {
      await mailMessageEntity.patch({ agencyName, messageKey: message.messageKey }).set({ to, cc }).go({ response: 'none' });
    }
  }
  const gone = new Set(theirs.map((message) => message.messageKey));
  await conversationThreadEntity
    .patch({ agencyName, threadKey: thread.threadKey })
    .set({
      targets: without(thread.targets, email),
      candidates: without(thread.candidates, email),
      assignment: without(thread.assignment, email),
      participants: (thread.participants ?? []).filter((address) => address.toLowerCase() !== email),
      messageKeys: (thread.messageKeys ?? []).filter((key) => !gone.has(key)),
      updatedAt: nowIso(),
    })
    .add({ version: 1 })
    .go({ response: 'none' });
  const { data: waiting } = await conversationEntity.get({ agencyName, campaignId: NEEDS_ASSIGNMENT_SEGMENT, subjectKey: thread.threadKey }).go();
  if (waiting) {
    await conversationEntity
      .patch({ agencyName, campaignId: NEEDS_ASSIGNMENT_SEGMENT, subjectKey: thread.threadKey })
      .set({ candidates: without(waiting.candidates, email), updatedAt: nowIso() })
      .go({ response: 'none' });
  }
  for (const key of pointerKeys(agencyName, thread.copies)) {
    const { data: pointer } = await threadEntity.get(key).go({ attributes: ['contactEmails'] });
    const kept = (pointer?.contactEmails ?? []).filter((address) => address.toLowerCase() !== email);
    if (pointer && kept.length !== (pointer.contactEmails ?? []).length) await threadEntity.patch(key).set({ contactEmails: kept }).go({ response: 'none' });
  }
  return theirs.length;
};

/**
 * Every row naming the address in every campaign's influencer list and outreach tracker. First,
 * so a Google failure leaves the table as it was and the owner can erase again.
 */
const eraseSheetRows = async (scope: AgencyScope, email: string): Promise<number> => {
  const sheetIds = (await listCampaignItems(scope)).flatMap((campaign) => [campaign.influencerListSheetId, campaign.outreachTrackerSheetId]).filter((id): id is string => Boolean(id));
  let drive;
  try {
    drive = await agencyDrive(scope.agencyName);
  } catch (error) {
    // No Drive: no sheets to clean.
    if (error instanceof DriveNotSetUp) return 0;
    throw error;
  }
  let deleted = 0;
  for (const sheetId of sheetIds) deleted += await deleteRowsNaming(drive.sheets, sheetId, email);
  if (drive.campaignsTrackerId) await scrubCellsNaming(drive.sheets, drive.campaignsTrackerId, email);
  return deleted;
};

/** "What changed" entries about the talent (kept 30 days), found in the agency's change range. */
const eraseChanges = async (agencyName: string, email: string): Promise<void> => {
  const { data } = await conversationChangeEntity.query
    .byAgency({ agencyName })
    .where((attr, op) => op.eq(attr.contactEmail, email))
    .go({ pages: 'all', attributes: ['at', 'conversationId'] });
  await deleteAll(data.map((item) => ({ agencyName, at: item.at, conversationId: item.conversationId })), (batch) => conversationChangeEntity.delete(batch).go());
};

/**
 * Jobs that name the address (a "process this talent" job's scope and label, a campaign's status
 * line the model wrote while the job ran) keep their counts and outcome; the address leaves their text.
 */
const scrubJobs = async (agencyName: string, email: string): Promise<void> => {
  const { data } = await jobEntity.query.byAgency({ agencyName }).go({ pages: 'all', attributes: ['jobId', 'scope', 'operationLabel', 'aggregations'] });
  const pattern = addressPattern(email);
  const scrub = (text: string) => text.replace(pattern, ERASED_TEXT);
  for (const job of data) {
    if (!JSON.stringify(job).toLowerCase().includes(email)) continue;
    const aggregations = Object.fromEntries(Object.entries(job.aggregations ?? {}).map(([campaignId, line]) => [campaignId, scrub(line)]));
    await jobEntity
      .patch({ agencyName, jobId: job.jobId })
      .set({
        operationLabel: scrub(job.operationLabel ?? ''),
        scope: { ...job.scope, ...(job.scope?.email ? { email: ERASED_TEXT } : {}) },
        ...(job.aggregations ? { aggregations } : {}),
      })
      .go({ response: 'none' });
  }
};

/** The talent's entries in the activity log name their address: they go (the erasure's own entry names a hash only). */
const eraseAuditEntries = async (agencyName: string, email: string): Promise<number> => {
  const { data } = await auditEventEntity.query.byTalent({ agencyName, contactEmail: email }).go({ pages: 'all', attributes: ['at', 'id'] });
  return deleteAll(data.map((item) => ({ agencyName, at: item.at, id: item.id })), (batch) => auditEventEntity.delete(batch).go());
};

/**
 * POST /api/v3/talents/erase {email} (owners only): erases the talent from the agency — their
 * contact in every campaign (the board and the search follow), their conversations, the threads
 * only about them with their messages, summaries and facts (a thread about other talents too
 * keeps theirs), every sheet row naming them, the "What changed" entries and the activity log's
 * entries about them. Leaves one activity entry naming a hash of the address, and a marker (the
 * same hash) so processing skips their mail until someone adds them again. 404 when nothing is held.
 */
export const eraseTalent = async (scope: AgencyScope, email: string): Promise<Omit<TalentEraseResponse, 'success'>> => {
  requireOwner(scope, messages.roles.ownerOnly.talentData);
  const { agencyName } = scope;
  const items = await talentItems(agencyName, email);
  if (isEmpty(items)) throw talentNotFound(email);
  // The marker first: a job running meanwhile skips the mail that would bring the talent back.
  await markErased(agencyName, email);
  const sheetRows = await eraseSheetRows(scope, email);

  let messageCount = 0;
  let threadCount = 0;
  for (const thread of items.threads) {
    if (aboutOthers(thread, email)) messageCount += await keepThreadWithout(agencyName, thread, email);
    else {
      messageCount += await dropThread(agencyName, thread);
      threadCount += 1;
    }
  }
  const conversations = await deleteAll(
    items.conversations.map((item) => ({ agencyName, campaignId: item.campaignId, subjectKey: item.subjectKey })),
    (batch) => conversationEntity.delete(batch).go(),
  );
  for (const contact of items.contacts) await removeContactItem(agencyName, contact);
  const rows = [...items.contacts, ...items.conversations.map((item) => ({ campaignId: item.campaignId, email }))];
  await boardFollows(agencyName, rows);
  await trackerBehind(agencyName, rows.map((row) => row.campaignId));
  await eraseChanges(agencyName, email);
  await scrubJobs(agencyName, email);
  const auditEntries = await eraseAuditEntries(agencyName, email);

  const removed: Removed = { contacts: items.contacts.length, conversations, threads: threadCount, messages: messageCount, sheet_rows: sheetRows, audit_entries: auditEntries };
  await recordAudit(scope, {
    kind: 'talent.erase',
    target: `talent ${talentAddressHash(agencyName, email)}`,
    changes: Object.entries(removed).map(([field, count]) => ({ field, before: count, after: 0 })),
  });
  logger.info('talent erased', { agency: agencyName, talent: talentAddressHash(agencyName, email), ...removed });
  return { message: `${email} erased`, removed };
};
