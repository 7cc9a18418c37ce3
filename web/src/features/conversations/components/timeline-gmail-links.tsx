import { ExternalLink } from 'lucide-react';
import type { ConversationJson } from '../../../../../shared/schemas/conversations';
import { timelineText } from '../lib/timeline-text';

/**
 * One link per Gmail thread, named by the thread's subject and the mailbox that holds it: a Gmail
 * link opens only for that mailbox's owner, so the label says whose it is.
 */
export const GmailThreadLinks = ({ threads }: { threads: ConversationJson['threads'] }) => {
  const links = threads.filter((thread) => thread.gmail_url);
  if (links.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-2" aria-label={timelineText.threads}>
      {links.map((thread) => (
        <li key={`${thread.mailbox}|${thread.thread_id}`} className="max-w-full">
          <a
            href={thread.gmail_url}
            target="_blank"
            rel="noreferrer noopener"
            title={timelineText.onlyOwnerCanOpen(thread.mailbox)}
            className="inline-flex max-w-full items-center gap-1.5 rounded-md border border-slate-300 bg-white px-2.5 py-1 text-sm text-indigo-700 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
          >
            <ExternalLink className="h-3.5 w-3.5 shrink-0" aria-hidden="true" />
            <span className="truncate">{timelineText.openInGmail(thread.mailbox, thread.subject)}</span>
          </a>
        </li>
      ))}
    </ul>
  );
};
