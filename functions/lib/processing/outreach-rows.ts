import { OUTREACH_TRACKER_HEADERS } from '../campaigns/layout';
import type { ContactItem } from '../store/entities/contact';
import type { KeyDate, ThreadItem } from '../store/entities/thread';

/**
 * One outreach-tracker row per contact (columns A–L, OUTREACH_TRACKER_HEADERS), from all the
 * contact's threads: status, turn, summary and link of the most recent one; last in/out and
 * message counts across them.
 */
export type OutreachRow = string[];

const when = (iso: string | undefined) => (iso ? `${iso.slice(0, 10)} ${iso.slice(11, 16)}` : '');
const maxIso = (values: (string | undefined)[]) => values.filter((v): v is string => Boolean(v)).sort().at(-1);

export const formatDates = (dates: KeyDate[]): string =>
  dates
    .slice(0, 8)
    .map((d) => `${d.date} ${d.kind.replace(/_/g, ' ')}`)
    .join('; ');

export const contactRow = (contact: ContactItem, threads: ThreadItem[], updatedAt: string): OutreachRow => {
  const ordered = [...threads].sort((a, b) => (b.lastMessageAt ?? '').localeCompare(a.lastMessageAt ?? ''));
  const latest = ordered[0];
  const dates = new Map<string, KeyDate>();
  for (const thread of ordered) for (const d of (thread.dates as KeyDate[] | undefined) ?? []) dates.set(`${d.date}|${d.kind}`, d);
  const row: OutreachRow = [
    contact.talentName ?? '',
    contact.email,
    contact.emailOwner ?? '',
    latest?.status ?? '',
    latest?.whoseTurn ?? '',
    when(maxIso(ordered.map((t) => t.lastInboundAt))),
    when(maxIso(ordered.map((t) => t.lastOutboundAt))),
    String(ordered.reduce((sum, t) => sum + (t.messageCount ?? 0), 0)),
    formatDates([...dates.values()].sort((a, b) => a.date.localeCompare(b.date))),
    (ordered.length > 1 ? `(${ordered.length} threads) ` : '') + (latest?.summary ?? '').slice(0, 2_000),
    latest?.gmailLink ?? '',
    updatedAt,
  ];
  return row.slice(0, OUTREACH_TRACKER_HEADERS.length);
};
