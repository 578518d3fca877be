// A project's board: a column per status (in workflow order, the done
// ones left out when the view keeps to open tasks), each reading its own
// pages of tasks; cards dragged between columns. A view that leaves every
// column empty shows one message instead.
import { useCallback, useMemo, useRef, useState, type DragEvent } from 'react';
import type { TaskFilter } from '../gql/graphql';
import { NoMatch } from './FilterBar';
import { toTaskFilter, type FilterState } from './view';
import { TaskPages } from './TaskPages';
import { DRAG_TYPE, TaskCard, type Move } from './TaskCard';
import { onTaskKey, useRovingTabStop } from './cardKeys';
import { QuickCreate } from './QuickCreate';

export function Board({
  statuses,
  filters,
  project,
  version,
  move,
  onClear,
}: {
  statuses: { key: string; name: string; category: string }[];
  filters: FilterState;
  project: string;
  version: number;
  move?: Move;
  /** Given while filters narrow the board: an empty board offers it. */
  onClear?: () => void;
}) {
  // A status filter is the board's own columns; "open only" (or a due-date
  // quick filter, which means open) hides the done ones.
  const done = filters.due !== '' ? 'open' : filters.done;
  const shown = statuses.filter((s) => {
    const closed = s.category === 'DONE' || s.category === 'CANCELED';
    return done === 'all' || (done === 'open') !== closed;
  });
  const [counts, setCounts] = useState<Record<string, number>>({});
  const onCount = useCallback((status: string, count: number) => {
    setCounts((known) => (known[status] === count ? known : { ...known, [status]: count }));
  }, []);
  // Every column read, and none holds a task: one message, not empty columns.
  const empty = onClear !== undefined && shown.every((s) => counts[s.key] === 0);
  return (
    <>
      {empty && <NoMatch onClear={onClear} />}
      <div className="board" role="list" aria-label="Board" onKeyDown={onTaskKey} hidden={empty}>
        {shown.map((status) => (
          <Column
            key={status.key}
            status={status}
            project={project}
            filter={toTaskFilter({ ...filters, status: status.key }, project)}
            order={filters.order}
            version={version}
            move={move}
            onCount={onCount}
          />
        ))}
      </div>
    </>
  );
}

function Column({
  status,
  project,
  filter,
  order,
  version,
  move,
  onCount,
}: {
  status: { key: string; name: string };
  project: string;
  filter: TaskFilter;
  order: FilterState['order'];
  version: number;
  move?: Move;
  onCount: (status: string, count: number) => void;
}) {
  const [count, setCount] = useState<number | null>(null);
  const counted = useCallback(
    (n: number) => {
      setCount(n);
      onCount(status.key, n);
    },
    [onCount, status.key],
  );
  const [over, setOver] = useState(false);
  const cards = useRef<HTMLDivElement>(null);
  useRovingTabStop(cards);
  const stableFilter = useMemo(() => filter, [JSON.stringify(filter)]); // eslint-disable-line react-hooks/exhaustive-deps
  const accepts = (event: DragEvent) => move !== undefined && event.dataTransfer.types.includes(DRAG_TYPE);
  return (
    <div
      className={over ? 'column over' : 'column'}
      role="listitem"
      aria-label={`${status.name}${count === null ? '' : `, ${count} task${count === 1 ? '' : 's'}`}`}
      data-status={status.key}
      onDragOver={(event) => {
        if (!accepts(event)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'move';
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(event) => {
        setOver(false);
        if (!accepts(event) || move === undefined) return;
        event.preventDefault();
        const ref = event.dataTransfer.getData(DRAG_TYPE);
        if (ref) move.to(ref, status.key);
      }}
    >
      <h2>
        {status.name} <span className="count">{count ?? ''}</span>
      </h2>
      {move && <QuickCreate project={project} status={status} />}
      <div className="cards" ref={cards}>
        <TaskPages
          filter={stableFilter}
          order={order}
          version={version}
          onCount={counted}
          render={(tasks) => tasks.map((task) => <TaskCard key={task.id} task={task} move={move} />)}
        />
      </div>
    </div>
  );
}
