import type { MouseEvent, ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { ConversationJson } from '../../../../../shared/schemas/conversations';
import { Checkbox } from '../../../components/ui/checkbox';
import { cn } from '../../../lib/cn';
import { boardText } from '../lib/board-messages';
import { PausedTag, RowFee, RowMoment, RowNextDate, RowStatus, RowSummary, RowTurn, talentHref } from './board-cells';
import { isControl } from './board-table';

export type BoardCardProps = {
  row: ConversationJson;
  selected: boolean;
  onToggle: (id: string, checked: boolean) => void;
  onOpen: (row: ConversationJson) => void;
  /** The pipeline's column already says the status. */
  showStatus?: boolean;
  /** Full field list (stacked table) or the short one (pipeline). */
  detailed?: boolean;
  now?: Date;
};

const Field = ({ label, children }: { label: string; children: ReactNode }) => (
  <div className="flex min-w-0 justify-between gap-3">
    <dt className="shrink-0 text-slate-600">{label}</dt>
    <dd className="min-w-0 text-right text-slate-800">{children}</dd>
  </div>
);

/** One talent as a card: the pipeline's cards and the table's rows on a narrow screen. */
export const BoardCard = ({ row, selected, onToggle, onOpen, showStatus = true, detailed = true, now }: BoardCardProps) => {
  const href = talentHref(row);
  const name = row.talent_name || row.contact_email || row.id;
  const onClick = (event: MouseEvent<HTMLElement>) => {
    if (!isControl(event.target)) onOpen(row);
  };
  return (
    <article
      aria-label={name}
      data-testid="board-card"
      data-id={row.id}
      onClick={onClick}
      className={cn(
        'min-w-0 cursor-pointer rounded-lg border bg-white p-3 text-sm shadow-sm hover:border-slate-300',
        selected ? 'border-indigo-400 bg-indigo-50/40' : 'border-slate-200',
      )}
    >
      <div className="flex min-w-0 items-start gap-2.5">
        <Checkbox className="mt-0.5" aria-label={boardText.selectRow(name)} checked={selected} onChange={(event) => onToggle(row.id, event.target.checked)} />
        <div className="min-w-0 flex-1">
          <div className="flex min-w-0 flex-wrap items-center gap-1.5">
            {href ? (
              <Link
                to={href}
                className="min-w-0 truncate rounded font-medium text-slate-900 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
              >
                {name}
              </Link>
            ) : (
              <span className="min-w-0 truncate font-medium text-slate-900">{name}</span>
            )}
            {row.tracking ? null : <PausedTag />}
          </div>
          <p className="truncate text-xs text-slate-600" title={row.contact_email ?? undefined}>
            {[row.contact_email, row.handle].filter(Boolean).join(' · ')}
          </p>
        </div>
      </div>
      <div className="mt-2 flex flex-wrap items-start gap-x-3 gap-y-1">
        {showStatus ? <RowStatus row={row} /> : null}
        {row.whose_turn ? <RowTurn row={row} now={now} /> : null}
      </div>
      {detailed ? (
        <dl className="mt-2 space-y-1 text-xs">
          <Field label={boardText.columns.lastInbound}>
            <RowMoment value={row.last_inbound_at} />
          </Field>
          <Field label={boardText.columns.lastOutbound}>
            <RowMoment value={row.last_outbound_at} />
          </Field>
          <Field label={boardText.columns.nextDate}>
            <RowNextDate row={row} />
          </Field>
          <Field label={boardText.columns.fee}>
            <RowFee row={row} />
          </Field>
        </dl>
      ) : row.latest_fee || row.next_date ? (
        <div className="mt-2 space-y-0.5 text-xs text-slate-700">
          {row.next_date ? <RowNextDate row={row} /> : null}
          {row.latest_fee ? (
            <div>
              <RowFee row={row} />
            </div>
          ) : null}
        </div>
      ) : null}
      {row.summary ? <RowSummary row={row} className="mt-2 line-clamp-2 text-xs text-slate-700" /> : null}
    </article>
  );
};

/** The table's rows as stacked cards, for a narrow screen. */
export const BoardStacked = ({
  rows,
  selected,
  onToggle,
  onToggleAll,
  onOpen,
  now,
}: {
  rows: readonly ConversationJson[];
  selected: ReadonlySet<string>;
  onToggle: (id: string, checked: boolean) => void;
  onToggleAll: (checked: boolean) => void;
  onOpen: (row: ConversationJson) => void;
  now?: Date;
}) => {
  const selectedOnPage = rows.filter((row) => selected.has(row.id)).length;
  const all = rows.length > 0 && selectedOnPage === rows.length;
  return (
    <div data-testid="board-stacked" className="space-y-2">
      <label className="inline-flex items-center gap-2 px-1 text-sm text-slate-700">
        <Checkbox checked={all} indeterminate={selectedOnPage > 0 && !all} disabled={rows.length === 0} onChange={(event) => onToggleAll(event.target.checked)} />
        {boardText.selectAll}
      </label>
      <ul className="space-y-2">
        {rows.map((row) => (
          <li key={row.id}>
            <BoardCard row={row} selected={selected.has(row.id)} onToggle={onToggle} onOpen={onOpen} now={now} />
          </li>
        ))}
      </ul>
    </div>
  );
};
