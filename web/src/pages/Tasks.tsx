// A project's tasks as a board (a column per status, in workflow order) or
// a list, and "my tasks" across projects: filters, saved views, cursor
// paging, cards moved between columns and places, everything live through
// `taskEvents`, one changed task at a time (liveTasks.ts).
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useMutation, useQuery } from 'urql';
import { Link, useSearch } from 'wouter';
import { graphql } from '../gql';
import type { Priority, TaskFilter, TaskPlacement } from '../gql/graphql';
import { useSession } from '../session-context';
import type { LiveState } from '../live';
import { useLiveTasks, type TaskFeed } from '../liveTasks';
import { FilterBar } from '../parts/FilterBar';
import {
  BOARD_VIEW,
  CROSS_PROJECT_ORDERS,
  formatView,
  isNarrowed,
  NO_FILTER,
  toTaskFilter,
  useView,
  type FilterState,
} from '../parts/view';
import { Board } from '../parts/Board';
import type { Move } from '../parts/TaskCard';
import { TaskList } from '../parts/TaskList';
import { useProjectChoices } from '../parts/Options';
import { messageOf } from '../parts/Problem';
import { PageProblem } from '../parts/PageProblem';
import { NewTask } from '../parts/NewTask';
import { SavedViews } from '../parts/SavedViews';
import { useDebounced } from '../parts/useDebounced';
import { focusWhenThere } from '../parts/focus';
import { placeOf, type BoardPlace, type ListedTask, type SeenEvent } from '../parts/placement';

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
  mutation MoveTask($ref: String!, $status: String, $place: TaskPlacement) {
    updateTask(ref: $ref, input: { status: $status, place: $place }) {
      ...TaskCardFields
      ...TaskPlaceFields
    }
  }
`);

const AssignTask = graphql(`
  mutation AssignTask($ref: String!, $assignee: String) {
    updateTask(ref: $ref, input: { assignee: $assignee }) {
      ...TaskCardFields
      ...TaskPlaceFields
    }
  }
`);

const PrioritizeTask = graphql(`
  mutation PrioritizeTask($ref: String!, $priority: Priority!) {
    updateTask(ref: $ref, input: { priority: $priority }) {
      ...TaskCardFields
      ...TaskPlaceFields
    }
  }
