import { describe, expect, it } from 'vitest';
import type { ConversationItem } from '../store/entities/conversation';
import type { ConversationThreadItem } from '../store/entities/conversation-thread';
import type { MailMessageItem } from '../store/entities/mail-message';
import { dealTermsOf, deriveConversation } from './recompute';

const AGENCY = 'brightwave';
const TALENT = 'ana@creator.test';

const conversation = (overrides: Partial<ConversationItem> = {}): ConversationItem =>
  ({ agencyName: AGENCY, campaignId: 'glow', subjectKey: TALENT, version: 3, status: 'not_contacted', updatedAt: '2026-11-01T00:00:00.000Z', ...overrides }) as ConversationItem;

const thread = (threadKey: string, messageKeys: string[], overrides: Partial<ConversationThreadItem> = {}): ConversationThreadItem =>
  ({
    agencyName: AGENCY,
    threadKey,
    version: 1,
    messageKeys,
    copies: [`maya@agency.test|${threadKey}`],
    targets: [{ contactEmail: TALENT, campaignId: 'glow', reason: 'talent_address', campaignConfirmed: true }],
    summary: `summary of ${threadKey}`,
    subject: `subject of ${threadKey}`,
    dates: [],
    failures: [],
    lastMessageAt: '2026-10-10T00:00:00.000Z',
    createdAt: '2026-10-01T00:00:00.000Z',
    updatedAt: '2026-10-10T00:00:00.000Z',
    ...overrides,
  }) as ConversationThreadItem;

const message = (messageKey: string, sentAt: string, overrides: Partial<MailMessageItem> = {}): MailMessageItem =>
  ({
    agencyName: AGENCY,
    messageKey,
    messageId: `${messageKey}@mail.test`,
    threadKey: 't1',
    sentAt,
    fromEmail: 'maya@agency.test',
    autoReply: 'none',
    side: 'agency',
    toOtherSide: true,
    fees: [],
    failures: [],
    createdAt: sentAt,
    ...overrides,
  }) as MailMessageItem;

const byKey = (...items: MailMessageItem[]) => new Map(items.map((m) => [m.messageKey, m]));

