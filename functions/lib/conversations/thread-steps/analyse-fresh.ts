import type { ParsedMessage } from '../../google/gmail';
import { isConditionalFailure } from '../../store/conditional-write';
import { clip, STORED_LIMITS } from '../../mail/limits';
import type { ThreadRef } from '../../store/entities/job';
import { mailMessageEntity, type MailMessageItem } from '../../store/entities/mail-message';
import { nowIso } from '../../store/keys';
import { analyseMessage } from '../analyse';
import { agencyCurrency } from '../regional-settings';
import { fromParsed } from '../rule-messages';
import { lastStatedCurrency } from '../rules/fees';
import { messageSide, reachesOtherSide } from '../rules/sides';
import { messageKeyOf } from '../store';
import type { Attributed } from './attribute';
import { promptOfParsed } from './prompt-messages';
import { copyOf, type FiledThread, type ThreadWork } from './types';

/** What staff read for mail no person wrote: a bounce says whose address bounced and why (5.1.1 unknown user). */
export const automaticSummary = (m: Pick<ParsedMessage, 'autoReply' | 'bounce'>): string => {
  if (m.autoReply !== 'bounce') return 'Automatic reply';
  if (!m.bounce) return 'Address bounced';
  const why = `${m.bounce.status} ${m.bounce.reason}`.trim();
  return m.bounce.recipient ? `Address bounced: ${m.bounce.recipient} (${why})` : `Address bounced (${why})`;
};

/** What every stored message holds besides the model's reading; every field bounded (mail/limits.ts). */
const messageBase = (work: ThreadWork, ref: ThreadRef, threadKey: string, m: ParsedMessage, attributed: Attributed) => {
  const rule = fromParsed(m);
  return {
    agencyName: work.agencyName,
    messageKey: messageKeyOf(m.messageId),
    messageId: m.messageId,
    threadKey,
    copies: [copyOf(ref, m)],
    sentAt: new Date(m.internalDate).toISOString(),
    fromEmail: m.from?.email.toLowerCase() ?? '',
    fromName: clip(m.from?.name ?? '', STORED_LIMITS.name),
    to: m.to.slice(0, STORED_LIMITS.recipients).map((a) => a.email.toLowerCase()),
    cc: m.cc.slice(0, STORED_LIMITS.recipients).map((a) => a.email.toLowerCase()),
    subject: clip(m.subject, STORED_LIMITS.subject),
    ownText: clip(m.ownText, STORED_LIMITS.ownText),
    autoReply: m.autoReply,
    side: messageSide(rule, attributed.sideContext),
    toOtherSide: reachesOtherSide(rule, attributed.sideContext),
    createdAt: nowIso(),
  };
};

/**
 * Step 4, analyse: each fresh message read by the model (auto-replies and bounces are not: they
 * get a fixed summary), in order, so a fee without a currency takes the thread's last stated one.
 * Each message is saved as soon as it is read: whatever fails later, it is never sent to the model again.
 */
export const analyseFresh = async (
  work: ThreadWork,
  ref: ThreadRef,
  filed: FiledThread,
  attributed: Attributed,
): Promise<{ created: MailMessageItem[]; tokens: number; analysed: number }> => {
  const currencies = { agency: agencyCurrency(work.settings) };
  const context = { talent: attributed.plan.talentLabel, campaign: attributed.plan.campaignLabel };
  let threadCurrency = lastStatedCurrency([...filed.storedMessages.values()].sort((a, b) => a.sentAt.localeCompare(b.sentAt)).flatMap((m) => m.fees ?? []));
  let tokens = 0;
  let analysed = 0;
  const created: MailMessageItem[] = [];
  for (const [i, m] of filed.fresh.entries()) {
    const base = messageBase(work, ref, filed.threadKey, m, attributed);
    let item: MailMessageItem;
    if (m.autoReply !== 'none') {
      item = { ...base, summary: clip(automaticSummary(m), STORED_LIMITS.messageSummary), ...(m.bounce ? { bounce: m.bounce } : {}), fees: [], failures: [], tokensUsed: 0 } as MailMessageItem;
    } else {
      const analysis = await analyseMessage(work.call, work.settings, {
        prompt: promptOfParsed(m, i + 1, attributed.sideContext),
        messageId: m.messageId,
        ownText: m.ownText,
        context,
        currencies: { ...currencies, ...(threadCurrency ? { thread: threadCurrency } : {}) },
      });
      tokens += analysis.tokens;
      analysed += 1;
      threadCurrency = lastStatedCurrency(analysis.fees) ?? threadCurrency;
      item = {
        ...base,
        summary: clip(analysis.summary || m.snippet, STORED_LIMITS.messageSummary),
        ...(analysis.intent ? { intent: analysis.intent } : {}),
        ...(analysis.intentQuote ? { intentQuote: analysis.intentQuote } : {}),
        fees: analysis.fees,
        failures: analysis.failure ? [analysis.failure] : [],
        tokensUsed: analysis.tokens,
      } as MailMessageItem;
    }
    try {
      await mailMessageEntity.create(item).go({ response: 'none' });
    } catch (error) {
      if (!isConditionalFailure(error)) throw error;
    }
    created.push(item);
  }
  return { created, tokens, analysed };
};
