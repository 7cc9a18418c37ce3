import { OUTREACH_STATUSES, type OutreachStatus } from '../store/entities/thread';

/**
 * A thread's outreach status and whose turn it is, from the last inbound and outbound messages
 * (agency side = the agency's own addresses) and the model's hint. Decisions the model read in
 * the text (confirmed, declined, negotiating) win over the message order.
 */
export type Direction = 'inbound' | 'outbound';

export const deriveOutreach = (
  directions: { direction: Direction; at: number }[],
  hint: string | undefined,
): { status: OutreachStatus; whoseTurn: 'agency' | 'talent' } => {
  const ordered = [...directions].sort((a, b) => a.at - b.at);
  const last = ordered.at(-1);
  const whoseTurn = last?.direction === 'inbound' ? 'agency' : 'talent';
  const hasInbound = ordered.some((d) => d.direction === 'inbound');
  const known = (OUTREACH_STATUSES as readonly string[]).includes(hint ?? '') ? (hint as OutreachStatus) : undefined;
  if (known === 'confirmed' || known === 'declined') return { status: known, whoseTurn };
  if (known === 'negotiating' && hasInbound) return { status: 'negotiating', whoseTurn };
  return { status: hasInbound ? 'replied' : 'awaiting_reply', whoseTurn };
};
