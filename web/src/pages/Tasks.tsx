// A project's tasks as a board (a column per status, in workflow order) or
// a list, and "my tasks" across projects: filters, cursor paging, cards
// moved between columns, everything live through `taskEvents`.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useMutation, useQuery } from 'urql';
import { Link, useSearch } from 'wouter';
import { graphql } from '../gql';
import type { TaskFilter } from '../gql/graphql';
import { useSession } from '../session-context';
import { useTaskEvents, type LiveState } from '../live';
import { FilterBar } from '../parts/FilterBar';
import { isNarrowed, NO_FILTER, toTaskFilter, useView, type FilterState } from '../parts/view';
import { Board } from '../parts/Board';
import type { Move } from '../parts/TaskCard';
import { TaskList } from '../parts/TaskList';
import { useProjectChoices } from '../parts/Options';
import { messageOf } from '../parts/Problem';
import { PageProblem } from '../parts/PageProblem';
import { NewTask } from '../parts/NewTask';
import { useDebounced } from '../parts/useDebounced';
import { focusWhenThere } from '../parts/focus';

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

const AssignTask = graphql(`
  mutation AssignTask($ref: String!, $assignee: String) {
    updateTask(ref: $ref, input: { assignee: $assignee }) {
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
  const choices = useProjectChoices(data?.project);
  const [moveError, setMoveError] = useState<string | null>(null);

  const moveTo = useCallback(
    async (ref: string, status: string) => {
      setMoveError(null);
      // Server strings in selectors are escaped: a quote or backslash in one must not break them.
      const r = CSS.escape(ref);
      const moving = (document.activeElement?.closest(`[data-ref="${r}"]`) ?? null) !== null;
      const result = await move({ ref, status });
      if (result.error) setMoveError(`${ref}: ${messageOf(result.error)}`);
      // The card left the column that had focus: follow it.
      else if (moving)
        focusWhenThere(
          `[data-status="${CSS.escape(status)}"] [data-ref="${r}"] .status-menu button, .row[data-ref="${r}"] .status-menu button`,
        );
    },
    [move],
  );

  const [, assign] = useMutation(AssignTask);
  const assignTo = useCallback(
    async (ref: string, username: string | null) => {
      setMoveError(null);
      const result = await assign({ ref, assignee: username });
      if (result.error) setMoveError(`${ref}: ${messageOf(result.error)}`);
    },
    [assign],
  );

  if (error && !data) return <PageProblem error={error} what={project} />;
  if (!data)
    return (
      <main className="page">
        <p className="loading">Loading {project}…</p>
      </main>
    );
  const p = data.project;
  const mover: Move | undefined = readOnly
    ? undefined
    : { statuses: p.statuses, to: moveTo, people: choices?.people ?? [], assign: assignTo };
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
          onOrder={(order) => setFilters({ ...filters, order })}
          version={version}
          move={mover}
          bulk={readOnly || choices === null ? undefined : choices}
          onClear={narrowed ? clear : undefined}
        />
      )}
    </main>
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
        onOrder={(order) => setFilters({ ...filters, order })}
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
