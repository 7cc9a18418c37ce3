import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import type { KeyboardEvent, MouseEvent } from 'react';
import { Link } from 'react-router-dom';
import type { ConversationJson, ConversationSort } from '../../../../../shared/schemas/conversations';
import { Checkbox } from '../../../components/ui/checkbox';
import { cn } from '../../../lib/cn';
import { boardText } from '../lib/board-messages';
import type { BoardSort } from '../lib/board-url-state';
import { PausedTag, RowFee, RowMoment, RowNextDate, RowStatus, RowSummary, RowTurn, talentHref } from './board-cells';

export type BoardRowsProps = {
  rows: readonly ConversationJson[];
  campaignName: string;
  selected: ReadonlySet<string>;
  onToggle: (id: string, checked: boolean) => void;
  onToggleAll: (checked: boolean) => void;
  onOpen: (row: ConversationJson) => void;
  sort: BoardSort | null;
  onSort: (key: ConversationSort) => void;
  now?: Date;
};

type Column = { label: string; sort?: ConversationSort; className: string };

const COLUMNS: readonly Column[] = [
  { label: boardText.columns.talent, sort: 'talent', className: 'w-[17%]' },
  { label: boardText.columns.status, sort: 'status', className: 'w-[8.5rem]' },
  { label: boardText.columns.turn, sort: 'waiting', className: 'w-[8.5rem]' },
  { label: boardText.columns.lastInbound, sort: 'last_inbound', className: 'w-[7rem]' },
  { label: boardText.columns.lastOutbound, sort: 'last_outbound', className: 'w-[7rem]' },
  { label: boardText.columns.nextDate, sort: 'next_date', className: 'w-[8rem]' },
  { label: boardText.columns.fee, sort: 'fee', className: 'w-[8.5rem]' },
  { label: boardText.columns.summary, className: '' },
];

/** Clicks on the row's own controls (checkbox, links) are theirs, not the row's. */
export const isControl = (target: EventTarget | null) => target instanceof Element && target.closest('a, button, input, label, select, textarea') !== null;

const SortHeader = ({ column, sort, onSort }: { column: Column; sort: BoardSort | null; onSort: (key: ConversationSort) => void }) => {
  if (!column.sort) {
    return (
      <th scope="col" className={cn('px-2 py-2.5 text-left font-medium', column.className)}>
        {column.label}
      </th>
    );
  }
  const active = sort?.key === column.sort;
  const Icon = !active ? ArrowUpDown : sort.desc ? ArrowDown : ArrowUp;
  const key = column.sort;
  return (
    <th scope="col" aria-sort={active ? (sort.desc ? 'descending' : 'ascending') : undefined} className={cn('px-0.5 py-1.5 text-left font-medium', column.className)}>
      <button
        type="button"
        onClick={() => onSort(key)}
        className={cn(
          'inline-flex items-center gap-1 rounded px-1.5 py-1 text-left hover:bg-slate-200/60 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-indigo-600',
          active ? 'text-slate-900' : 'text-slate-600',
        )}
      >
        {column.label}
        <Icon className={cn('h-3.5 w-3.5 shrink-0', active ? 'text-indigo-700' : 'text-slate-400')} aria-hidden="true" />
      </button>
    </th>
  );
};

export const BoardTable = ({ rows, campaignName, selected, onToggle, onToggleAll, onOpen, sort, onSort, now }: BoardRowsProps) => {
  const selectedOnPage = rows.filter((row) => selected.has(row.id)).length;
  const all = rows.length > 0 && selectedOnPage === rows.length;
  const openFrom = (row: ConversationJson) => (event: MouseEvent<HTMLTableRowElement>) => {
    if (!isControl(event.target)) onOpen(row);
  };
  const enterFrom = (row: ConversationJson) => (event: KeyboardEvent<HTMLTableRowElement>) => {
    if (event.key === 'Enter' && event.target === event.currentTarget) {
      event.preventDefault();
      onOpen(row);
    }
  };
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-sm">
      <table className="w-full table-fixed border-collapse text-sm" data-testid="board-table">
        <caption className="sr-only">{boardText.caption(campaignName)}</caption>
        <thead className="bg-slate-50 text-xs text-slate-600">
          <tr className="border-b border-slate-200">
            <th scope="col" className="w-10 px-3 py-2.5 text-left">
              <Checkbox
                aria-label={boardText.selectAll}
                checked={all}
                indeterminate={selectedOnPage > 0 && !all}
                disabled={rows.length === 0}
                onChange={(event) => onToggleAll(event.target.checked)}
              />
            </th>
            {COLUMNS.map((column) => (
              <SortHeader key={column.label} column={column} sort={sort} onSort={onSort} />
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const href = talentHref(row);
            const name = row.talent_name || row.contact_email || row.id;
            const isSelected = selected.has(row.id);
            return (
              <tr
                key={row.id}
                data-testid="board-row"
                data-id={row.id}
                tabIndex={0}
                onClick={openFrom(row)}
                onKeyDown={enterFrom(row)}
                className={cn(
                  'cursor-pointer border-b border-slate-100 align-top last:border-b-0 hover:bg-slate-50',
                  'focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-600',
                  isSelected && 'bg-indigo-50/60 hover:bg-indigo-50',
                )}
              >
                <td className="px-3 py-3">
                  <Checkbox aria-label={boardText.selectRow(name)} checked={isSelected} onChange={(event) => onToggle(row.id, event.target.checked)} />
                </td>
                <th scope="row" className="px-2 py-3 text-left font-normal">
                  <div className="flex min-w-0 items-center gap-1.5">
                    {href ? (
                      <Link to={href} tabIndex={-1} className="truncate font-medium text-slate-900 hover:underline" title={name}>
                        {name}
                      </Link>
                    ) : (
                      <span className="truncate font-medium text-slate-900">{name}</span>
                    )}
                    {row.tracking ? null : <PausedTag />}
                  </div>
                  {row.contact_email ? (
                    <p className="truncate text-xs text-slate-600" title={row.contact_email}>
                      {row.contact_email}
                    </p>
                  ) : null}
                  {row.handle ? <p className="truncate text-xs text-slate-600">{row.handle}</p> : null}
                </th>
                <td className="px-2 py-3">
                  <RowStatus row={row} />
                </td>
                <td className="px-2 py-3">
                  <RowTurn row={row} now={now} />
                </td>
                <td className="px-2 py-3">
                  <RowMoment value={row.last_inbound_at} />
                </td>
                <td className="px-2 py-3">
                  <RowMoment value={row.last_outbound_at} />
                </td>
                <td className="px-2 py-3">
                  <RowNextDate row={row} />
                </td>
                <td className="px-2 py-3">
                  <RowFee row={row} />
                </td>
                <td className="px-2 py-3 text-slate-700">
                  <RowSummary row={row} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
};
