import { describe, expect, it } from 'vitest';
import { DEAL_CASES } from '../../../test/fixtures/conversations/cases/deal-cases';
import { directoryOf, FIXTURE_CURRENCY, toRuleMessage } from '../../../test/fixtures/conversations/score';
import type { ConversationCase } from '../../../test/fixtures/conversations/types';
import { readFees, readIntent } from '../../../test/emulators/openai/mail-deal';
import { INTENTS, type Intent } from '../../../shared/schemas/conversations';
import type { ConversationItem } from '../store/entities/conversation';
import type { ConversationThreadItem } from '../store/entities/conversation-thread';
import type { MailMessageItem } from '../store/entities/mail-message';
import { dealTermsOf, deriveConversation } from './recompute';
import { normalizeFee } from './rules/fees';
import { senderWords } from './rules/instructions';
import { quoteAppearsIn } from './rules/quotes';
import { messageSide, reachesOtherSide } from './rules/sides';

/**
 * The deal cases read as the product reads them: each message's intent, intent quote and fees
 * come from the OpenAI emulator's reading (the model's stand-in), kept only when their quote is
 * in the sender's own words (as analyse.ts keeps them), then rebuilt into the conversation record.
 * The roster note and the refused extra ask are read as declines, with their quotes: the status
 * table must still leave the confirmed deals Confirmed, and end only the deal a decline names.
 */
const AGENCY = 'brightwave';
const directory = directoryOf(DEAL_CASES);
const DECISIONS = new Set<Intent>(['offer', 'counter', 'accept', 'decline']);

const read = (c: ConversationCase): MailMessageItem[] => {
  const ctx = { directory, campaignIds: c.campaigns.map((campaign) => campaign.campaignId) };
  return c.messages.map((m, index) => {
    const rule = toRuleMessage(m);
    const side = messageSide(rule, ctx);
    const words = senderWords(rule.ownText);
    const email = { index: index + 1, from: m.from, side, date: m.date, subject: m.subject, to: m.to.join(', '), body: rule.ownText };
    const reading = readIntent(email);
    let intent = (INTENTS as readonly string[]).includes(reading.intent) ? (reading.intent as Intent) : 'other';
    if (DECISIONS.has(intent) && !quoteAppearsIn(reading.quote, words)) intent = 'other';
    const fees = readFees(email)
      .filter((fee) => quoteAppearsIn(fee.quote, words))
      .flatMap((fee) => normalizeFee({ ...fee, message_id: m.messageId }, { agencyCurrency: FIXTURE_CURRENCY }) ?? []);
    return {
      agencyName: AGENCY,
      messageKey: `k${index}`,
      messageId: m.messageId,
      threadKey: `${c.id}:${m.thread ?? 'main'}`,
      sentAt: m.date,
      fromEmail: rule.from?.email ?? '',
      fromName: rule.from?.name ?? '',
      autoReply: rule.autoReply,
      side,
      toOtherSide: reachesOtherSide(rule, ctx),
      intent,
      ...(reading.quote ? { intentQuote: reading.quote } : {}),
      fees,
      failures: [],
      createdAt: m.date,
    } as MailMessageItem;
  });
};

/** Every thread of the case attributed to the talent (attribution is not what is tested here). */
const recordOf = (c: ConversationCase, contactEmail: string, campaignId: string) => {
  const messages = read(c);
  const threadKeys = [...new Set(messages.map((m) => m.threadKey))];
  const threads = threadKeys.map(
    (threadKey) =>
      ({
        agencyName: AGENCY,
        threadKey,
        version: 1,
        messageKeys: messages.filter((m) => m.threadKey === threadKey).map((m) => m.messageKey),
        targets: [{ contactEmail, campaignId, reason: 'talent_address', campaignConfirmed: true }],
        lastMessageAt: messages.at(-1)!.sentAt,
      }) as ConversationThreadItem,
  );
  const item = { agencyName: AGENCY, campaignId, subjectKey: contactEmail, version: 1, status: 'not_contacted', updatedAt: '' } as ConversationItem;
  const campaign = c.campaigns.find((x) => x.campaignId === campaignId)!;
  return { messages, ...deriveConversation(item, threads, new Map(messages.map((m) => [m.messageKey, m])), dealTermsOf(campaign)) };
};

