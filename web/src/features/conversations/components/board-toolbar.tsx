import { ArrowDownWideNarrow, ArrowUpNarrowWide, ChartNoAxesColumn, Columns3, Download, Search, Table2 } from 'lucide-react';
import { Link } from 'react-router-dom';
import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { CONVERSATION_SORTS, CONVERSATION_STATUSES, type ConversationSort, type Turn } from '../../../../../shared/schemas/conversations';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { cn } from '../../../lib/cn';
import { useDebouncedValue } from '../../../hooks/use-debounced-value';
import { boardText, SORT_LABELS } from '../lib/board-messages';
import { hasFilters, Q_MAX, type BoardState, type BoardView, type TrackingFilter } from '../lib/board-url-state';
import { STATUS_LABELS } from '../lib/format';

export const SEARCH_DEBOUNCE_MS = 300;

export type BoardToolbarProps = {
  state: BoardState;
  onChange: (patch: Partial<BoardState>) => void;
  onClearFilters: () => void;
  onExport: () => void;
  /** rows selected on this page: the export takes only them, or every row of the filter when none */
  selectedCount: number;
  exporting: boolean;
};

const ANY = 'any';

const TURN_OPTIONS = [
  { value: ANY, label: boardText.turnAny },
  { value: 'agency', label: boardText.turnAgency },
  { value: 'talent', label: boardText.turnTalent },
];

const TRACKING_OPTIONS = [
  { value: ANY, label: boardText.trackingAny },
  { value: 'on', label: boardText.trackingOn },
  { value: 'off', label: boardText.trackingOff },
];

const SORT_OPTIONS = CONVERSATION_SORTS.map((key) => ({ value: key, label: SORT_LABELS[key] }));

/** The search box: typing updates the field at once and the URL (so the query) after a pause. */
const SearchBox = ({ value, onSearch }: { value: string; onSearch: (q: string) => void }) => {
  const id = useId();
  const [draft, setDraft] = useState(value);
  const debounced = useDebouncedValue(draft, SEARCH_DEBOUNCE_MS);
  // Only a settled draft searches (`value` changing from outside is handled below), so the effect
  // reads the latest value and callback without re-running when they change.
  const latest = useRef({ value, onSearch });
  useLayoutEffect(() => {
    latest.current = { value, onSearch };
  });
  useEffect(() => {
    if (debounced.trim() !== latest.current.value.trim()) latest.current.onSearch(debounced);
  }, [debounced]);
  // Cleared or changed from outside (clear filters, back button): show it.
  useEffect(() => {
    setDraft((current) => (current.trim() === value.trim() ? current : value));
  }, [value]);
  return (
    <div className="relative min-w-0 flex-1 basis-64">
      <label htmlFor={id} className="sr-only">
        {boardText.searchLabel}
      </label>
      <Search className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-slate-600" aria-hidden="true" />
      <Input
        id={id}
        type="search"
        value={draft}
        maxLength={Q_MAX}
        placeholder={boardText.searchPlaceholder}
        onChange={(event) => setDraft(event.target.value)}
        className="pl-9"
      />
    </div>
  );
};

const ViewSwitch = ({ view, onView }: { view: BoardView; onView: (view: BoardView) => void }) => {
  const option = (value: BoardView, label: string, Icon: typeof Table2) => (
    <button
      type="button"
      aria-pressed={view === value}
      onClick={() => onView(value)}
      className={cn(
        'inline-flex h-10 items-center gap-1.5 px-3 text-sm font-medium focus-visible:z-10 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600',
        view === value ? 'bg-indigo-600 text-white' : 'bg-white text-slate-700 hover:bg-slate-50',
      )}
    >
      <Icon className="h-4 w-4" aria-hidden="true" />
      {label}
    </button>
  );
  return (
    <div role="group" aria-label={boardText.view} className="inline-flex shrink-0 overflow-hidden rounded-md border border-slate-300">
      {option('table', boardText.table, Table2)}
      {option('pipeline', boardText.pipeline, Columns3)}
      {/* The report is its own page (/campaigns/:id/report), not a view of the rows. */}
      <Link to="report" className="inline-flex h-10 items-center gap-1.5 bg-white px-3 text-sm font-medium text-slate-700 hover:bg-slate-50 focus-visible:z-10 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600">
        <ChartNoAxesColumn className="h-4 w-4" aria-hidden="true" />
        {boardText.report}
      </Link>
    </div>
  );
};

