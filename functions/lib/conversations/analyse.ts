import type { ModelPurpose } from '../../../shared/constants';
import type { Intent } from '../../../shared/schemas/conversations';
import { askWithRetry, type Failure } from '../ai/structured-answer';
import type { ModelCaller } from '../ai/model-caller';
import type { Settings } from '../settings/store';
import { KEY_DATES_SCHEMA, keyDatesPrompt, MESSAGE_ANALYSIS_SCHEMA, messageAnalysisPrompt, type PromptMessage } from './prompts';
import { clip, STORED_LIMITS } from '../mail/limits';
import { resolveDate, senderEvidence } from './rules/dates';
import { lastStatedCurrency, normalizeFee } from './rules/fees';
import { senderWords } from './rules/instructions';
import { quoteAppearsIn } from './rules/quotes';
import type { DateFact, FeeFact } from './types';

/**
 * The model's readings of new messages, each checked against the message's own words before it
 * is kept. Structured answers need room: a purpose's configured max_tokens is the floor, raised
 * to what a JSON answer with quotes takes (askWithRetry asks a cut or malformed answer once
 * more and records a second one as a failure, never silently dropped).
 */
const STRUCTURED_FLOOR: Partial<Record<ModelPurpose, number>> = { individual_message_summary: 800, date_validation: 1200 };

/** DynamoDB maps keep an unknown as a missing attribute, not null. */
export const withoutNulls = <T extends object>(value: T): T => Object.fromEntries(Object.entries(value).filter(([, v]) => v !== null && v !== undefined)) as T;

export type { Failure } from '../ai/structured-answer';

const budgetOf = (settings: Settings, purpose: ModelPurpose) => Math.max(settings.model_config[purpose].max_tokens, STRUCTURED_FLOOR[purpose] ?? 0);

export type MessageAnalysis = { summary: string; intent?: Intent; intentQuote?: string; fees: FeeFact[]; tokens: number; failure?: Failure };

/** A decision the quote does not back is no decision: a forged "accept" falls back to other. */
const DECISIONS = new Set<Intent>(['offer', 'counter', 'accept', 'decline']);

export const analyseMessage = async (
  call: ModelCaller,
  settings: Settings,
  input: { prompt: PromptMessage; messageId: string; ownText: string; context: { talent: string; campaign: string }; currencies: { thread?: string; agency: string } },
): Promise<MessageAnalysis> => {
  const purpose = 'individual_message_summary';
  const answer = await askWithRetry(call, purpose, messageAnalysisPrompt(input.prompt, input.context), MESSAGE_ANALYSIS_SCHEMA, budgetOf(settings, purpose));
  const json = answer.answer;
  if (!json) return { summary: '', fees: [], tokens: answer.tokens, ...(answer.failure ? { failure: answer.failure } : {}) };
  // What the sender says to the agency: their own words without text addressed to software.
  const words = senderWords(input.ownText);
  let intent: Intent = json.intent;
  const quote = json.intent_quote;
  if (DECISIONS.has(intent) && !quoteAppearsIn(quote, words)) intent = 'other';
  const fees: FeeFact[] = [];
  for (const raw of json.fees) {
    if (fees.length >= STORED_LIMITS.feesPerMessage) break;
    if (!quoteAppearsIn(raw.quote, words)) continue;
    const threadCurrency = lastStatedCurrency(fees) ?? input.currencies.thread;
    const fee = normalizeFee(raw, { ...(threadCurrency ? { threadCurrency } : {}), agencyCurrency: input.currencies.agency });
    if (fee) fees.push(withoutNulls({ ...fee, quote: clip(fee.quote, STORED_LIMITS.quote), messageId: input.messageId, setBy: 'model' }));
  }
  return {
    summary: clip(json.summary.trim(), STORED_LIMITS.messageSummary),
    intent,
    ...(quote ? { intentQuote: clip(quote, STORED_LIMITS.quote) } : {}),
    fees,
    tokens: answer.tokens,
  };
};

export type DatedMessage = { prompt: PromptMessage; messageId: string; ownText: string; fullText: string; fromEmail: string; sentAt: number };

/** Key dates of new messages: cited by message, quote verified, read against that message's date and its sender's locale. */
export const extractDates = async (
  call: ModelCaller,
  settings: Settings,
  messages: DatedMessage[],
  locale: string,
): Promise<{ dates: DateFact[]; tokens: number; failure?: Failure }> => {
  if (messages.length === 0) return { dates: [], tokens: 0 };
  const purpose = 'date_validation';
  const answer = await askWithRetry(call, purpose, keyDatesPrompt(messages.map((m) => m.prompt)), KEY_DATES_SCHEMA, budgetOf(settings, purpose));
  const dates: DateFact[] = [];
  for (const raw of answer.answer?.dates ?? []) {
    const source = messages.find((m) => m.prompt.index === raw.message);
    if (!source || !quoteAppearsIn(raw.quote, senderWords(source.ownText))) continue;
    const date = resolveDate({
      quote: raw.quote,
      modelDate: raw.date,
      messageSentAt: source.sentAt,
      locale,
      senderEvidence: senderEvidence(source.fullText, source.fromEmail),
    });
    if (date) dates.push(withoutNulls({ date, kind: raw.kind, quote: clip(raw.quote, STORED_LIMITS.quote), messageId: source.messageId, setBy: 'model' }));
  }
  return { dates, tokens: answer.tokens, ...(answer.failure ? { failure: answer.failure } : {}) };
};