const caseOf = (id: string) => DEAL_CASES.find((c) => c.id === id)!;

describe('deal cases read by the model stand-in, rebuilt into their records', () => {
  it.each(DEAL_CASES.map((c) => [c.id, c] as const))('%s: the expected status and turn for every talent', (_id, c) => {
    for (const t of c.expect.targets) {
      const { derived } = recordOf(c, t.contact_email, t.campaign_id);
      expect(derived.status, `${c.id} ${t.contact_email}`).toBe(c.expect.status);
      expect(derived.whoseTurn ?? null, `${c.id} ${t.contact_email}`).toBe(c.expect.whose_turn);
    }
  });

  it('the roster note and the refused extra ask reach the table as declines, with their quotes', () => {
    const roster = recordOf(caseOf('roster-note-after-confirmed'), 'ines.cardoso.makeup@gmail.com', 'hc-aurelia-advent').messages.at(-1)!;
    expect(roster.intent).toBe('decline');
    expect(roster.intentQuote).toMatch(/not available/);
    const extra = recordOf(caseOf('decline-of-extra-ask'), 'kit.morrow.runs@gmail.com', 'hc-fernhill-trail').messages.at(-1)!;
    expect(extra.intent).toBe('decline');
    expect(extra.intentQuote).toMatch(/pass on the extra TikTok/);
    const invoice = recordOf(caseOf('invoice-after-deal'), 'bea.lindqvist.beauty@outlook.com', 'hc-aurelia-advent').messages.at(-1)!;
    expect([invoice.intent, invoice.fees?.map((fee) => fee.state)]).toEqual(['decline', ['invoiced']]);
  });

  it('says which message set the status: the accept for a kept deal, the cancellation for a ended one', () => {
    const kept = recordOf(caseOf('roster-note-after-confirmed'), 'tomas.leite.grooming@gmail.com', 'hc-aurelia-advent');
    expect(kept.why.status?.message?.messageId).toBe(caseOf('roster-note-after-confirmed').messages[1]!.messageId);
    expect(kept.why.status?.quote).toMatch(/happy to go ahead/);
    expect(kept.why.whoseTurn?.message?.messageId).toBe(caseOf('roster-note-after-confirmed').messages[3]!.messageId);
    const ended = recordOf(caseOf('real-cancel-after-confirmed'), 'ollie.brandt.trails@gmail.com', 'hc-fernhill-trail');
    expect(ended.why.status?.message?.messageId).toBe(caseOf('real-cancel-after-confirmed').messages[2]!.messageId);
    expect(ended.why.status?.quote).toMatch(/decline the Fernhill reel/);
  });

  it('records no agreed $1 for an offer the agency never made; the agreed fee of a real deal stays agreed', () => {
    const fake = recordOf(caseOf('fake-quoted-offer'), 'juno.park.studies@gmail.com', 'hc-wrenfield-notes');
    // the stand-in reads the talent's $1 as agreed, as the issue saw the model do
    expect(fake.messages[1]!.fees?.map((fee) => [fee.amount, fee.state])).toEqual([[1, 'agreed']]);
    const one = (fake.derived.fees ?? []).filter((fee) => fee.amount === 1);
    expect(one.length).toBeGreaterThan(0);
    expect(one.every((fee) => fee.state !== 'agreed')).toBe(true);
    const real = recordOf(caseOf('real-cancel-after-confirmed'), 'ollie.brandt.trails@gmail.com', 'hc-fernhill-trail');
    expect((real.derived.fees ?? []).some((fee) => fee.amount === 850 && fee.state === 'agreed')).toBe(true);
  });
});
