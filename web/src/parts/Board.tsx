// A project's board: a column per status (in workflow order, the done
// ones left out when the view keeps to open tasks), each reading its own
// pages of tasks; cards dragged between columns. In the board's manual
// order (`BOARD`, the same for everyone) a card dropped between two others
// stays there, and Alt+↑/↓ moves the focused card past its neighbour. A
// view that leaves every column empty shows one message instead.
import { useCallback, useMemo, useRef, useState, type DragEvent, type KeyboardEvent } from 'react';
import type { TaskFilter } from '../gql/graphql';
import type { TaskFeed } from '../liveTasks';
import { NoMatch } from './FilterBar';
import { toTaskFilter, type FilterState } from './view';
import { TaskPages } from './TaskPages';
import { DRAG_TYPE, TaskCard, type Move } from './TaskCard';
import { dragged } from './drag';
import { onTaskKey, useRovingTabStop } from './cardKeys';
import { QuickCreate } from './QuickCreate';
import type { BoardPlace } from './placement';

export function Board({
  statuses,
  filters,
  project,
  feed,
  move,
  onClear,
}: {
  statuses: { key: string; name: string; category: string }[];
  filters: FilterState;
  project: string;
  feed?: TaskFeed;
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
  const manual = filters.order === 'BOARD';
  // Alt+↑/↓: the focused card past the one above or below it, in the manual order.
  const onKey = (event: KeyboardEvent<HTMLElement>) => {
    const step = event.key === 'ArrowUp' ? -1 : event.key === 'ArrowDown' ? 1 : 0;
    if (!event.altKey || event.ctrlKey || event.metaKey || step === 0) return onTaskKey(event);
    const card = (event.target as HTMLElement).closest<HTMLElement>('article.card');
    const column = card?.closest<HTMLElement>('.column');
    if (!manual || !move || !card || !column) return;
    event.preventDefault();
    const cards = Array.from(column.querySelectorAll<HTMLElement>('.cards > article.card'));
    const next = cards[cards.indexOf(card) + step]?.dataset.ref;
    if (next) move.to(card.dataset.ref!, null, step < 0 ? { before: next } : { after: next });
  };
  // Every column read, and none holds a task: one message, not empty columns.
  const empty = onClear !== undefined && shown.every((s) => counts[s.key] === 0);
  return (
    <>
      {empty && <NoMatch onClear={onClear} />}
      <div className="board" role="list" aria-label="Board" onKeyDown={onKey} hidden={empty}>
        {shown.map((status) => (
          <Column
            key={status.key}
            status={status}
            project={project}
            filter={toTaskFilter({ ...filters, status: status.key }, project)}
            order={filters.order}
            feed={feed}
            move={move}
            onCount={onCount}
          />
        ))}
      </div>
    </>
  );
}

/** Where a card dragged over `cards` at height `y` would land: before
 * the card of the ref given, or at the end (null). The dragged card itself
 * is no place to land. */
function slotAt(cards: HTMLElement, y: number): string | null {
  for (const card of cards.querySelectorAll<HTMLElement>(':scope > article.card')) {
    if (card.dataset.ref === dragged()) continue;
    const box = card.getBoundingClientRect();
    if (y < box.top + box.height / 2) return card.dataset.ref ?? null;
  }
  return null;
}

/** Marks where a dragged card would land (undefined: nowhere). Drawn on
 * the elements themselves, not through React: a column drawn again under
 * a drag makes Chromium lose the drag now and then. */
function showSlot(cards: HTMLElement, before: string | null | undefined) {
  const mark =
    before === undefined
      ? null
      : before === null
        ? cards
        : cards.querySelector(`:scope > [data-ref="${CSS.escape(before)}"]`);
  for (const marked of cards.querySelectorAll('.drop-before'))
    if (marked !== mark) marked.classList.remove('drop-before');
  if (mark !== cards) cards.classList.remove('drop-end');
  mark?.classList.add(before === null ? 'drop-end' : 'drop-before');
}

/** The placement a drop before `before` (null: at the end) asks for:
 * right after the card above it, else right before the first; none when
 * the dragged card already sits there. */
function placementAt(cards: HTMLElement, ref: string, before: string | null): BoardPlace | 'stay' {
  const refs = Array.from(cards.querySelectorAll<HTMLElement>(':scope > article.card'), (c) => c.dataset.ref!);
  const at = before === null ? refs.length : refs.indexOf(before);
  const others = refs.filter((r) => r !== ref);
  const slot = before === null ? others.length : others.indexOf(before);
  // Dropped where it is (between the same neighbours, in its own column).
  if (refs.includes(ref) && (refs[at - 1] === ref || refs[at] === ref)) return 'stay';
  if (slot > 0) return { after: others[slot - 1] };
  if (others.length > 0) return { before: others[0] };
  return { first: true };
}

function Column({
  status,
  project,
  filter,
  order,
  feed,
  move,
  onCount,
}: {
  status: { key: string; name: string };
  project: string;
  filter: TaskFilter;
  order: FilterState['order'];
  feed?: TaskFeed;
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
  const manual = order === 'BOARD';
  const accepts = (event: DragEvent) => move !== undefined && event.dataTransfer.types.includes(DRAG_TYPE);
  const leave = () => {
    setOver(false);
    if (cards.current) showSlot(cards.current, undefined);
  };
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
        if (manual && cards.current) showSlot(cards.current, slotAt(cards.current, event.clientY));
      }}
      onDragLeave={(event) => {
        // Only when it leaves the column, not when it passes over a card in it.
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) leave();
      }}
      onDrop={(event) => {
        leave();
        if (!accepts(event) || move === undefined) return;
        event.preventDefault();
        const ref = event.dataTransfer.getData(DRAG_TYPE);
        if (!ref) return;
        const here = cards.current?.querySelector(`:scope > article.card[data-ref="${CSS.escape(ref)}"]`) != null;
        if (!manual || !cards.current) {
          if (!here) setTimeout(() => move.to(ref, status.key));
          return;
        }
        const place = placementAt(cards.current, ref, slotAt(cards.current, event.clientY));
        if (place === 'stay') return;
        // After the drag has ended: the card leaves its place in the page
        // once the browser is done with it (dragend on the card itself).
        setTimeout(() => move.to(ref, here ? null : status.key, place));
      }}
    >
      <h2>
        {status.name} <span className="count">{count ?? ''}</span>
      </h2>
      {move && <QuickCreate project={project} status={status} feed={feed} />}
      <div className="cards" ref={cards}>
        <TaskPages
          filter={stableFilter}
          order={order}
          feed={feed}
          onCount={counted}
          render={(tasks) => tasks.map((task) => <TaskCard key={task.id} task={task} move={move} />)}
        />
      </div>
    </div>
  );
}
