import type { MailboxConsent } from '../../mailboxes/consent';
import type { GmailClient, ParsedMessage } from '../../google/gmail';
import type { QueryBounds } from '../../processing/gmail-queries';
import type { ModelCaller } from '../../ai/model-caller';
import type { Settings } from '../../settings/store';
import type { ConversationThreadItem } from '../../store/entities/conversation-thread';
import type { ThreadRef } from '../../store/entities/job';
import type { MailMessageItem } from '../../store/entities/mail-message';
import type { AgencyDirectory } from '../types';

export type ThreadWork = {
  agencyName: string;
  jobId: string;
  settings: Settings;
  directory: AgencyDirectory;
  call: ModelCaller;
  gmailFor: (mailbox: string) => Promise<GmailClient>;
  /** the mailbox owner's limits; undefined only where no consent applies (tests of the pipeline alone) */
  consent?: MailboxConsent;
  /** date_range_processing.include_full_thread false: only messages inside this window are analysed */
  window?: QueryBounds;
  onSubject?: (subject: string) => Promise<void>;
  /** where a thread that could not be processed is recorded; default: on the job (its status says so) */
  onFailure?: (failure: ThreadFailure) => Promise<void>;
};

/** A thread one job could not process, and why, in words a person can read. */
export type ThreadFailure = { ref: ThreadRef; subject: string; reason: string };

export type ThreadOutcome = {
  result: 'missing' | 'ignored' | 'unchanged' | 'updated' | 'failed';
  tokens: number;
  messages: number;
  campaigns: string[];
  /** result 'failed': why, for people */
  reason?: string;
};

/** One mailbox copy filed under its conversation thread: what the agency holds and what is new. */
export type FiledThread = {
  threadKey: string;
  stored: ConversationThreadItem | undefined;
  /** the thread's stored messages, by message key */
  storedMessages: Map<string, MailMessageItem>;
  /** messages no mailbox of the agency brought before (inside the window): analysed */
  fresh: ParsedMessage[];
  /** messages the agency holds that this mailbox copy adds a copy of */
  newCopies: ParsedMessage[];
};

/** The mailbox copy of one message, as stored on it. */
export const copyOf = (ref: ThreadRef, m: ParsedMessage) => `${ref.mailbox}|${m.id}|${ref.threadId}`;

export const inWindow = (window: QueryBounds | undefined, m: ParsedMessage) =>
  !window || ((window.afterMs === undefined || m.internalDate >= window.afterMs) && (window.beforeMs === undefined || m.internalDate < window.beforeMs));