`);

/** A board placement as the API takes it (`{}`: first). */
function placement(place: BoardPlace): TaskPlacement {
  return 'after' in place ? { after: place.after } : 'before' in place ? { before: place.before } : {};
}

/** `task` as it will be in another status: shown there at once, before
 * the server answers (its answer, then the live event, confirm it). Its
 * revision and updatedAt stay the server's: the answer, newer, replaces it,
 * and a failed write's re-read puts the task back. */
function inStatus(task: ListedTask, status: { key: string; name: string; category: string }): ListedTask {
  const fields = task as unknown as Record<string, unknown>;
  return {
    ...fields,
    status: { __typename: 'Status', key: status.key, name: status.name, category: status.category },
    done: status.category === 'DONE' || status.category === 'CANCELED',
  } as unknown as ListedTask;
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

/** The writes a card or row makes, shown at once through the page's feed. */
function useMoves(feed: TaskFeed, statuses: { key: string; name: string; category: string }[], manual: boolean) {
  const [moveError, setMoveError] = useState<string | null>(null);
  /** What the last move by place did, for a screen reader (a polite live region). */
  const [moved, setMoved] = useState('');
  /** Each task's move under way: a second one waits for its answer (a
   * move changes no revision, so two answers' order could not be told). */
  const queue = useRef(new Map<string, Promise<void>>());
  const [, move] = useMutation(MoveTask);
  const [, assign] = useMutation(AssignTask);
  const [, prioritize] = useMutation(PrioritizeTask);

  const moveNow = useCallback(
    async (ref: string, status: string | null, place?: BoardPlace) => {
      setMoveError(null);
      // Server strings in selectors are escaped: a quote or backslash in one must not break them.
      const r = CSS.escape(ref);
      const moving = (document.activeElement?.closest(`[data-ref="${r}"]`) ?? null) !== null;
      const target = statuses.find((s) => s.key === status);
      const known = feed.lookup(ref);
      // What the change log will say (a write made here changes no text).
      const events: SeenEvent[] = [];
      if (status)
        events.push({ field: 'status', old: known ? (placeOf(known).status?.key ?? null) : null, new: status });
      if (place) events.push({ field: 'position', old: null, new: null });
      // Where it lands, at once. In the manual order a card moved by its
      // status alone keeps its rank, which only the server knows: its new
      // column reads it when the answer comes.
      const shown = known !== undefined && (place !== undefined || !manual);
      // The card left the column that had focus: follow it.
      const follow = () => {
        if (moving && status)
          focusWhenThere(
            `[data-status="${CSS.escape(status)}"] [data-ref="${r}"] .status-menu button, .row[data-ref="${r}"] .status-menu button`,
          );
      };
      if (shown) {
        feed.wrote(target ? inStatus(known, target) : known, place, events);
        follow();
        if (place && !status) setMoved(`${ref} ${describe(place, feed)}`);
      }
      const result = await move({ ref, status, place: place ? placement(place) : null });
      if (result.error || !result.data) {
        setMoveError(`${ref}: ${result.error ? messageOf(result.error) : 'no answer'}`);
        // Undone: the task as the server has it, back where it was.
        feed.refresh(ref);
        return;
      }
      // The place shown already stands: a later move's place (its live
      // event) may have come before this answer, which must not undo it.
      feed.wrote(result.data.updateTask as ListedTask, shown ? null : place, events);
      if (!shown) follow();
    },
    [move, feed, statuses, manual],
  );

  const moveTo = useCallback(
    (ref: string, status: string | null, place?: BoardPlace): Promise<void> => {
      const before = queue.current.get(ref) ?? Promise.resolve();
      const next = before.then(() => moveNow(ref, status, place)).catch(() => undefined);
      queue.current.set(ref, next);
      void next.then(() => {
        if (queue.current.get(ref) === next) queue.current.delete(ref);
      });
      return next;
    },
    [moveNow],
  );

  const assignTo = useCallback(
    async (ref: string, username: string | null) => {
      setMoveError(null);
      const known = feed.lookup(ref);
      const result = await assign({ ref, assignee: username });
      if (result.error) setMoveError(`${ref}: ${messageOf(result.error)}`);
      else if (result.data) {
        // Who had it, when a column had the task: else nothing is said of before.
        const old = known ? (placeOf(known).assignee?.username ?? null) : undefined;
        const events = old === undefined ? [] : [{ field: 'assignee', old, new: username }];
        feed.wrote(result.data.updateTask as ListedTask, null, events);
      }
    },
    [assign, feed],
  );

  const prioritizeAs = useCallback(
    async (ref: string, priority: Priority) => {
      setMoveError(null);
      const result = await prioritize({ ref, priority });
      if (result.error) setMoveError(`${ref}: ${messageOf(result.error)}`);
      else if (result.data)
        feed.wrote(result.data.updateTask as ListedTask, null, [{ field: 'priority', old: null, new: priority }]);
    },
    [prioritize, feed],
  );
  return { moveTo, assignTo, prioritizeAs, moveError, moved };
}

/** Where a placement put a card, in words: "moved after ENG-3: Its title". */
function describe(place: BoardPlace, feed: TaskFeed): string {
  if ('first' in place) return 'moved to the top';
  const [word, ref] = 'after' in place ? ['after', place.after] : ['before', place.before];
  const title = (feed.lookup(ref) as unknown as { title?: string } | undefined)?.title;
  return `moved ${word} ${ref}${title ? `: ${title}` : ''}`;
}

const NO_STATUSES: { key: string; name: string; category: string }[] = [];

export function ProjectTasks({ project, view }: { project: string; view: 'board' | 'list' }) {
  const { readOnly, username } = useSession();
  // Read fresh: its `lastEventCursor` is where the live events start.
  const [{ data, error }] = useQuery({
    query: ProjectBoard,
    variables: { key: project },
    requestPolicy: 'network-only',
  });
  const defaults = view === 'board' ? BOARD_VIEW : NO_FILTER;
  const [filters, setFilters] = useView(defaults);
  const query = useSearch();
  const text = useDebounced(filters.text, 300);
  // The first read's cursor, kept while the page is open (a later read of
  // the project must not restart the subscription).
  const [from, setFrom] = useState<string | null | undefined>(undefined);
  const cursor = data?.project.lastEventCursor;
  useEffect(() => {
    if (data && from === undefined) setFrom(cursor ?? null);
  }, [data, cursor, from]);
  const statuses = data?.project.statuses ?? NO_STATUSES;
  const live = useLiveTasks(data ? data.project.key : null, from, username, statuses);
  const choices = useProjectChoices(data?.project);
  const { moveTo, assignTo, prioritizeAs, moveError, moved } = useMoves(live.feed, statuses, filters.order === 'BOARD');
  // One object while nothing in it changes: cards are drawn again only when their task is.
  const mover: Move | undefined = useMemo(
    () =>
      readOnly || choices === null
        ? undefined
        : { statuses, to: moveTo, members: choices.members, assign: assignTo, prioritize: prioritizeAs },
    [readOnly, choices, statuses, moveTo, assignTo, prioritizeAs],
  );

  if (error && !data) return <PageProblem error={error} what={project} />;
  if (!data)
    return (
      <main className="page">
        <p className="loading">Loading {project}…</p>
      </main>
    );
  const p = data.project;

  const state = { ...filters, text };
  const narrowed = isNarrowed(state, defaults);
  const clear = () => setFilters({ ...defaults, order: filters.order });
  const here = view === 'board' ? `/p/${p.key}` : `/p/${p.key}/list`;
  // The other tab's default order is another (board, updated): the order
  // goes along in the address, so switching tabs never changes it unsaid.
  const carried = formatView(filters, defaults, true);

  return (
    <main className="page wide">
      <div className="title-row">
        <h1>
          <span className="key">{p.key}</span> {p.name}
        </h1>
        <LiveBadge state={live.state} events={live.events} />
      </div>
      <div className="view-row">
        <nav className="tabs" aria-label="Views">
          {/* The view (filters, order) goes along from one to the other. */}
          <Link href={withQuery(`/p/${p.key}`, carried)} aria-current={view === 'board' ? 'page' : undefined}>
            Board
          </Link>
          <Link href={withQuery(`/p/${p.key}/list`, carried)} aria-current={view === 'list' ? 'page' : undefined}>
            List
          </Link>
        </nav>
        <SavedViews project={p.key} path={here} query={query} />
      </div>
      <FilterBar
        state={filters}
        defaults={defaults}
        onChange={setFilters}
        choices={{ project: p, statuses: view === 'list' }}
      />
      {!readOnly && <NewTask project={p.key} choices={p} />}
      <p className="visually-hidden" aria-live="polite" data-testid="moved">
        {moved}
      </p>
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
          feed={live.feed}
          move={mover}
          onClear={narrowed ? clear : undefined}
        />
      ) : (
        <TaskList
          filter={toTaskFilter(state, p.key)}
          order={state.order}
          onOrder={(order) => setFilters({ ...filters, order })}
          feed={live.feed}
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
  const [filters, setFilters] = useView(MY_DEFAULTS, CROSS_PROJECT_ORDERS);
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
        onClear={narrowed ? () => setFilters({ ...MY_DEFAULTS, order: filters.order }) : undefined}
      />
    </main>
  );
}

/** `path` with the view's query, when there is one. */
function withQuery(path: string, query: string): string {
  return query === '' ? path : `${path}?${query}`;
}
