// A task list read a page at a time by cursor: the first page, then the
// next one when the end of the last comes into view (or its button is
// pressed), so that a list of 5,000 tasks is never loaded at once. Every
// page is read again when `version` moves (a live event, a reconnect).
import { Fragment, useEffect, useRef, useState, type ReactNode } from 'react';
import { useQuery } from 'urql';
import { graphql } from '../gql';
import type { TaskFilter, TaskOrder, TaskPageQuery as TaskPageResult } from '../gql/graphql';
import { Problem } from './Problem';
import { focusWhenThere } from './focus';

export const PAGE_SIZE = 50;

const TASK_CONTEXT = { additionalTypenames: ['Task'] };

/** A task of a page: its id and ref, the rest for its card or row to read. */
export type PagedTask = TaskPageResult['tasks']['nodes'][number];

const TaskPageQuery = graphql(`
  query TaskPage($filter: TaskFilter!, $order: TaskOrder!, $first: Int!, $after: String) {
    tasks(filter: $filter, order: $order, first: $first, after: $after) {
      totalCount
      pageInfo {
        hasNextPage
        endCursor
      }
      nodes {
        id
        ref
        ...TaskCardFields
      }
    }
  }
`);

export interface PagesProps {
  filter: TaskFilter;
  order: TaskOrder;
  version: number;
  /** Draws one page's tasks. */
  render: (tasks: PagedTask[]) => ReactNode;
  /** Told the whole list's size once the first page is in. */
  onCount?: (count: number) => void;
}

export function TaskPages(props: PagesProps) {
  return <TaskPageAt {...props} after={null} />;
}

function TaskPageAt({ filter, order, version, render, onCount, after }: PagesProps & { after: string | null }) {
  const [{ data, error, fetching }, reexecute] = useQuery({
    query: TaskPageQuery,
    variables: { filter, order, first: PAGE_SIZE, after },
    // An empty page holds no Task: without this, a task created into it
    // (quick create, a bulk edit) would not make it read again.
    context: TASK_CONTEXT,
  });
  const [wantNext, setWantNext] = useState(false);
  const sentinel = useRef<HTMLDivElement>(null);
  const lastLink = useRef<string | null>(null);

  const firstVersion = useRef(version);
  useEffect(() => {
    if (version !== firstVersion.current) reexecute({ requestPolicy: 'network-only' });
  }, [version, reexecute]);

  const count = data?.tasks.totalCount;
  useEffect(() => {
    if (after === null && count !== undefined) onCount?.(count);
  }, [after, count, onCount]);

  // After a "Load more" pressed from the keyboard, the first new task.
  const firstNew = wantNext && lastLink.current !== null ? lastLink.current : null;
  useEffect(() => {
    if (firstNew === null) return;
    lastLink.current = null;
    focusWhenThere(`[data-ref="${CSS.escape(firstNew)}"] ~ [data-ref] a`);
  }, [firstNew]);

  const hasNext = data?.tasks.pageInfo.hasNextPage ?? false;
  useEffect(() => {
    const element = sentinel.current;
    if (!hasNext || wantNext || element === null) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setWantNext(true);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasNext, wantNext]);

  if (error && !data) return <Problem error={error} />;
  if (!data) return fetching ? <p className="loading">Loading tasks…</p> : null;
  const { nodes, pageInfo } = data.tasks;
  return (
    <Fragment>
      {render(nodes)}
      {pageInfo.hasNextPage &&
        (wantNext ? (
          <TaskPageAt
            filter={filter}
            order={order}
            version={version}
            render={render}
            after={pageInfo.endCursor ?? null}
          />
        ) : (
          <div ref={sentinel} className="more">
            <button
              type="button"
              onClick={(event) => {
                // The button goes when the next page comes: focus moves to
                // the first task after the ones already shown.
                const focused = event.currentTarget === document.activeElement;
                lastLink.current = focused ? (nodes[nodes.length - 1]?.ref ?? null) : null;
                setWantNext(true);
              }}
            >
              Load more
            </button>
          </div>
        ))}
    </Fragment>
  );
}
