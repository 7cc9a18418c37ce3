import type { ParsedMessage } from '../google/gmail';
import type { MailMessageItem } from '../store/entities/mail-message';
import type { RuleMessage } from './types';

/** Messages as the rules see them, from Gmail (new mail) or from the store (mail seen before). */
export const fromStored = (m: MailMessageItem): RuleMessage => ({
  messageId: m.messageId,
  sentAt: Date.parse(m.sentAt),
  ...(m.fromEmail ? { from: { email: m.fromEmail, ...(m.fromName ? { name: m.fromName } : {}) } } : {}),
  to: (m.to ?? []).map((email) => ({ email })),
  cc: (m.cc ?? []).map((email) => ({ email })),
  subject: m.subject ?? '',
  ownText: m.ownText ?? '',
  autoReply: m.autoReply,
});

export const fromParsed = (m: ParsedMessage): RuleMessage => ({
  messageId: m.messageId,
  sentAt: m.internalDate,
  ...(m.from ? { from: m.from } : {}),
  to: m.to,
  cc: m.cc,
  subject: m.subject,
  ownText: m.ownText,
  autoReply: m.autoReply,
});

export const participantsOf = (messages: RuleMessage[]): Set<string> =>
  new Set(messages.flatMap((m) => [m.from, ...m.to, ...m.cc]).filter((a): a is { email: string } => Boolean(a?.email)).map((a) => a.email.toLowerCase()));
