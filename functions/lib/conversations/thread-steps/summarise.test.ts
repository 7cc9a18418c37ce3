import { describe, expect, it } from 'vitest';
import { scriptedModel, TOKENS_PER_ANSWER } from '../../../../test/support/scripted-model';
import { SETTINGS_DEFAULTS, type Settings } from '../../settings/store';
import type { ConversationThreadItem } from '../../store/entities/conversation-thread';
import type { MailMessageItem } from '../../store/entities/mail-message';
import { summarise } from './summarise';

/**
 * The thread summary is a structured answer read with its schema, and it says what people wrote:
 * an out-of-office or a bounce never reaches the summary prompt.
 */
const settings = (incremental: boolean): Settings =>
  ({ ...SETTINGS_DEFAULTS, processing_mode: { incremental_processing_enabled: incremental, min_messages_for_incremental: 1, fallback_on_error: false } }) as unknown as Settings;

const message = (key: string, sentAt: string, ownText: string, extra: Partial<MailMessageItem> = {}): MailMessageItem =>
  ({ agencyName: 'a', messageKey: key, messageId: `${key}@x`, threadKey: 't', sentAt, fromEmail: 'sol@x.com', ownText, side: 'talent', autoReply: 'none', summary: `summary of ${key}`, ...extra }) as MailMessageItem;

const context = { subject: 'Aurora', talents: ['Sol'], campaigns: ['Aurora'] };
const OUT_OF_OFFICE = 'I am out of the office until Monday with limited access to e-mail.';
const BOUNCE = 'Delivery to the following recipient failed permanently: 550 5.1.1 unknown user';

const stored = [message('m1', '2026-10-01T10:00:00Z', 'We would love you for Aurora at $1,000.', { side: 'agency' })];
const created = [
  message('m2', '2026-10-02T10:00:00Z', OUT_OF_OFFICE, { autoReply: 'auto_reply', summary: 'Automatic reply' }),
  message('m3', '2026-10-02T11:00:00Z', BOUNCE, { autoReply: 'bounce', summary: 'Delivery failure (bounce)' }),
  message('m4', '2026-10-03T10:00:00Z', 'My rate is $1,500 for the Reel.'),
];
const previous = { summary: 'The agency offered $1,000.' } as ConversationThreadItem;

describe('summarise: auto-replies and bounces stay out of the summary', () => {
  it.each([
    ['a full pass', false, undefined],
    ['an incremental pass', true, previous],
  ])('%s: neither their text nor their summaries reach the prompt; the people do', async (_what, incremental, before) => {
    const model = scriptedModel({ summary: 'Sol asks $1,500.', next_step: 'Agency answers.' });
    const result = await summarise(model.call, settings(incremental), { stored: before, storedMessages: stored, created, context });
    expect(model.asked).toHaveLength(1);
    const prompt = model.asked[0]!.prompt;
    expect(prompt).not.toContain('out of the office');
    expect(prompt).not.toContain('5.1.1');
    expect(prompt).not.toContain('Automatic reply');
    expect(prompt).not.toContain('bounce');
    expect(prompt).toContain(incremental ? 'summary of m4' : 'My rate is $1,500');
    expect(result).toEqual({ summary: 'Sol asks $1,500.', tokens: TOKENS_PER_ANSWER });
  });

  it('only auto-replies new: no model call, the stored summary stays', async () => {
    const model = scriptedModel({ summary: 'x', next_step: 'y' });
    const result = await summarise(model.call, settings(false), { stored: previous, storedMessages: stored, created: created.slice(0, 2), context });
    expect(model.asked).toEqual([]);
    expect(result).toEqual({ summary: previous.summary, tokens: 0 });
  });
});

describe('summarise: the answer parsed with its schema', () => {
  it('a malformed answer is asked again once, then the previous summary stays and the failure is returned for the thread', async () => {
    const model = scriptedModel({ summary: 42 });
    const result = await summarise(model.call, settings(false), { stored: previous, storedMessages: stored, created, context });
    expect(model.asked).toHaveLength(2);
    expect(model.asked[0]?.schemaName).toBe('thread_summary');
    expect(result.summary).toBe(previous.summary);
    expect(result.failure).toMatchObject({ purpose: 'thread_summary', message: expect.stringContaining('summary') });
  });

  it('a malformed incremental answer falls back to a full pass when the settings say so', async () => {
    const model = scriptedModel({ next_step: 'x' }, { next_step: 'x' }, { summary: 'Full pass.', next_step: 'x' });
    const fallback = { ...settings(true), processing_mode: { incremental_processing_enabled: true, min_messages_for_incremental: 1, fallback_on_error: true } } as Settings;
    const result = await summarise(model.call, fallback, { stored: previous, storedMessages: stored, created, context });
    expect(model.asked).toHaveLength(3);
    expect(model.asked[2]?.prompt).toContain('My rate is $1,500');
    expect(result).toEqual({ summary: 'Full pass.', tokens: 3 * TOKENS_PER_ANSWER });
  });
});
