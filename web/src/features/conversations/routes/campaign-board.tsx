import { useCallback, useMemo, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { messages } from '../../../../../shared/messages';
import type { ConversationJson, ConversationSort } from '../../../../../shared/schemas/conversations';
import { notify } from '../../../components/ui/notifications';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { useCampaign } from '../../campaigns/api/get-campaign';
import { listConversations, useConversations } from '../api/list-conversations';
import { UpdatedCue } from '../components/updated-cue';
import { useUpdatedCue } from '../lib/use-updated-cue';
import { BoardBulkBar } from '../components/board-bulk-bar';
import { BoardStacked } from '../components/board-card';
import { talentHref } from '../components/board-cells';
import { BackToCampaigns, BoardHeader, BoardHeaderSkeleton } from '../components/board-header';
import { BoardPager } from '../components/board-pager';
import { BoardPipeline } from '../components/board-pipeline';
import { BoardEmpty, BoardError, BoardNoMatches, BoardSkeleton } from '../components/board-states';
import { BoardTable } from '../components/board-table';
import { BoardToolbar } from '../components/board-toolbar';
import { bulkTargets } from '../lib/board-bulk';
import { downloadCsv } from '../../../lib/csv';
import { boardCsv, exportFileName, fetchAllRows } from '../lib/board-export';
import { useMediaQuery, WIDE_BOARD_QUERY } from '../lib/board-media-query';
import { boardText } from '../lib/board-messages';
import {
  BOARD_PAGE_SIZE,
  clearFilters,
  EXPORT_PAGE_SIZE,
  hasFilters,
  nextSort,
  parseBoardState,
  serializeBoardState,
  toListParams,
  type BoardState,
} from '../lib/board-url-state';

/** The board's state in the URL, and a patcher that keeps the rest of it (replacing the entry). */
const useBoardState = () => {
  const [searchParams, setSearchParams] = useSearchParams();
  const state = useMemo(() => parseBoardState(searchParams), [searchParams]);
  const update = useCallback(
    (patch: Partial<BoardState> | ((current: BoardState) => BoardState)) =>
      setSearchParams((previous) => {
        const current = parseBoardState(previous);
        return serializeBoardState(typeof patch === 'function' ? patch(current) : { ...current, ...patch });
      }, { replace: true }),
    [setSearchParams],
  );
  return [state, update] as const;
};

/**
 * A keyed piece of state: it reads as `initial` whenever the key differs from the one it was set
 * under (the page stack of a filter, the selection of a page), so a new filter starts afresh.
 */
const useKeyedState = <T,>(key: string, initial: T) => {
  const [entry, setEntry] = useState<{ key: string; value: T }>({ key, value: initial });
  const value = entry.key === key ? entry.value : initial;
  const set = useCallback((next: (current: T) => T) => setEntry((current) => ({ key, value: next(current.key === key ? current.value : initial) })), [key, initial]);
  return [value, set] as const;
};

const FIRST_PAGE: readonly (string | null)[] = [null];
const NOTHING_SELECTED: ReadonlySet<string> = new Set();

/** /campaigns/:id — every talent of the campaign as a table or a pipeline, with bulk actions. */
export const CampaignBoardRoute = () => {
  const { id: campaignId = '' } = useParams();
  const navigate = useNavigate();
  const [state, update] = useBoardState();
  const wide = useMediaQuery(WIDE_BOARD_QUERY);
  const campaign = useCampaign(campaignId);

  const filterKey = JSON.stringify(toListParams(campaignId, state));
  const [cursors, setCursors] = useKeyedState(filterKey, FIRST_PAGE);
  const page = cursors.length - 1;
  const params = toListParams(campaignId, state, { cursor: cursors[page] });
  const list = useConversations(params);
  const updated = useUpdatedCue(JSON.stringify(params), list.isPlaceholderData ? undefined : list.data);
  const [selected, setSelected] = useKeyedState(JSON.stringify(params), NOTHING_SELECTED);
  const [exporting, setExporting] = useState(false);

  const rows = list.data?.items ?? [];
  const campaignName = campaign.data?.campaign_name ?? campaignId;
  const chosen = rows.filter((row) => selected.has(row.id));
  const targets = bulkTargets(chosen);

  const onToggle = (id: string, checked: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (checked) next.add(id);
      else next.delete(id);
      return next;
    });
  const onToggleAll = (checked: boolean) => setSelected(() => (checked ? new Set(rows.map((row) => row.id)) : NOTHING_SELECTED));
  const onOpen = (row: ConversationJson) => {
    const href = talentHref(row);
    if (href) void navigate(href);
  };
  const onSort = (key: ConversationSort) => update((current) => ({ ...current, sort: nextSort(current.sort, key) }));
  const onClearFilters = () => update(clearFilters);

  const onExport = async () => {
    setExporting(true);
    try {
      const exported = chosen.length > 0 ? chosen : await fetchAllRows((query) => listConversations(query), toListParams(campaignId, state, { limit: EXPORT_PAGE_SIZE }));
      downloadCsv(boardCsv(exported), exportFileName(campaignId));
      notify({ type: 'success', title: boardText.exportedTitle, message: boardText.exported(exported.length) });
    } catch (error) {
      notify({ type: 'error', title: boardText.exportFailed, message: errorMessage(error, boardText.loadFailed) });
    } finally {
      setExporting(false);
    }
  };

  const body = () => {
    if (list.isPending) return <BoardSkeleton />;
    if (!list.data) return <BoardError title={boardText.loadFailed} message={errorMessage(list.error, boardText.loadFailed)} onRetry={() => void list.refetch()} retrying={list.isFetching} />;
    if (list.data.total === 0 && page === 0) return hasFilters(state) ? <BoardNoMatches onClear={onClearFilters} /> : <BoardEmpty />;
    const shared = { rows, selected, onToggle, onOpen };
    return (
      <>
        {list.isError ? (
          <div className="mb-3">
            <BoardError title={boardText.loadFailed} message={errorMessage(list.error, boardText.loadFailed)} onRetry={() => void list.refetch()} retrying={list.isFetching} />
          </div>
        ) : null}
        <BoardBulkBar targets={targets} campaign={{ id: campaignId, name: campaignName }} onClear={() => setSelected(() => NOTHING_SELECTED)} />
        {state.view === 'pipeline' ? (
          <BoardPipeline {...shared} counts={list.data.counts} />
        ) : wide ? (
          <BoardTable {...shared} onToggleAll={onToggleAll} campaignName={campaignName} sort={state.sort} onSort={onSort} />
        ) : (
          <BoardStacked {...shared} onToggleAll={onToggleAll} />
        )}
        <BoardPager
          page={page}
          pageSize={BOARD_PAGE_SIZE}
          shown={rows.length}
          total={list.data.total}
          hasNext={Boolean(list.data.cursor)}
          busy={list.isFetching}
          onPrevious={() => setCursors((current) => (current.length > 1 ? current.slice(0, -1) : current))}
          onNext={() => {
            const next = list.data?.cursor;
            if (next) setCursors((current) => [...current, next]);
          }}
        />
      </>
    );
  };

  return (
    <div className="min-w-0">
      {campaign.isPending ? (
        <BoardHeaderSkeleton />
      ) : campaign.data ? (
        <BoardHeader campaign={campaign.data} />
      ) : (
        <div className="mb-6 space-y-3">
          <BackToCampaigns />
          <h1 className="text-2xl font-semibold tracking-tight break-words text-slate-900">{campaignId}</h1>
          <BoardError title={messages.fallback.loadCampaign} message={errorMessage(campaign.error, messages.fallback.loadCampaign)} onRetry={() => void campaign.refetch()} retrying={campaign.isFetching} />
        </div>
      )}
      <BoardToolbar state={state} onChange={update} onClearFilters={onClearFilters} onExport={() => void onExport()} exporting={exporting} selectedCount={chosen.length} />
      <div className="relative" aria-busy={list.isFetching || undefined}>
        <div className="mb-2 flex min-h-5 flex-wrap items-center justify-between gap-2">
          {list.isPlaceholderData && list.isFetching ? (
            <p role="status" className="inline-flex items-center gap-2 text-sm text-slate-600">
              <Spinner size="sm" />
              {boardText.updating}
            </p>
          ) : (
            <span />
          )}
          <UpdatedCue shown={updated} />
        </div>
        {body()}
      </div>
    </div>
  );
};
