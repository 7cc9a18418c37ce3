import { ExternalLink, MailWarning, Reply } from 'lucide-react';
import type { ConversationJson, ConversationMessageJson } from '../../../../../shared/schemas/conversations';
import { cn } from '../../../lib/cn';
import { INTENT_LABELS, formatDateTime } from '../lib/format';
import { senderOf, type SenderKind } from '../lib/timeline-sides';
import { AUTO_REPLY_TEXT, timelineText } from '../lib/timeline-text';

const SIDE_STYLES: Readonly<Record<SenderKind, string>> = {
  agency: 'bg-indigo-50 text-indigo-800 ring-indigo-200',
  talent: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  manager: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  manager_colleague: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  client: 'bg-sky-50 text-sky-800 ring-sky-200',
  internal: 'bg-slate-100 text-slate-700 ring-slate-200',
  other: 'bg-slate-100 text-slate-700 ring-slate-200',
};

const DOT_STYLES: Readonly<Record<SenderKind, string>> = {
  agency: 'bg-indigo-500',
  talent: 'bg-emerald-500',
  manager: 'bg-emerald-500',
  manager_colleague: 'bg-emerald-500',
  client: 'bg-sky-500',
  internal: 'bg-slate-400',
  other: 'bg-slate-400',
};

type Party = Pick<ConversationJson, 'contact_email' | 'email_owner'>;

const Pill = ({ className, children, testId }: { className: string; children: string; testId?: string }) => (
  <span data-testid={testId} className={cn('inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset', className)}>
    {children}
  </span>
);

const MessageItem = ({ message, party }: { message: ConversationMessageJson; party: Party }) => {
  const machine = message.auto_reply !== 'none';
  const sender = senderOf(message, party);
  return (
    <li data-testid="timeline-message" data-side={message.side} data-sender={sender.kind} data-auto-reply={message.auto_reply} className="relative min-w-0 pb-5 pl-6 last:pb-0">
      <span aria-hidden="true" className={cn('absolute top-1.5 -left-[5px] h-2.5 w-2.5 rounded-full', machine ? 'bg-amber-400' : DOT_STYLES[sender.kind])} />
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
        <time dateTime={message.date} className="font-medium text-slate-900">
          {formatDateTime(message.date) || message.date}
        </time>
        <span className="min-w-0 wrap-anywhere text-slate-700">{message.from || '—'}</span>
        <Pill testId="message-sender" className={cn(SIDE_STYLES[sender.kind], 'max-w-full truncate')}>
          {sender.label}
        </Pill>
        {message.intent ? <Pill className="bg-white text-slate-700 ring-slate-300">{`${timelineText.intent}: ${INTENT_LABELS[message.intent]}`}</Pill> : null}
        {message.auto_reply === 'auto_reply' ? (
          <span data-testid="auto-reply-mark" className="inline-flex items-center gap-1 rounded-full bg-amber-50 px-2 py-0.5 text-xs font-medium text-amber-900 ring-1 ring-amber-300 ring-inset">
            <Reply className="h-3 w-3" aria-hidden="true" />
            {AUTO_REPLY_TEXT.auto_reply}
          </span>
        ) : null}
        {message.auto_reply === 'bounce' ? (
          <span data-testid="bounce-mark" className="inline-flex items-center gap-1 rounded-full bg-rose-50 px-2 py-0.5 text-xs font-medium text-rose-900 ring-1 ring-rose-300 ring-inset">
            <MailWarning className="h-3 w-3" aria-hidden="true" />
            {AUTO_REPLY_TEXT.bounce}
          </span>
        ) : null}
      </div>
      <p className={cn('mt-1 text-sm wrap-anywhere', message.summary ? 'text-slate-700' : 'text-slate-500 italic')}>
        {message.summary || timelineText.noMessageSummary}
      </p>
      {message.gmail_url ? (
        <a
          href={message.gmail_url}
          target="_blank"
          rel="noreferrer noopener"
          title={timelineText.onlyOwnerCanOpen(message.mailbox)}
          className="mt-1 inline-flex max-w-full items-center gap-1 text-xs text-indigo-700 underline-offset-2 hover:underline"
        >
          <ExternalLink className="h-3 w-3 shrink-0" aria-hidden="true" />
          <span className="truncate">{timelineText.openMessageInGmail(message.mailbox)}</span>
        </a>
      ) : null}
    </li>
  );
};

/** The conversation's messages, oldest first, across its threads and mailboxes. */
export const TimelineMessages = ({ messages, party }: { messages: readonly ConversationMessageJson[]; party: Party }) =>
  messages.length ? (
    <ol className="border-l border-slate-200 pl-0" aria-label={timelineText.messages}>
      {messages.map((message) => (
        <MessageItem key={`${message.message_id}|${message.mailbox}`} message={message} party={party} />
      ))}
    </ol>
  ) : (
    <p className="text-sm text-slate-500">{timelineText.noMessages}</p>
  );