const StatusChips = ({ state, onChange }: Pick<BoardToolbarProps, 'state' | 'onChange'>) => (
  <fieldset className="min-w-0">
    <legend className="sr-only">{boardText.statusFilter}</legend>
    <div className="flex flex-wrap gap-1.5">
      {CONVERSATION_STATUSES.map((status) => {
        const checked = state.status.includes(status);
        return (
          <label
            key={status}
            className={cn(
              'inline-flex cursor-pointer items-center gap-1.5 rounded-full border px-2.5 py-1 text-xs font-medium',
              'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-indigo-600',
              checked ? 'border-indigo-600 bg-indigo-50 text-indigo-800' : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50',
            )}
          >
            <Checkbox
              checked={checked}
              onChange={(event) =>
                onChange({ status: event.target.checked ? [...state.status, status] : state.status.filter((value) => value !== status) })
              }
              className="h-3.5 w-3.5 focus-visible:outline-none"
            />
            {STATUS_LABELS[status]}
          </label>
        );
      })}
    </div>
  </fieldset>
);

export const BoardToolbar = ({ state, onChange, onClearFilters, onExport, exporting, selectedCount }: BoardToolbarProps) => {
  const turnId = useId();
  const trackingId = useId();
  const sortId = useId();
  const desc = state.sort?.desc ?? false;
  return (
    <div className="mb-4 space-y-3 rounded-lg border border-slate-200 bg-white p-3 shadow-sm">
      <div className="flex flex-wrap items-center gap-2">
        <SearchBox value={state.q} onSearch={(q) => onChange({ q })} />
        <ViewSwitch view={state.view} onView={(view) => onChange({ view })} />
        <Button variant="outline" onClick={onExport} loading={exporting} className="shrink-0">
          {exporting ? null : <Download className="h-4 w-4" aria-hidden="true" />}
          {exporting ? boardText.exporting : boardText.exportCsv(selectedCount)}
        </Button>
      </div>
      <StatusChips state={state} onChange={onChange} />
      <div className="flex flex-wrap items-center gap-2">
        <div className="w-full sm:w-auto">
          <label htmlFor={turnId} className="sr-only">
            {boardText.turnFilter}
          </label>
          <Select
            id={turnId}
            value={state.turn ?? ANY}
            options={TURN_OPTIONS}
            onValueChange={(value) => onChange({ turn: value === ANY ? null : (value as Turn) })}
            className="h-9 sm:w-auto"
          />
        </div>
        <div className="w-full sm:w-auto">
          <label htmlFor={trackingId} className="sr-only">
            {boardText.trackingFilter}
          </label>
          <Select
            id={trackingId}
            value={state.tracking ?? ANY}
            options={TRACKING_OPTIONS}
            onValueChange={(value) => onChange({ tracking: value === ANY ? null : (value as TrackingFilter) })}
            className="h-9 sm:w-auto"
          />
        </div>
        <label className="inline-flex h-9 cursor-pointer items-center gap-2 rounded-md px-1 text-sm text-slate-700">
          <Checkbox checked={state.followUp} onChange={(event) => onChange({ followUp: event.target.checked })} />
          {boardText.followUp}
        </label>
        <div className="flex items-center gap-1 sm:ml-auto">
          <label htmlFor={sortId} className="text-sm text-slate-600">
            {boardText.sortBy}
          </label>
          <Select
            id={sortId}
            value={state.sort?.key ?? null}
            placeholder={SORT_LABELS.talent}
            options={SORT_OPTIONS}
            onValueChange={(value) => onChange({ sort: { key: value as ConversationSort, desc } })}
            className="h-9 w-auto"
          />
          <Button
            variant="outline"
            size="icon"
            aria-label={boardText.sortDirection(desc)}
            title={desc ? boardText.sortDescending : boardText.sortAscending}
            onClick={() => onChange({ sort: { key: state.sort?.key ?? 'talent', desc: !desc } })}
          >
            {desc ? <ArrowDownWideNarrow className="h-4 w-4" aria-hidden="true" /> : <ArrowUpNarrowWide className="h-4 w-4" aria-hidden="true" />}
          </Button>
        </div>
        {hasFilters(state) ? (
          <Button variant="ghost" size="sm" onClick={onClearFilters}>
            {boardText.clearFilters}
          </Button>
        ) : null}
      </div>
    </div>
  );
};
