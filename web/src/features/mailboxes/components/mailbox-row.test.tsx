// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { messages } from '../../../../../shared/messages';
import type { MailboxJson } from '../../../../../shared/schemas/mailboxes';
import { fakeMailbox } from '../../../testing/fakes';
import { MailboxRow } from './mailbox-row';

afterEach(cleanup);

const text = messages.mailboxes.push;
const NOW = new Date('2026-11-23T12:00:00.000Z');

/** Parsed by the shared schema, so the row gets what the server could send. */
const row = (push: MailboxJson['push']): MailboxJson => fakeMailbox({ email: 'maya@agency.test', connected_at: null, push });

const pushCell = () => screen.getByTestId('mailbox-push').textContent ?? '';

describe('MailboxRow: Gmail push status', () => {
  it('a watched mailbox says new mail is instant until the watch ends, and when the last notification came', () => {
    render(
      <ul>
        <MailboxRow now={NOW} checkIntervalMinutes={5} mailbox={row({ state: 'watching', watching_until: '2026-11-30T12:00:00.000Z', last_notification_at: '2026-11-23T11:58:00.000Z', fallback_reason: null, detail: null })} />
      </ul>,
    );
    expect(pushCell()).toContain(text.watching('2026-11-30'));
    expect(pushCell()).toContain('last notification');
    expect(pushCell()).not.toContain(text.polling);
  });

  it("a mailbox read by the agency's check alone says so, with its interval, and why", () => {
    render(
      <ul>
        <MailboxRow now={NOW} checkIntervalMinutes={5} mailbox={row({ state: 'polling', watching_until: null, last_notification_at: null, fallback_reason: 'watch_failed', detail: 'Resource not found (resource=gmail).' })} />
      </ul>,
    );
    expect(pushCell()).toContain('Checked every 5 minutes');
    expect(pushCell()).toContain(text.fallback.watch_failed);
    expect(pushCell()).toContain('Resource not found (resource=gmail).');
  });
});