describe('deriveConversation: one record per talent per campaign', () => {
  it('counts a message held in two mailboxes (two threads citing one Message-ID) once', () => {
    const messages = byKey(message('m1', '2026-10-01T10:00:00.000Z'), message('m2', '2026-10-02T10:00:00.000Z', { side: 'talent', fromEmail: TALENT, intent: 'question' }));
    const { derived } = deriveConversation(conversation(), [thread('t1', ['m1', 'm2']), thread('t2', ['m1', 'm2'], { copies: ['daniel@agency.test|t2'] })], messages);
    expect(derived.messageCount).toBe(2);
    expect(derived.status).toBe('replied');
    expect(derived.whoseTurn).toBe('agency');
    expect(derived.threadCopies).toEqual(['maya@agency.test|t1', 'daniel@agency.test|t2']);
    expect(derived.lastInboundAt).toBe('2026-10-02T10:00:00.000Z');
    expect(derived.lastOutboundAt).toBe('2026-10-01T10:00:00.000Z');
  });

  it("stores the latest thread's copies first and on their own, so a list row can link that thread alone", () => {
    const messages = byKey(message('m1', '2026-10-01T10:00:00.000Z'), message('m2', '2026-10-05T10:00:00.000Z'));
    const older = thread('t1', ['m1'], { lastMessageAt: '2026-10-01T10:00:00.000Z' });
    const newer = thread('t2', ['m2'], { lastMessageAt: '2026-10-05T10:00:00.000Z', copies: ['zed@agency.test|t2', 'daniel@agency.test|t2'] });
    const { derived } = deriveConversation(conversation(), [older, newer], messages);
    expect(derived.threadCopies).toEqual(['daniel@agency.test|t2', 'zed@agency.test|t2', 'maya@agency.test|t1']);
    expect(derived.latestCopies).toEqual(['daniel@agency.test|t2', 'zed@agency.test|t2']);
  });

  it("keeps each copy's thread subject, so the timeline can name a Gmail link by it (a thread with no subject keeps none)", () => {
    const messages = byKey(message('m1', '2026-10-01T10:00:00.000Z'), message('m2', '2026-10-05T10:00:00.000Z'));
    const older = thread('t1', ['m1'], { lastMessageAt: '2026-10-01T10:00:00.000Z', subject: '' });
    const newer = thread('t2', ['m2'], { lastMessageAt: '2026-10-05T10:00:00.000Z', copies: ['zed@agency.test|t2', 'daniel@agency.test|t2'], subject: `Re: Holiday Glam brief ${'x'.repeat(300)}` });
    const { derived } = deriveConversation(conversation(), [older, newer], messages);
    const kept = `Re: Holiday Glam brief ${'x'.repeat(300)}`.slice(0, 150);
    expect(derived.threadSubjects).toEqual([
      { copy: 'daniel@agency.test|t2', subject: kept },
      { copy: 'zed@agency.test|t2', subject: kept },
    ]);
  });

  it('an out-of-office reply neither answers nor moves the turn', () => {
    const messages = byKey(message('m1', '2026-10-01T10:00:00.000Z'), message('m2', '2026-10-01T10:01:00.000Z', { side: 'talent', fromEmail: TALENT, autoReply: 'auto_reply' }));
    const { derived } = deriveConversation(conversation(), [thread('t1', ['m1', 'm2'])], messages);
    expect(derived).toMatchObject({ status: 'awaiting_reply', whoseTurn: 'talent', messageCount: 2, turnSince: '2026-10-01T10:00:00.000Z' });
    expect(derived.lastInboundAt).toBeUndefined();
  });

  it('leaves out threads no longer attributed to this talent in this campaign', () => {
    const moved = thread('t2', ['m3'], { targets: [{ contactEmail: 'other@creator.test', campaignId: 'glow', reason: 'talent_address', campaignConfirmed: true }] });
    const { relevant, derived } = deriveConversation(conversation(), [thread('t1', ['m1']), moved], byKey(message('m1', '2026-10-01T10:00:00.000Z'), message('m3', '2026-10-03T10:00:00.000Z')));
    expect(relevant).toEqual(['t1']);
    expect(derived.messageCount).toBe(1);
  });

  it("a person's corrections win; facts of a corrected kind read before the correction are hidden, later ones are added beside", () => {
    const messages = byKey(
      message('m1', '2026-10-01T10:00:00.000Z', { fees: [{ amount: 900, currency: 'EUR', unit: 'per_post', state: 'quoted', quote: '€900 per post', messageId: 'm1@mail.test', setBy: 'model' }] }),
      message('m2', '2026-10-20T10:00:00.000Z', { side: 'talent', fromEmail: TALENT, intent: 'counter', fees: [{ amount: 1100, currency: 'EUR', unit: 'per_post', state: 'countered', quote: '€1,100 per post', messageId: 'm2@mail.test', setBy: 'model' }] }),
    );
    const item = conversation({
      correctedFields: ['status', 'fees'],
      correctedStatus: 'confirmed',
      correctedAt: '2026-10-10T00:00:00.000Z',
      personFees: [{ amount: 1000, currency: 'EUR', unit: 'per_post', state: 'agreed', quote: '', setBy: 'person' }],
    });
    const { derived } = deriveConversation(item, [thread('t1', ['m1', 'm2'])], messages);
    expect(derived.status).toBe('confirmed');
    expect((derived.fees ?? []).map((fee) => [fee.amount, fee.setBy])).toEqual([
      [1000, 'person'],
      [1100, 'model'],
    ]);
  });

  it('gives the best reason across threads and marks an unconfirmed campaign', () => {
    const t1 = thread('t1', ['m1'], { targets: [{ contactEmail: TALENT, campaignId: 'glow', reason: 'manager_only', campaignConfirmed: false }] });
    const t2 = thread('t2', ['m2'], {
      targets: [{ contactEmail: TALENT, campaignId: 'glow', reason: 'talent_address', campaignConfirmed: false, evidence: `${TALENT} takes part` }],
      lastMessageAt: '2026-10-20T00:00:00.000Z',
    });
    const { derived } = deriveConversation(conversation(), [t1, t2], byKey(message('m1', '2026-10-01T10:00:00.000Z'), message('m2', '2026-10-02T10:00:00.000Z')));
    expect(derived).toMatchObject({ attributionReason: 'talent_address', attributionEvidence: `${TALENT} takes part`, campaignConfirmed: false, summary: 'summary of t2', subject: 'subject of t2' });
  });

  it('stays far under 400 KB however much mail a talent sends: the latest facts and copies are kept, bounded', () => {
    const quote = (i: number) => `$${i},000 for the bundle ${'x'.repeat(450)}`;
    const keys = Array.from({ length: 300 }, (_, i) => `m${i}`);
    const messages = byKey(
      ...keys.map((key, i) =>
        message(key, new Date(Date.UTC(2026, 5, 1) + i * 3600_000).toISOString(), {
          side: 'talent',
          fromEmail: TALENT,
          intent: 'counter',
          fees: Array.from({ length: 12 }, (_, j) => ({ amount: i * 100 + j, currency: 'USD', unit: 'bundle', state: 'countered', quote: quote(i), messageId: `${key}@mail.test`, setBy: 'model' })),
        } as never),
      ),
    );
    const threads = Array.from({ length: 30 }, (_, t) =>
      thread(`t${t}`, keys.slice(t * 10, t * 10 + 10), {
        copies: Array.from({ length: 40 }, (_, c) => `mailbox${c}@agency.test|${'f'.repeat(16)}${t}`),
        dates: Array.from({ length: 60 }, (_, d) => ({ date: `2026-12-${String((d % 28) + 1).padStart(2, '0')}`, kind: `kind${t}-${d}`, quote: 'd'.repeat(500), messageId: `m${t * 10}@mail.test`, setBy: 'model' })),
        failures: Array.from({ length: 20 }, () => ({ purpose: 'thread_summary', message: 'f'.repeat(300), at: '2026-10-01T00:00:00.000Z' })),
      } as never),
    );
    const { derived } = deriveConversation(conversation(), threads, messages);
    expect(Buffer.byteLength(JSON.stringify(derived), 'utf8')).toBeLessThan(300 * 1024);
    // the latest fee is still the latest one
    expect(derived.fees?.at(-1)?.amount).toBe(299 * 100 + 11);
  });
});

