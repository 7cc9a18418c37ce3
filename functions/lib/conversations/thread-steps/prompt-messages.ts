import type { ParsedMessage } from '../../google/gmail';
import type { MailMessageItem } from '../../store/entities/mail-message';
import type { PromptMessage } from '../prompts';
import { fromParsed } from '../rule-messages';
import { messageSide } from '../rules/sides';
import type { SideContext } from './attribute';

const show = (a: { name?: string; email: string } | undefined) => (a ? (a.name ? `${a.name} <${a.email}>` : a.email) : '');

/** A message as read from Gmail, as the model sees it (index: its 1-based place in the prompt). */
export const promptOfParsed = (m: ParsedMessage, index: number, sideContext: SideContext): PromptMessage => ({
  index,
  from: show(m.from),
  to: [...m.to, ...m.cc].map(show).join(', '),
  date: new Date(m.internalDate).toISOString(),
  subject: m.subject,
  side: messageSide(fromParsed(m), sideContext),
  text: m.ownText || m.text || m.snippet,
});

/** A stored message as the model sees it in a thread summary. */
export const promptOfStored = (m: MailMessageItem, index: number): PromptMessage => ({
  index,
  from: m.fromName ? `${m.fromName} <${m.fromEmail ?? ''}>` : (m.fromEmail ?? ''),
  to: [...(m.to ?? []), ...(m.cc ?? [])].join(', '),
  date: m.sentAt,
  subject: m.subject ?? '',
  side: m.side,
  text: m.ownText ?? '',
});
