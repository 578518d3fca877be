// A task's comments and change log as one timeline, oldest first: each
// comment whole (its sanitized HTML, rendered from Markdown), each change
// in words (statuses by name, people by username). Both lists are read in
// full, page by page, and merged by time; read again when `version` moves
// (a live event on the task). A token that may write comments below.
import { useEffect, useState } from 'react';
import { graphql } from '../gql';
import type { TimelineCommentsQuery, TimelineEventsQuery } from '../gql/graphql';
import { useSession } from '../session-context';
import { Html } from './Html';
import { NewComment } from './NewComment';
import { changeWords } from './changes';
import { formatInstant } from './dates';
import { messageOf } from './Problem';

const TimelineComments = graphql(`
  query TimelineComments($ref: String!, $after: String) {
    task(ref: $ref) {
      id
      comments(first: 100, after: $after) {
        pageInfo {
          hasNextPage
          endCursor
        }
        nodes {
          id
          createdAt
          body
          author {
            username
            displayName
          }
        }
      }
    }
  }
`);

const TimelineEvents = graphql(`
  query TimelineEvents($ref: String!, $after: String) {
    task(ref: $ref) {
      id
      events(first: 100, after: $after) {
        pageInfo {
          hasNextPage
          endCursor
        }
        nodes {
          id
          at
          field
          actor {
            username
          }
          oldText(cut: FIRST_LINE, maxChars: 80) {
            text
            truncated
          }
          newText(cut: FIRST_LINE, maxChars: 80) {
            text
            truncated
          }
        }
      }
    }
  }
`);

type Comment = TimelineCommentsQuery['task']['comments']['nodes'][number];
type Change = TimelineEventsQuery['task']['events']['nodes'][number];
type Entry = { at: string; comment: Comment; change?: never } | { at: string; change: Change; comment?: never };

/** A page of a connection, or null when the read failed. */
type PageReader<T> = (after: string | null) => Promise<{
  nodes: T[];
  pageInfo: { hasNextPage: boolean; endCursor?: string | null };
} | null>;

// Past this many of either, the rest is left out (a task this busy is
// rare, and its page must not read without end).
const CAP = 1_000;

async function readAll<T>(read: PageReader<T>): Promise<T[] | null> {
  const all: T[] = [];
  let after: string | null = null;
  for (;;) {
    const page = await read(after);
    if (page === null) return null;
    all.push(...page.nodes);
    if (!page.pageInfo.hasNextPage || all.length >= CAP) return all;
    after = page.pageInfo.endCursor ?? null;
  }
}

function useTimeline(taskRef: string, version: number): { entries: Entry[] | null; error: string | null } {
  const { connection } = useSession();
  const [state, setState] = useState<{ entries: Entry[] | null; error: string | null }>({ entries: null, error: null });
  useEffect(() => {
    let current = true;
    const client = connection.graphql;
    let problem: string | null = null;
    const fresh = { requestPolicy: 'network-only' } as const;
    const comments = readAll<Comment>(async (after) => {
      const result = await client.query(TimelineComments, { ref: taskRef, after }, fresh).toPromise();
      if (result.error) problem = messageOf(result.error);
      return result.data?.task.comments ?? null;
    });
    const changes = readAll<Change>(async (after) => {
      const result = await client.query(TimelineEvents, { ref: taskRef, after }, fresh).toPromise();
      if (result.error) problem = messageOf(result.error);
      return result.data?.task.events ?? null;
    });
    void Promise.all([comments, changes]).then(([c, e]) => {
      if (!current) return;
      if (c === null || e === null) {
        setState((s) => ({ entries: s.entries, error: problem ?? 'the timeline could not be read' }));
        return;
      }
      const entries: Entry[] = [
        ...c.map((comment) => ({ at: comment.createdAt, comment })),
        // A comment's own log entry would say it twice.
        ...e.filter((change) => change.field !== 'comment').map((change) => ({ at: change.at, change })),
      ];
      entries.sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
      setState({ entries, error: null });
    });
    return () => {
      current = false;
    };
  }, [connection, taskRef, version]);
  return state;
}

export function Timeline({
  taskRef,
  version,
  statuses,
  writable,
}: {
  taskRef: string;
  version: number;
  statuses: { key: string; name: string }[] | undefined;
  writable: boolean;
}) {
  const { readOnly } = useSession();
  // A comment written here is read back at once, not when its live event comes.
  const [added, setAdded] = useState(0);
  const { entries, error } = useTimeline(taskRef, version + added);
  const comments = entries?.filter((e) => e.comment).length ?? 0;
  return (
    <section aria-labelledby="timeline-heading" className="timeline-section">
      <h2 id="timeline-heading">
        Timeline{' '}
        {entries && (
          <span className="count">
            ({comments} comment{comments === 1 ? '' : 's'})
          </span>
        )}
      </h2>
      {error && (
        <p role="alert" className="problem">
          {error}
        </p>
      )}
      {entries === null && !error && <p className="loading">Loading the timeline…</p>}
      {entries && (
        <ol className="timeline">
          {entries.map((entry) =>
            entry.comment ? (
              <li key={entry.comment.id} className="tl-comment">
                <p className="tl-head">
                  <strong>{entry.comment.author?.displayName ?? 'someone'}</strong>{' '}
                  <span className="muted">@{entry.comment.author?.username ?? '?'}</span>{' '}
                  <time dateTime={entry.at}>{formatInstant(entry.at)}</time>
                </p>
                <Html html={entry.comment.body} className="prose comment-body" />
              </li>
            ) : (
              <li key={entry.change.id} className="tl-change">
                <strong>{entry.change.actor?.username ?? 'someone'}</strong> {changeWords(entry.change, statuses)}{' '}
                <time dateTime={entry.at}>{formatInstant(entry.at)}</time>
              </li>
            ),
          )}
        </ol>
      )}
      {writable && !readOnly && <NewComment taskRef={taskRef} onAdded={() => setAdded((n) => n + 1)} />}
    </section>
  );
}
