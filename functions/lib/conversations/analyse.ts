import type { ModelPurpose } from '../../../shared/constants';
import { DATE_KINDS, INTENTS, type DateKind, type Intent } from '../../../shared/schemas/conversations';
import { AiInvalidOutput, AiOutputTruncated, OpenAIRequestRejected } from '../ai/errors';
import { errorMessage, logger } from '../logger';
import type { ModelCaller } from '../processing/model';
import type { Settings } from '../settings/store';
import {
  KEY_DATES_SCHEMA,
  keyDatesPrompt,
  MESSAGE_ANALYSIS_SCHEMA,
  messageAnalysisPrompt,
  type KeyDatesAnswer,
  type MessageAnalysisAnswer,
  type PromptMessage,
} from './prompts';
import { clip, STORED_LIMITS } from '../mail/limits';
import { resolveDate, senderEvidence } from './rules/dates';
import { lastStatedCurrency, normalizeFee } from './rules/fees';
import { senderWords } from './rules/instructions';
import { quoteAppearsIn } from './rules/quotes';
import type { DateFact, FeeFact } from './types';

/**
 * The model's readings of new messages, each checked against the message's own words before it
 * is kept. Structured answers need room: a purpose's configured max_tokens is the floor, raised
 * to what a JSON answer with quotes takes, and an answer cut at its limit is asked once more with
 * twice the budget; a second cut is recorded as a failure, never silently dropped.
 */
const STRUCTURED_FLOOR: Partial<Record<ModelPurpose, number>> = { individual_message_summary: 800, date_validation: 1200 };

/** DynamoDB maps keep an unknown as a missing attribute, not null. */
export const withoutNulls = <T extends object>(value: T): T => Object.fromEntries(Object.entries(value).filter(([, v]) => v !== null && v !== undefined)) as T;

export type Failure = { purpose: string; message: string; at: string };

const budgetOf = (settings: Settings, purpose: ModelPurpose) => Math.max(settings.model_config[purpose].max_tokens, STRUCTURED_FLOOR[purpose] ?? 0);

/** One structured call with one larger retry when the answer was cut. */
export const callWithRoom = async <T>(
  call: ModelCaller,
  settings: Settings,
  purpose: ModelPurpose,
  messages: Parameters<ModelCaller>[1],
  schema: { name: string; schema: Record<string, unknown> },
): Promise<{ json?: T; tokens: number; failure?: Failure }> => {
  const budget = budgetOf(settings, purpose);
  for (const maxTokens of [budget, budget * 2]) {
    try {
      const answer = await call<T>(purpose, messages, schema, { maxTokens });
      return { ...(answer.json !== undefined ? { json: answer.json } : {}), tokens: answer.tokens };
    } catch (error) {
      if (error instanceof AiOutputTruncated && maxTokens === budget) continue;
      if (error instanceof AiOutputTruncated || error instanceof AiInvalidOutput || error instanceof OpenAIRequestRejected) {
        logger.warn('model answer not usable', { purpose, reason: errorMessage(error) });
        return { tokens: 0, failure: { purpose, message: errorMessage(error).slice(0, 300), at: new Date().toISOString() } };
      }
      throw error;
    }
  }
  return { tokens: 0 };
};

export type MessageAnalysis = { summary: string; intent?: Intent; intentQuote?: string; fees: FeeFact[]; tokens: number; failure?: Failure };

/** A decision the quote does not back is no decision: a forged "accept" falls back to other. */
const DECISIONS = new Set<Intent>(['offer', 'counter', 'accept', 'decline']);

export const analyseMessage = async (
  call: ModelCaller,
  settings: Settings,
  input: { prompt: PromptMessage; messageId: string; ownText: string; context: { talent: string; campaign: string }; currencies: { thread?: string; agency: string } },
): Promise<MessageAnalysis> => {
  const answer = await callWithRoom<MessageAnalysisAnswer>(call, settings, 'individual_message_summary', messageAnalysisPrompt(input.prompt, input.context), MESSAGE_ANALYSIS_SCHEMA as never);
  const json = answer.json;
  if (!json) return { summary: '', fees: [], tokens: answer.tokens, ...(answer.failure ? { failure: answer.failure } : {}) };
  // What the sender says to the agency: their own words without text addressed to software.
  const words = senderWords(input.ownText);
  let intent = (INTENTS as readonly string[]).includes(json.intent) ? (json.intent as Intent) : 'other';
  const quote = String(json.intent_quote ?? '');
  if (DECISIONS.has(intent) && !quoteAppearsIn(quote, words)) intent = 'other';
  const fees: FeeFact[] = [];
  for (const raw of Array.isArray(json.fees) ? json.fees : []) {
    if (fees.length >= STORED_LIMITS.feesPerMessage) break;
    if (!quoteAppearsIn(String(raw?.quote ?? ''), words)) continue;
    const fee = normalizeFee(
      { ...raw, quote: String(raw.quote) } as never,
      { ...(lastStatedCurrency(fees) ?? input.currencies.thread ? { threadCurrency: lastStatedCurrency(fees) ?? input.currencies.thread } : {}), agencyCurrency: input.currencies.agency } as never,
    );
    if (fee) fees.push(withoutNulls({ ...fee, quote: clip(fee.quote, STORED_LIMITS.quote), messageId: input.messageId, setBy: 'model' }));
  }
  return {
    summary: clip(String(json.summary ?? '').trim(), STORED_LIMITS.messageSummary),
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
  const answer = await callWithRoom<KeyDatesAnswer>(call, settings, 'date_validation', keyDatesPrompt(messages.map((m) => m.prompt)), KEY_DATES_SCHEMA as never);
  const dates: DateFact[] = [];
  for (const raw of Array.isArray(answer.json?.dates) ? answer.json.dates : []) {
    const source = messages.find((m) => m.prompt.index === Number(raw?.message));
    const quote = String(raw?.quote ?? '');
    if (!source || !quoteAppearsIn(quote, senderWords(source.ownText))) continue;
    const kind: DateKind = (DATE_KINDS as readonly string[]).includes(raw.kind) ? (raw.kind as DateKind) : 'other';
    const date = resolveDate({
      quote,
      modelDate: String(raw.date ?? ''),
      messageSentAt: source.sentAt,
      locale,
      senderEvidence: senderEvidence(source.fullText, source.fromEmail),
    });
    if (date) dates.push(withoutNulls({ date, kind, quote: clip(quote, STORED_LIMITS.quote), messageId: source.messageId, setBy: 'model' }));
  }
  return { dates, tokens: answer.tokens, ...(answer.failure ? { failure: answer.failure } : {}) };
};
