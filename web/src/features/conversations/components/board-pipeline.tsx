import { CONVERSATION_STATUSES, type ConversationJson, type ConversationListResponse } from '../../../../../shared/schemas/conversations';
import { boardText } from '../lib/board-messages';
import { BoardCard } from './board-card';
import { StatusBadge } from './status-badge';

export type BoardPipelineProps = {
  rows: readonly ConversationJson[];
  /** The API's counts over the whole filtered set (the column heads). */
  counts: ConversationListResponse['counts'];
  selected: ReadonlySet<string>;
  onToggle: (id: string, checked: boolean) => void;
  onOpen: (row: ConversationJson) => void;
  now?: Date;
};

/** One column per status, in the pipeline's order; the page's rows as cards under their status. */
export const BoardPipeline = ({ rows, counts, selected, onToggle, onOpen, now }: BoardPipelineProps) => (
  <div data-testid="board-pipeline" className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-6">
    {CONVERSATION_STATUSES.map((status) => {
      const cards = rows.filter((row) => row.status === status);
      const count = counts[status] ?? 0;
      const headingId = `pipeline-${status}`;
      return (
        <section key={status} aria-labelledby={headingId} data-status={status} className="flex min-w-0 flex-col rounded-lg bg-slate-100/80 p-2">
          <h2 id={headingId} className="flex items-center justify-between gap-2 px-1 pb-2 text-sm font-semibold text-slate-800">
            <StatusBadge status={status} />
            <span data-testid="pipeline-count" className="rounded-full bg-white px-2 py-0.5 text-xs font-medium text-slate-700 tabular-nums">
              {count}
            </span>
          </h2>
          {cards.length < count ? <p className="px-1 pb-2 text-xs text-slate-600">{boardText.columnCount(cards.length, count)}</p> : null}
          {cards.length === 0 ? (
            <p className="px-1 py-3 text-center text-xs text-slate-600">{boardText.emptyColumn}</p>
          ) : (
            <ul className="space-y-2">
              {cards.map((row) => (
                <li key={row.id}>
                  <BoardCard row={row} selected={selected.has(row.id)} onToggle={onToggle} onOpen={onOpen} showStatus={false} detailed={false} now={now} />
                </li>
              ))}
            </ul>
          )}
        </section>
      );
    })}
  </div>
);
