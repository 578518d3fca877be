// Tasks as a list: a row per task under column headings that sort (by the
// orders the API has; the order is the view's, so it lands in the
// address), and, for a token that may write on a project's list, a
// checkbox per row and a bar that changes the selected tasks together.
import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'wouter';
import { useFragment } from '../gql';
import type { TaskFilter, TaskOrder } from '../gql/graphql';
import { NoMatch } from './FilterBar';
import { TaskPages } from './TaskPages';
import { Due, Labels, Priority, TaskCardFields, type CardTaskRef, type Move } from './TaskCard';
import { StatusMenu } from './StatusMenu';
import { Avatar } from './People';
import { AssigneeMenu } from './AssigneeMenu';
import { PriorityMenu } from './PriorityMenu';
import type { TaskFeed } from '../liveTasks';
import { onTaskKey, useRovingTabStop } from './cardKeys';
import { BulkEdit } from './BulkEdit';
import type { ProjectChoices } from './Options';
import { formatInstant, relativeInstant } from './dates';

/** The headings that sort, with the API order each stands for and the
 * direction that order has (the API sorts each one way only). */
const SORTS: { order: TaskOrder; heading: string; words: string; arrow: string }[] = [
  { order: 'REF', heading: 'Task', words: 'by number', arrow: '↑' },
  { order: 'DUE', heading: 'Due', words: 'due soonest first', arrow: '↑' },
  { order: 'UPDATED', heading: 'Updated', words: 'most recently active first', arrow: '↓' },
  { order: 'CREATED', heading: 'Created', words: 'newest first', arrow: '↓' },
];

export function TaskList({
  filter,
  order,
  onOrder,
  feed,
  move,
  bulk,
  onClear,
}: {
  filter: TaskFilter;
  order: TaskOrder;
  /** Sets the view's order (a heading was pressed). */
  onOrder: (order: TaskOrder) => void;
  /** The page's live changes (a project's list). */
  feed?: TaskFeed;
  move?: Move;
  /** A project's choices, for a token that may write: rows can be selected and changed together. */
  bulk?: ProjectChoices;
  /** Given while filters narrow the list: an empty list offers it. */
  onClear?: () => void;
}) {
  const [count, setCount] = useState<number | null>(null);
  const stableFilter = useMemo(() => filter, [JSON.stringify(filter)]); // eslint-disable-line react-hooks/exhaustive-deps
  const rows = useRef<HTMLDivElement>(null);
  useRovingTabStop(rows);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  // Another filter shows other tasks: a selection made under the last one
  // goes, so that Apply never writes tasks no longer shown.
  useEffect(() => setSelected((now) => (now.size === 0 ? now : new Set())), [stableFilter]);
  const select = useCallback((ref: string, on: boolean) => {
    setSelected((now) => {
      const next = new Set(now);
      if (on) next.add(ref);
      else next.delete(ref);
      return next;
    });
  }, []);
  // The rows shown are the pages read so far: the page itself knows them.
  const shownRefs = () =>
    Array.from(rows.current?.querySelectorAll('article.row[data-ref]') ?? [], (row) => row.getAttribute('data-ref')!);
  const selectable = bulk !== undefined;
  return (
    <section className="list" aria-label="Tasks" onKeyDown={onTaskKey}>
      {count === 0 && onClear ? (
        <NoMatch onClear={onClear} />
      ) : (
        <p className="muted" aria-live="polite">
          {count === null ? '' : count === 0 ? 'No task matches.' : `${count} task${count === 1 ? '' : 's'}`}
        </p>
      )}
      {bulk && selected.size > 0 && (
        <BulkEdit refs={[...selected]} choices={bulk} onCancel={() => setSelected(new Set())} />
      )}
      <div className={selectable ? 'rows selectable' : 'rows'} ref={rows}>
        {count !== 0 && (
          <ListHead
            order={order}
            onOrder={onOrder}
            selection={
              selectable
                ? {
                    count: selected.size,
                    shown: count ?? 0,
                    toggleAll: (on) => setSelected(new Set(on ? shownRefs() : [])),
                  }
                : undefined
            }
          />
        )}
        <TaskPages
          filter={stableFilter}
          order={order}
          feed={feed}
          onCount={setCount}
          render={(tasks) =>
            tasks.map((task) => (
              <Row
                key={task.id}
                task={task}
                move={move}
                selected={selectable ? selected.has(task.ref) : undefined}
                onSelect={select}
              />
            ))
          }
        />
      </div>
    </section>
  );
}

