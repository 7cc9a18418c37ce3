import { askWithRetry, type Failure } from '../../ai/structured-answer';
import { clip, STORED_LIMITS } from '../../mail/limits';
import type { ModelCaller } from '../../ai/model-caller';
import type { Settings } from '../../settings/store';
import type { ConversationThreadItem } from '../../store/entities/conversation-thread';
import type { MailMessageItem } from '../../store/entities/mail-message';
import { fullThreadPrompt, incrementalThreadPrompt, THREAD_SUMMARY_SCHEMA, type SummaryContext } from '../prompts';
import { promptOfStored } from './prompt-messages';

export type SummaryInput = {
  stored: ConversationThreadItem | undefined;
  /** the thread's messages the agency held before this copy */
  storedMessages: Iterable<MailMessageItem>;
  /** the messages this copy brought, as just saved */
  created: MailMessageItem[];
  context: SummaryContext;
};

/** Auto-replies and bounces say nothing about the deal: their text never reaches the summary. */
const isHuman = (m: MailMessageItem) => (m.autoReply ?? 'none') === 'none';

/**
 * Step 6, summarise: the thread summary, incremental from the previous one when the settings
 * allow, else a full pass (new messages as their text, older ones as their stored summaries).
 * Only when a person wrote something new; otherwise the stored summary stays. An unusable answer
 * keeps the previous summary and comes back as a failure for the thread's record.
 */
export const summarise = async (call: ModelCaller, settings: Settings, input: SummaryInput): Promise<{ summary: string; tokens: number; failure?: Failure }> => {
  const previous = input.stored?.summary ?? '';
  const added = input.created.filter(isHuman);
  if (added.length === 0) return { summary: previous, tokens: 0 };
  const all = [...input.storedMessages, ...input.created].sort((a, b) => a.sentAt.localeCompare(b.sentAt));
  const human = all.filter(isHuman);
  const freshKeys = new Set(input.created.map((m) => m.messageKey));
  const mode = settings.processing_mode;
  const full = () =>
    askWithRetry(
      call,
      'thread_summary',
      fullThreadPrompt(input.context, human.map((m, i) => ({ message: promptOfStored(m, i + 1), ...(freshKeys.has(m.messageKey) ? {} : { summary: m.summary ?? '' }) }))),
      THREAD_SUMMARY_SCHEMA,
    );
  let tokens = 0;
  let answer: Awaited<ReturnType<typeof full>>;
  // The threshold counts every message, as before: an auto-reply still makes a thread long.
  if (mode.incremental_processing_enabled && all.length >= mode.min_messages_for_incremental && previous) {
    try {
      answer = await askWithRetry(
        call,
        'thread_summary',
        incrementalThreadPrompt(input.context, previous, added.map((m, i) => ({ message: promptOfStored(m, i + 1), summary: m.summary ?? '' }))),
        THREAD_SUMMARY_SCHEMA,
      );
      if (answer.failure && mode.fallback_on_error) {
        tokens += answer.tokens;
        answer = await full();
      }
    } catch (error) {
      if (!mode.fallback_on_error) throw error;
      answer = await full();
    }
  } else answer = await full();
  tokens += answer.tokens;
  const summary = clip((answer.answer?.summary ?? '').trim(), STORED_LIMITS.threadSummary) || previous;
  return { summary, tokens, ...(answer.failure ? { failure: answer.failure } : {}) };
};
