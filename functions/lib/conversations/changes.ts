import type { ChangeJson } from '../../../shared/schemas/conversations';
import { contactEntity, type ContactItem } from '../store/entities/contact';
import type { AgencyScope } from '../session/resolve';
import { conversationChangeEntity, visitEntity } from '../store/entities/conversation-change';

/**
 * GET /api/v3/conversations/changes: replies and status changes since a moment, newest first.
 * Without `since` the moment is the caller's previous visit: a visit more than 30 minutes after
 * the last one starts a new one (the last one becomes "previous"); a first visit shows the last
 * 7 days.
 */

export const CHANGES_PAGE_DEFAULT = 50;
export const VISIT_GAP_MS = 30 * 60 * 1000;
export const FIRST_VISIT_WINDOW_MS = 7 * 24 * 3600 * 1000;

type Visit = { lastVisitAt: string; previousVisitAt?: string };

/** Pure: the visit record after a visit at `now`. */
export const nextVisit = (visit: Visit | undefined, now: number): Visit => {
  const at = new Date(now).toISOString();
  const last = visit ? Date.parse(visit.lastVisitAt) : Number.NaN;
  if (!visit || Number.isNaN(last)) return { lastVisitAt: at };
  const newVisit = now - last > VISIT_GAP_MS;
  const previousVisitAt = newVisit ? visit.lastVisitAt : visit.previousVisitAt;
  return { lastVisitAt: at, ...(previousVisitAt ? { previousVisitAt } : {}) };
};

/** Records this visit; the previous visit (the moment "What changed" starts from), or null. */
const recordVisit = async (scope: AgencyScope, now: number): Promise<string | null> => {
  const key = { email: scope.email, agencyName: scope.agencyName };
  const { data } = await visitEntity.get(key).go();
  const next = nextVisit(data ?? undefined, now);
  await visitEntity
    .put({ ...key, ...next })
    .go({ response: 'none' });
  return next.previousVisitAt ?? null;
};

const talentNames = async (agencyName: string, pairs: { campaignId: string; email: string }[]): Promise<Map<string, string>> => {
  const unique = [...new Map(pairs.map((pair) => [`${pair.campaignId}:${pair.email}`, pair])).values()];
  const names = new Map<string, string>();
  for (let i = 0; i < unique.length; i += 100) {
    let page = unique.slice(i, i + 100).map((pair) => ({ agencyName, campaignId: pair.campaignId, email: pair.email }));
    for (let attempt = 0; page.length > 0 && attempt < 5; attempt += 1) {
      const { data, unprocessed } = await contactEntity.get(page).go();
      for (const contact of data as ContactItem[]) names.set(`${contact.campaignId}:${contact.email}`, contact.talentName ?? '');
      page = unprocessed as typeof page;
    }
  }
  return names;
};

export const listChanges = async (
  scope: AgencyScope,
  query: { since?: string; limit?: number },
  now: number = Date.now(),
): Promise<{ items: ChangeJson[]; since: string | null }> => {
  const since = query.since !== undefined ? new Date(query.since).toISOString() : await recordVisit(scope, now);
  const from = since ?? new Date(now - FIRST_VISIT_WINDOW_MS).toISOString();
  const limit = query.limit ?? CHANGES_PAGE_DEFAULT;
  // The CHANGE# range only (later sort keys of the partition are other items), newest first.
  const { data } = await conversationChangeEntity
    .query.byAgency({ agencyName: scope.agencyName })
    .between({ at: from }, { at: '~' })
    .go({ order: 'desc', count: limit + 1 });
  const nowEpoch = Math.floor(now / 1000);
  // TTL lags: an expired change is gone already. `since` itself was seen.
  const changes = data.filter((change) => change.at > from && !(change.expires_at_epoch && change.expires_at_epoch < nowEpoch)).slice(0, limit);
  const names = await talentNames(
    scope.agencyName,
    changes.map((change) => ({ campaignId: change.campaignId, email: change.contactEmail })),
  );
  return {
    since,
    items: changes.map((change) => ({
      conversation_id: change.conversationId,
      campaign_id: change.campaignId,
      contact_email: change.contactEmail,
      talent_name: names.get(`${change.campaignId}:${change.contactEmail}`) ?? '',
      kind: change.kind,
      at: change.at,
      status: change.status,
      previous_status: change.previousStatus ?? null,
      summary: change.summary ?? '',
    })),
  };
};