function ListHead({
  order,
  onOrder,
  selection,
}: {
  order: TaskOrder;
  onOrder: (order: TaskOrder) => void;
  selection?: { count: number; shown: number; toggleAll: (on: boolean) => void };
}) {
  const all = useRef<HTMLInputElement>(null);
  const some = selection !== undefined && selection.count > 0 && selection.count < selection.shown;
  useEffect(() => {
    if (all.current) all.current.indeterminate = some;
  }, [some]);
  const sort = (order: TaskOrder) => SORTS.find((s) => s.order === order)!;
  const heading = (which: TaskOrder, className: string) => {
    const s = sort(which);
    const on = order === which;
    return (
      <button
        type="button"
        className={`sort ${className}`}
        aria-pressed={on}
        // The visible heading first, then what pressing it does.
        aria-label={`${s.heading}, sort ${s.words}`}
        title={`Sort ${s.words}`}
        onClick={() => onOrder(which)}
      >
        {s.heading}
        <span aria-hidden="true" className="sort-arrow">
          {on ? ` ${s.arrow}` : ''}
        </span>
      </button>
    );
  };
  return (
    <div className="row row-head" role="group" aria-label="Column headings">
      {selection && (
        <span className="row-select">
          <input
            type="checkbox"
            ref={all}
            aria-label="Select every task shown"
            checked={selection.count > 0 && selection.count >= selection.shown}
            onChange={(e) => selection.toggleAll(e.target.checked)}
          />
        </span>
      )}
      {heading('REF', 'col-title')}
      <span className="col-status">Status</span>
      <span className="col-assignee">Assignee</span>
      <span className="col-priority">Priority</span>
      {heading('DUE', 'col-due')}
      <span className="col-labels">Labels</span>
      {heading('UPDATED', 'col-updated')}
      {heading('CREATED', 'col-created')}
    </div>
  );
}

/** Drawn again only when its task, selection or `move` is another. */
const Row = memo(function Row({
  move,
  selected,
  onSelect,
  ...props
}: {
  task: CardTaskRef;
  move?: Move;
  /** Undefined: rows cannot be selected here. */
  selected?: boolean;
  onSelect: (ref: string, on: boolean) => void;
}) {
  const task = useFragment(TaskCardFields, props.task);
  const classes = ['row', task.done ? 'done' : '', selected ? 'selected' : ''].filter(Boolean).join(' ');
  return (
    <article className={classes} data-ref={task.ref}>
      {selected !== undefined && (
        <span className="row-select">
          <input
            type="checkbox"
            // Out of the Tab order (a list is one Tab stop): `x` on a row, or a click.
            tabIndex={-1}
            aria-label={`Select ${task.ref}`}
            checked={selected}
            onChange={(e) => onSelect(task.ref, e.target.checked)}
          />
        </span>
      )}
      <Link href={`/t/${task.ref}`} className="row-title col-title">
        <span className="key">{task.ref}</span> {task.title}
      </Link>
      <span className="col-status">
        {move ? (
          <StatusMenu taskRef={task.ref} current={task.status?.key ?? ''} move={move} />
        ) : (
          <span className="status">{task.status?.name}</span>
        )}
      </span>
      <span className="assignee col-assignee">
        {move ? (
          <AssigneeMenu taskRef={task.ref} assignee={task.assignee} move={move} withName />
        ) : (
          task.assignee && (
            <>
              <Avatar person={task.assignee} label="Assigned to" decorative />
              <span className="visually-hidden">Assigned to </span>
              {task.assignee.displayName}
            </>
          )
        )}
      </span>
      <span className="col-priority">
        {move ? (
          <PriorityMenu taskRef={task.ref} current={task.priority} move={move} withText />
        ) : (
          <Priority priority={task.priority} withText />
        )}
      </span>
      <span className="col-due">
        <Due date={task.dueDate} done={task.done} />
      </span>
      <span className="col-labels">
        <Labels labels={task.labels} />
      </span>
      <When iso={task.updatedAt} what="Updated" className="col-updated" />
      <When iso={task.createdAt} what="Created" className="col-created" />
    </article>
  );
});

/** "3 h ago", with the instant itself in the element (and its tooltip). */
function When({ iso, what, className }: { iso: string; what: string; className: string }) {
  return (
    <span className={`when ${className}`}>
      <span className="visually-hidden">{what} </span>
      <time dateTime={iso} title={formatInstant(iso)}>
        {relativeInstant(iso)}
      </time>
    </span>
  );
}
