// The v1 module only: the package index also builds a global AuthPlus.
import { gmail_v1 } from '@googleapis/gmail/build/v1';
import { callGoogle, clientOptions, type GoogleContext } from './call';
import { HistoryExpired } from './errors';
import { parseMessage, type ParsedMessage } from './gmail-message';
import { sharedGmailQuotaLimiter, type GmailMethod, type GmailQuotaLimiter } from './gmail-quota';

export type { ParsedMessage } from './gmail-message';

/**
 * Gmail as the product reads it: read-only, one mailbox, every call paying its quota units to
 * the mailbox's limiter first and going through the one retry policy.
 */
export type GmailContext = GoogleContext & {
  /** The mailbox's address: the limiter key (the API itself is called for 'me'). */
  mailbox: string;
  limiter?: GmailQuotaLimiter;
};

export type MessageFormat = 'full' | 'metadata' | 'minimal';

export type PageOptions = { maxPages?: number; pageSize?: number; includeSpamTrash?: boolean };

export type Listed<T> = { items: T[]; /** more pages existed beyond maxPages */ truncated: boolean };

export type GmailThread = { id: string; historyId?: string; snippet: string; messages: ParsedMessage[] };

export type HistoryChanges = {
  /**
   * The mailbox's newest historyId: store it for the next monitor tick, unless `truncated`
   * (pages were left unread; scan by query instead of skipping them).
   */
  historyId: string;
  /** Messages added since startHistoryId (id and threadId), oldest first, unique. */
  added: { id: string; threadId: string }[];
  threadIds: string[];
  truncated: boolean;
};

const USER = 'me';

export const createGmailClient = (ctx: GmailContext) => {
  const api: gmail_v1.Gmail = new gmail_v1.Gmail(clientOptions(ctx, 'gmail'));
  const limiter = ctx.limiter ?? sharedGmailQuotaLimiter();

  const call = <T>(method: GmailMethod, fn: () => Promise<{ data: T }>, notFound?: () => HistoryExpired) =>
    callGoogle(
      ctx,
      {
        api: 'gmail',
        operation: method,
        beforeAttempt: (maxWaitMs) => limiter.spend(ctx.mailbox, method, maxWaitMs),
        onRateLimited: (ms) => limiter.bucket.penalize(ctx.mailbox.toLowerCase(), ms),
        ...(notFound ? { notFound } : {}),
      },
      async () => (await fn()).data,
    );

  /** Follows nextPageToken up to maxPages; the caller decides what a truncated list means. */
  const paged = async <P, T>(
    method: GmailMethod,
    fetchPage: (pageToken: string | undefined) => Promise<{ data: P }>,
    pick: (page: P) => { items: T[]; next?: string | null },
    maxPages: number,
  ): Promise<Listed<T>> => {
    const items: T[] = [];
    let token: string | undefined;
    for (let page = 0; page < maxPages; page += 1) {
      const data = await call(method, () => fetchPage(token));
      const picked = pick(data);
      items.push(...picked.items);
      token = picked.next ?? undefined;
      if (!token) return { items, truncated: false };
    }
    return { items, truncated: true };
  };

  return {
    async getProfile() {
      const data = await call('users.getProfile', () => api.users.getProfile({ userId: USER }));
      return {
        emailAddress: data.emailAddress ?? ctx.mailbox,
        messagesTotal: data.messagesTotal ?? 0,
        threadsTotal: data.threadsTotal ?? 0,
        historyId: data.historyId ?? '',
      };
    },

    listMessageIds(q: string, options: PageOptions = {}): Promise<Listed<{ id: string; threadId: string }>> {
      return paged(
        'users.messages.list',
        (pageToken) =>
          api.users.messages.list({
            userId: USER,
            q,
            maxResults: options.pageSize ?? 100,
            ...(pageToken ? { pageToken } : {}),
            ...(options.includeSpamTrash ? { includeSpamTrash: true } : {}),
          }),
        (page: gmail_v1.Schema$ListMessagesResponse) => ({
          items: (page.messages ?? []).map((m) => ({ id: m.id ?? '', threadId: m.threadId ?? '' })),
          next: page.nextPageToken,
        }),
        options.maxPages ?? 10,
      );
    },

    listThreads(q: string, options: PageOptions = {}): Promise<Listed<{ id: string; snippet: string; historyId?: string }>> {
      return paged(
        'users.threads.list',
        (pageToken) =>
          api.users.threads.list({
            userId: USER,
            q,
            maxResults: options.pageSize ?? 100,
            ...(pageToken ? { pageToken } : {}),
            ...(options.includeSpamTrash ? { includeSpamTrash: true } : {}),
          }),
        (page: gmail_v1.Schema$ListThreadsResponse) => ({
          items: (page.threads ?? []).map((t) => ({ id: t.id ?? '', snippet: t.snippet ?? '', ...(t.historyId ? { historyId: t.historyId } : {}) })),
          next: page.nextPageToken,
        }),
        options.maxPages ?? 10,
      );
    },

    async getThread(id: string, format: MessageFormat = 'full'): Promise<GmailThread> {
      const data = await call('users.threads.get', () => api.users.threads.get({ userId: USER, id, format }));
      return {
        id: data.id ?? id,
        ...(data.historyId ? { historyId: data.historyId } : {}),
        snippet: data.snippet ?? '',
        messages: (data.messages ?? []).map(parseMessage).sort((a, b) => a.internalDate - b.internalDate),
      };
    },

    async getMessage(id: string, format: MessageFormat = 'full'): Promise<ParsedMessage> {
      return parseMessage(await call('users.messages.get', () => api.users.messages.get({ userId: USER, id, format })));
    },

    /**
     * Changes since a stored historyId. Gmail keeps history for about a week; older ids answer
     * 404, mapped to HistoryExpired so the monitor falls back to a query.
     */
    async listHistory(startHistoryId: string, options: { maxPages?: number } = {}): Promise<HistoryChanges> {
      const added = new Map<string, string>();
      let historyId = startHistoryId;
      let token: string | undefined;
      for (let page = 0; page < (options.maxPages ?? 10); page += 1) {
        const data = await call(
          'users.history.list',
          () =>
            api.users.history.list({
              userId: USER,
              startHistoryId,
              historyTypes: ['messageAdded'],
              maxResults: 500,
              ...(token ? { pageToken: token } : {}),
            }),
          () => new HistoryExpired(startHistoryId),
        );
        for (const record of data.history ?? []) {
          for (const entry of record.messagesAdded ?? []) {
            const m = entry.message;
            if (m?.id && !m.labelIds?.includes('DRAFT')) added.set(m.id, m.threadId ?? '');
          }
        }
        if (data.historyId) historyId = data.historyId;
        token = data.nextPageToken ?? undefined;
        if (!token) {
          const list = [...added].map(([id, threadId]) => ({ id, threadId }));
          return { historyId, added: list, threadIds: [...new Set(list.map((m) => m.threadId))], truncated: false };
        }
      }
      const list = [...added].map(([id, threadId]) => ({ id, threadId }));
      return { historyId, added: list, threadIds: [...new Set(list.map((m) => m.threadId))], truncated: true };
    },
  };
};

export type GmailClient = ReturnType<typeof createGmailClient>;
