// A task list read a page at a time by cursor: the first page, then the
// next one when the end of the last comes into view (or its button is
// pressed), so that a list of 5,000 tasks is never loaded at once. The
// page's live changes move its cards in place (taskColumn.ts); focus on a
// card that moves stays on it.
import { Fragment, useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useClient } from 'urql';
import type { TaskFilter, TaskOrder } from '../gql/graphql';
import type { TaskFeed } from '../liveTasks';
import { Problem } from './Problem';
import { focusWhenThere } from './focus';
import { TaskColumn, type ColumnView } from './taskColumn';
import type { ListedTask } from './placement';

export { PAGE_SIZE } from './taskColumn';

/** A task of a list: its id and ref, the rest for its card or row to read. */
export type PagedTask = ListedTask;

export interface PagesProps {
  filter: TaskFilter;
  order: TaskOrder;
  /** The page's task changes; without it, the list is read once. */
  feed?: TaskFeed;
  /** Draws the tasks. */
  render: (tasks: PagedTask[]) => ReactNode;
  /** Told the whole list's size once it is known, and as it changes. */
  onCount?: (count: number) => void;
}

const NOTHING: ColumnView = {
  tasks: null,
  total: null,
  hasNext: false,
  loadingMore: false,
  moreFailed: false,
  error: null,
};
const none = () => () => {};

/** The column of `filter` and `order`, read and kept current while shown. */
function useTaskColumn(filter: TaskFilter, order: TaskOrder, feed?: TaskFeed): [ColumnView, TaskColumn | null] {
  const client = useClient();
  const [column, setColumn] = useState<TaskColumn | null>(null);
  const key = JSON.stringify(filter);
  useEffect(() => {
    const made = new TaskColumn(client, JSON.parse(key) as TaskFilter, order, feed);
    setColumn(made);
    made.start();
    return () => made.dispose();
  }, [client, key, order, feed]);
  const view = useSyncExternalStore(column?.subscribe ?? none, column?.snapshot ?? (() => NOTHING));
  return [view, column];
}

export function TaskPages({ filter, order, feed, render, onCount }: PagesProps) {
  const [view, column] = useTaskColumn(filter, order, feed);
  const sentinel = useRef<HTMLDivElement>(null);
  const [firstNew, setFirstNew] = useState<string | null>(null);
  const { tasks, total, hasNext, loadingMore, moreFailed, error } = view;

  useEffect(() => {
    if (total !== null) onCount?.(total);
  }, [total, onCount]);

  // A card moved among the others is taken out of the page and put back:
  // the focus it had goes back to it.
  const focused = useRef<HTMLElement | null>(null);
  useEffect(() => {
    if (!column) return;
    return column.subscribe(() => {
      const active = document.activeElement;
      focused.current = active instanceof HTMLElement && active.closest('[data-ref]') ? active : null;
    });
  }, [column]);
  useLayoutEffect(() => {
    const had = focused.current;
    focused.current = null;
    if (had?.isConnected && (document.activeElement === document.body || document.activeElement === null))
      had.focus({ preventScroll: true });
  }, [tasks]);

  // After a "Load more" pressed from the keyboard, the first new task.
  useEffect(() => {
    if (firstNew === null || loadingMore) return;
    setFirstNew(null);
    focusWhenThere(`[data-ref="${CSS.escape(firstNew)}"] ~ [data-ref] a`);
  }, [firstNew, loadingMore]);

  useEffect(() => {
    const element = sentinel.current;
    // After a failed page, only the button reads on: no retry in a loop.
    if (!hasNext || loadingMore || moreFailed || element === null || column === null) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) void column.loadMore();
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasNext, loadingMore, moreFailed, column, tasks]);

  if (error && !tasks) return <Problem error={error} />;
  if (!tasks) return <p className="loading">Loading tasks…</p>;
  return (
    <Fragment>
      {render(tasks)}
      {hasNext && (
        <div ref={sentinel} className="more">
          {loadingMore ? (
            <p className="loading">Loading more…</p>
          ) : (
            <Fragment>
              {moreFailed && (
                <p role="alert" className="problem">
                  The next tasks could not be loaded.
                </p>
              )}
              <button
                type="button"
                onClick={(event) => {
                  // The button goes while the next page comes: focus then moves
                  // to the first task after the ones already shown.
                  if (event.currentTarget === document.activeElement) setFirstNew(tasks[tasks.length - 1]?.ref ?? null);
                  void column?.loadMore();
                }}
              >
                {moreFailed ? 'Try again' : 'Load more'}
              </button>
            </Fragment>
          )}
        </div>
      )}
    </Fragment>
  );
}
