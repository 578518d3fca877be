// A project's tasks as a board (a column per status, in workflow order) or
// a list, and "my tasks" across projects: filters, cursor paging, cards
// moved between columns, everything live through `taskEvents`.
import { useCallback, useEffect, useMemo, useRef, useState, type DragEvent, type KeyboardEvent } from 'react';
import { useMutation, useQuery } from 'urql';
import { Link } from 'wouter';
import { graphql, useFragment } from '../gql';
import type { TaskFilter } from '../gql/graphql';
import { useSession } from '../session-context';
import { useTaskEvents, type LiveState } from '../live';
import { Filters, NO_FILTER, toTaskFilter, type FilterState } from '../parts/Filters';
import { TaskPages } from '../parts/TaskPages';
import {
  DRAG_TYPE,
  Due,
  Labels,
  Priority,
  TaskCard,
  TaskCardFields,
  type CardTaskRef,
  type Move,
} from '../parts/TaskCard';
import { messageOf } from '../parts/Problem';
import { PageProblem } from '../parts/PageProblem';
import { NewTask } from '../parts/NewTask';
import { useDebounced } from '../parts/useDebounced';
import { focusWhenThere } from '../parts/focus';
import { StatusMenu } from '../parts/StatusMenu';

const ProjectBoard = graphql(`
  query ProjectBoard($key: String!) {
    project(key: $key) {
      id
      key
      name
      openTaskCount
      lastEventCursor
      statuses {
        key
        name
        category
      }
      ...ProjectChoicesFields
    }
  }
`);

export const MoveTask = graphql(`
  mutation MoveTask($ref: String!, $status: String!) {
    updateTask(ref: $ref, input: { status: $status }) {
      ...TaskCardFields
    }
  }
`);

/**
 * Reads every page again shortly after live events (a burst as one read),
 * and after a reconnect (cheap insurance: the resume itself misses nothing).
 */
function useLiveVersion(
  project: string | null,
  from: string | null | undefined,
): { version: number; state: LiveState; events: number } {
  const [version, setVersion] = useState(0);
  const [events, setEvents] = useState(0);
  const pending = useRef<ReturnType<typeof setTimeout> | null>(null);
  const bump = useCallback(() => {
    if (pending.current !== null) return;
    pending.current = setTimeout(() => {
      pending.current = null;
      setVersion((v) => v + 1);
    }, 150);
  }, []);
  const state = useTaskEvents(project, from, () => {
    setEvents((n) => n + 1);
    bump();
  });
  const previous = useRef(state);
  useEffect(() => {
    if (previous.current === 'reconnecting' && state === 'live') bump();
    previous.current = state;
  }, [state, bump]);
  return { version, state, events };
}

/** The live connection's state, and how many changes it brought. */
function LiveBadge({ state, events }: { state: LiveState; events: number }) {
  const words = {
    connecting: 'connecting…',
    live: 'live',
    reconnecting: 'reconnecting…',
    stopped: 'not live: reload the page',
  }[state];
  return (
    <span className={`live live-${state}`} data-events={events}>
      {words}
      {events > 0 ? ` · ${events} change${events === 1 ? '' : 's'}` : ''}
    </span>
  );
}

export function ProjectTasks({ project, view }: { project: string; view: 'board' | 'list' }) {
  const { readOnly } = useSession();
  // Read fresh: its `lastEventCursor` is where the live events start.
  const [{ data, error }] = useQuery({
    query: ProjectBoard,
    variables: { key: project },
    requestPolicy: 'network-only',
  });
  const [filters, setFilters] = useState<FilterState>(NO_FILTER);
  const text = useDebounced(filters.text, 300);
  // The first read's cursor, kept while the page is open (a later read of
  // the project must not restart the subscription).
  const [from, setFrom] = useState<string | null | undefined>(undefined);
  const cursor = data?.project.lastEventCursor;
  useEffect(() => {
    if (data && from === undefined) setFrom(cursor ?? null);
  }, [data, cursor, from]);
  const live = useLiveVersion(data ? data.project.key : null, from);
  const version = live.version;
  const [, move] = useMutation(MoveTask);
  const [moveError, setMoveError] = useState<string | null>(null);

  const moveTo = useCallback(
    async (ref: string, status: string) => {
      setMoveError(null);
      const moving = (document.activeElement?.closest(`[data-ref="${ref}"]`) ?? null) !== null;
      const result = await move({ ref, status });
      if (result.error) setMoveError(`${ref}: ${messageOf(result.error)}`);
      // The card left the column that had focus: follow it.
      else if (moving)
        focusWhenThere(
          `[data-status="${status}"] [data-ref="${ref}"] .status-menu button, .row[data-ref="${ref}"] .status-menu button`,
        );
    },
    [move],
  );

  if (error && !data) return <PageProblem error={error} what={project} />;
  if (!data)
    return (
      <main className="page">
        <p className="loading">Loading {project}…</p>
      </main>
    );
  const p = data.project;
  const mover: Move | undefined = readOnly ? undefined : { statuses: p.statuses, to: moveTo };
  const state = { ...filters, text };

  return (
    <main className="page wide">
      <div className="title-row">
        <h1>
          <span className="key">{p.key}</span> {p.name}
        </h1>
        <LiveBadge state={live.state} events={live.events} />
      </div>
      <nav className="tabs" aria-label="Views">
        <Link href={`/p/${p.key}`} aria-current={view === 'board' ? 'page' : undefined}>
          Board
        </Link>
        <Link href={`/p/${p.key}/list`} aria-current={view === 'list' ? 'page' : undefined}>
          List
        </Link>
      </nav>
      <Filters state={filters} onChange={setFilters} choices={{ project: p, statuses: view === 'list' }} />
      {!readOnly && <NewTask project={p.key} choices={p} />}
      {moveError !== null && (
        <p role="alert" className="problem">
          {moveError}
        </p>
      )}
      {view === 'board' ? (
        <Board statuses={p.statuses} filters={state} project={p.key} version={version} move={mover} />
      ) : (
        <TaskList filter={toTaskFilter(state, p.key)} order={state.order} version={version} move={mover} />
      )}
    </main>
  );
}

