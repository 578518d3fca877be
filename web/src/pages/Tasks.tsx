// A project's tasks as a board (a column per status, in workflow order) or
// a list, and "my tasks" across projects: filters, cursor paging, cards
// moved between columns, everything live through `taskEvents`.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useMutation, useQuery } from 'urql';
import { Link, useSearch } from 'wouter';
import { graphql, useFragment } from '../gql';
import type { TaskFilter } from '../gql/graphql';
import { useSession } from '../session-context';
import { useTaskEvents, type LiveState } from '../live';
import { FilterBar, NoMatch } from '../parts/FilterBar';
import { isNarrowed, NO_FILTER, toTaskFilter, useView, type FilterState } from '../parts/view';
import { TaskPages } from '../parts/TaskPages';
import { Board } from '../parts/Board';
import { Due, Labels, Priority, TaskCardFields, type CardTaskRef, type Move } from '../parts/TaskCard';
import { messageOf } from '../parts/Problem';
import { PageProblem } from '../parts/PageProblem';
import { NewTask } from '../parts/NewTask';
import { useDebounced } from '../parts/useDebounced';
import { focusWhenThere } from '../parts/focus';
import { StatusMenu } from '../parts/StatusMenu';
import { onTaskKey, useRovingTabStop } from '../parts/cardKeys';

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
  const [filters, setFilters] = useView(NO_FILTER);
  const query = useSearch();
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
  const narrowed = isNarrowed(state, NO_FILTER);
  const clear = () => setFilters({ ...NO_FILTER, order: filters.order });

  return (
    <main className="page wide">
      <div className="title-row">
        <h1>
          <span className="key">{p.key}</span> {p.name}
        </h1>
        <LiveBadge state={live.state} events={live.events} />
      </div>
      <nav className="tabs" aria-label="Views">
        {/* The view (filters, order) goes along from one to the other. */}
        <Link href={withQuery(`/p/${p.key}`, query)} aria-current={view === 'board' ? 'page' : undefined}>
          Board
        </Link>
        <Link href={withQuery(`/p/${p.key}/list`, query)} aria-current={view === 'list' ? 'page' : undefined}>
          List
        </Link>
      </nav>
      <FilterBar
        state={filters}
        defaults={NO_FILTER}
        onChange={setFilters}
        choices={{ project: p, statuses: view === 'list' }}
      />
      {!readOnly && <NewTask project={p.key} choices={p} />}
      {moveError !== null && (
        <p role="alert" className="problem">
          {moveError}
        </p>
      )}
      {view === 'board' ? (
        <Board
          statuses={p.statuses}
          filters={state}
          project={p.key}
          version={version}
          move={mover}
          onClear={narrowed ? clear : undefined}
        />
      ) : (
        <TaskList
          filter={toTaskFilter(state, p.key)}
          order={state.order}
          version={version}
          move={mover}
          onClear={narrowed ? clear : undefined}
        />
      )}
    </main>
  );
}

function TaskList({
  filter,
  order,
  version,
  move,
  onClear,
}: {
  filter: TaskFilter;
  order: FilterState['order'];
  version: number;
  move?: Move;
  /** Given while filters narrow the list: an empty list offers it. */
  onClear?: () => void;
}) {
  const [count, setCount] = useState<number | null>(null);
  const stableFilter = useMemo(() => filter, [JSON.stringify(filter)]); // eslint-disable-line react-hooks/exhaustive-deps
  const rows = useRef<HTMLDivElement>(null);
  useRovingTabStop(rows);
  return (
    <section className="list" aria-label="Tasks" onKeyDown={onTaskKey}>
      {count === 0 && onClear ? (
        <NoMatch onClear={onClear} />
      ) : (
        <p className="muted" aria-live="polite">
          {count === null ? '' : count === 0 ? 'No task matches.' : `${count} task${count === 1 ? '' : 's'}`}
        </p>
      )}
      <div className="rows" ref={rows}>
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

/** What "my tasks" shows before any filter: open ones. */
const MY_DEFAULTS: FilterState = { ...NO_FILTER, done: 'open' };

/** The viewer's tasks across every project they see: assigned, or involving them. */
export function MyTasks() {
  const [filters, setFilters] = useView(MY_DEFAULTS);
  const [involving, setInvolving] = useState(false);
  const text = useDebounced(filters.text, 300);
  const state = { ...filters, text };
  const filter: TaskFilter = { ...toTaskFilter({ ...state, assignee: '' }, null) };
  if (involving) filter.involves = 'me';
  else filter.assignee = 'me';
  const narrowed = isNarrowed(state, MY_DEFAULTS);
  return (
    <main className="page wide">
      <h1>My tasks</h1>
      <label className="inline">
        <input type="checkbox" checked={involving} onChange={(e) => setInvolving(e.target.checked)} />
        Include tasks I work on beside the assignee
      </label>
      <FilterBar state={filters} defaults={MY_DEFAULTS} onChange={setFilters} choices={{ noAssignee: true }} />
      <TaskList
        filter={filter}
        order={filters.order}
        version={0}
        onClear={narrowed ? () => setFilters({ ...MY_DEFAULTS, order: filters.order }) : undefined}
      />
    </main>
  );
}

/** `path` with the view's query, when there is one. */
function withQuery(path: string, query: string): string {
  return query === '' ? path : `${path}?${query}`;
}