describe('deriveConversation: a status that follows the deal', () => {
  const offer = (fees: MailMessageItem['fees'] = []) => message('m1', '2026-10-01T10:00:00.000Z', { intent: 'offer', intentQuote: 'We can offer $450', fees });
  const usdFee = (amount: number, key: string, state: 'quoted' | 'agreed' | 'invoiced') =>
    ({ amount, currency: 'USD', unit: 'total', state, quote: `$${amount}`, messageId: `${key}@mail.test`, setBy: 'model' }) as const;
  const talentSays = (key: string, sentAt: string, over: Partial<MailMessageItem>) => message(key, sentAt, { side: 'talent', fromEmail: TALENT, fromName: 'Ana', ...over });
  const deal = dealTermsOf({ campaignName: 'Glow Serum', projectName: '', clientName: 'Glowskin Labs', deliverables: '1x Instagram Reel' });

  it('records no agreed fee for an amount only the talent wrote, and keeps the agency’s amount agreed', () => {
    const accept = talentSays('m2', '2026-10-02T10:00:00.000Z', { intent: 'accept', intentQuote: 'I accept', fees: [usdFee(1, 'm2', 'agreed')] });
    const { derived, why } = deriveConversation(conversation(), [thread('t1', ['m1', 'm2'])], byKey(offer([usdFee(450, 'm1', 'quoted')]), accept));
    expect(derived.status).toBe('negotiating');
    expect((derived.fees ?? []).map((fee) => [fee.amount, fee.state])).toEqual([
      [450, 'quoted'],
      [1, 'quoted'],
    ]);
    expect(why.latestFee).toMatchObject({ message: { messageKey: 'm2' }, quote: '$1', setBy: 'model' });
    const fair = talentSays('m2', '2026-10-02T10:00:00.000Z', { intent: 'accept', intentQuote: 'I accept', fees: [usdFee(450, 'm2', 'agreed')] });
    const kept = deriveConversation(conversation(), [thread('t1', ['m1', 'm2'])], byKey(offer([usdFee(450, 'm1', 'quoted')]), fair));
    expect(kept.derived.status).toBe('confirmed');
    expect(kept.derived.fees?.at(-1)?.state).toBe('agreed');
    expect(kept.why.status).toMatchObject({ message: { messageKey: 'm2' }, quote: 'I accept', setBy: 'model' });
  });

  it('ends a confirmed deal only on a decline that names it, with the campaign’s names given', () => {
    const accept = talentSays('m2', '2026-10-02T10:00:00.000Z', { intent: 'accept', intentQuote: 'Happy to go ahead', fees: [usdFee(450, 'm2', 'agreed')] });
    const threeMessages = (quote: string) =>
      deriveConversation(
        conversation(),
        [thread('t1', ['m1', 'm2', 'm3'])],
        byKey(offer([usdFee(450, 'm1', 'quoted')]), accept, talentSays('m3', '2026-10-09T10:00:00.000Z', { intent: 'decline', intentQuote: quote })),
        deal,
      );
    expect(threeMessages('I am away over the holidays and not available').derived.status).toBe('confirmed');
    const ended = threeMessages('I have to drop the Glowskin reel');
    expect(ended.derived.status).toBe('declined');
    expect(ended.why.status).toMatchObject({ message: { messageKey: 'm3' }, quote: 'I have to drop the Glowskin reel' });
    expect(ended.why.whoseTurn).toMatchObject({ message: { messageKey: 'm2' } });
  });

  it('says a person set the status and turn they corrected, and nothing for a fee nobody stated', () => {
    const item = conversation({ correctedFields: ['status', 'whose_turn'], correctedStatus: 'confirmed', correctedTurn: 'talent', correctedAt: '2026-10-05T00:00:00.000Z' });
    const { why } = deriveConversation(item, [thread('t1', ['m1'])], byKey(offer()));
    expect(why).toEqual({
      status: { quote: '', setBy: 'person', at: '2026-10-05T00:00:00.000Z' },
      whoseTurn: { message: expect.objectContaining({ messageKey: 'm1' }), quote: 'We can offer $450', setBy: 'model' },
      latestFee: null,
    });
    const turned = conversation({ correctedFields: ['whose_turn'], correctedTurn: 'agency', correctedAt: '2026-10-05T00:00:00.000Z' });
    expect(deriveConversation(turned, [thread('t1', ['m1'])], byKey(offer())).why.whoseTurn).toEqual({ quote: '', setBy: 'person', at: '2026-10-05T00:00:00.000Z' });
  });
});