function Board({
  statuses,
  filters,
  project,
  version,
  move,
}: {
  statuses: { key: string; name: string; category: string }[];
  filters: FilterState;
  project: string;
  version: number;
  move?: Move;
}) {
  // A status filter is the board's own columns; "open only" hides the done ones.
  const shown = statuses.filter((s) => {
    const closed = s.category === 'DONE' || s.category === 'CANCELED';
    return filters.done === 'all' || (filters.done === 'open') !== closed;
  });
  return (
    <div className="board" role="list" aria-label="Board" onKeyDown={moveFocusAcrossCards}>
      {shown.map((status) => (
        <Column
          key={status.key}
          status={status}
          filter={toTaskFilter({ ...filters, status: status.key }, project)}
          order={filters.order}
          version={version}
          move={move}
        />
      ))}
    </div>
  );
}

/**
 * Arrow keys on a card's title: up and down to the card above or below,
 * left and right to the card at the same height in the next column.
 */
function moveFocusAcrossCards(event: KeyboardEvent<HTMLDivElement>) {
  const from = event.target as HTMLElement;
  if (!from.classList.contains('card-title')) return;
  const column = from.closest('.column');
  const titles = (scope: Element | null) =>
    scope ? Array.from(scope.querySelectorAll<HTMLElement>('a.card-title')) : [];
  const here = titles(column);
  const index = here.indexOf(from);
  let to: HTMLElement | undefined;
  if (event.key === 'ArrowDown') to = here[index + 1];
  else if (event.key === 'ArrowUp') to = here[index - 1];
  else if (event.key === 'ArrowRight' || event.key === 'ArrowLeft') {
    const columns = Array.from(event.currentTarget.querySelectorAll('.column'));
    const step = event.key === 'ArrowRight' ? 1 : -1;
    for (let c = columns.indexOf(column as Element) + step; c >= 0 && c < columns.length && !to; c += step) {
      const there = titles(columns[c]);
      to = there[Math.min(index, there.length - 1)];
    }
  } else return;
  if (to) {
    event.preventDefault();
    to.focus();
  }
}

function Column({
  status,
  filter,
  order,
  version,
  move,
}: {
  status: { key: string; name: string };
  filter: TaskFilter;
  order: FilterState['order'];
  version: number;
  move?: Move;
}) {
  const [count, setCount] = useState<number | null>(null);
  const [over, setOver] = useState(false);
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
      <div className="cards">
        <TaskPages
          filter={stableFilter}
          order={order}
          version={version}
          onCount={setCount}
          render={(tasks) => tasks.map((task) => <TaskCard key={task.id} task={task} move={move} />)}
        />
      </div>
    </div>
  );
}

function TaskList({
  filter,
  order,
  version,
  move,
}: {
  filter: TaskFilter;
  order: FilterState['order'];
  version: number;
  move?: Move;
}) {
  const [count, setCount] = useState<number | null>(null);
  const stableFilter = useMemo(() => filter, [JSON.stringify(filter)]); // eslint-disable-line react-hooks/exhaustive-deps
  return (
    <section className="list" aria-label="Tasks">
      <p className="muted" aria-live="polite">
        {count === null ? '' : count === 0 ? 'No task matches.' : `${count} task${count === 1 ? '' : 's'}`}
      </p>
      <div className="rows">
        <TaskPages
          filter={stableFilter}
          order={order}
          version={version}
          onCount={setCount}
          render={(tasks) => tasks.map((task) => <Row key={task.id} task={task} move={move} />)}
        />
      </div>
    </section>
  );
}

function Row({ move, ...props }: { task: CardTaskRef; move?: Move }) {
  const task = useFragment(TaskCardFields, props.task);
  return (
    <article className={task.done ? 'row done' : 'row'} data-ref={task.ref}>
      <Link href={`/t/${task.ref}`} className="row-title">
        <span className="key">{task.ref}</span> {task.title}
      </Link>
      {move ? (
        <StatusMenu taskRef={task.ref} current={task.status?.key ?? ''} move={move} />
      ) : (
        <span className="status">{task.status?.name}</span>
      )}
      <span className="assignee">{task.assignee ? `@${task.assignee.username}` : ''}</span>
      <Priority priority={task.priority} />
      <Due date={task.dueDate} done={task.done} />
      <Labels labels={task.labels} />
    </article>
  );
}

/** The viewer's tasks across every project they see: assigned, or involving them. */
export function MyTasks() {
  const [filters, setFilters] = useState<FilterState>({ ...NO_FILTER, done: 'open' });
  const [involving, setInvolving] = useState(false);
  const text = useDebounced(filters.text, 300);
  const filter: TaskFilter = { ...toTaskFilter({ ...filters, text, assignee: '' }, null) };
  if (involving) filter.involves = 'me';
  else filter.assignee = 'me';
  return (
    <main className="page wide">
      <h1>My tasks</h1>
      <label className="inline">
        <input type="checkbox" checked={involving} onChange={(e) => setInvolving(e.target.checked)} />
        Include tasks I work on beside the assignee
      </label>
      <Filters state={filters} onChange={setFilters} choices={{ noAssignee: true }} />
      <TaskList filter={filter} order={filters.order} version={0} />
    </main>
  );
}
