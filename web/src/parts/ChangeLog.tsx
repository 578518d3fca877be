// A task's change log, oldest first, a page of 50 at a time: who changed
// which field from what to what.
import { useQuery } from 'urql';
import { graphql } from '../gql';
import { More } from './More';
import { Problem } from './Problem';

const TaskChanges = graphql(`
  query TaskChanges($ref: String!, $after: String) {
    task(ref: $ref) {
      id
      events(first: 50, after: $after) {
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

export function ChangeLog({ taskRef, version }: { taskRef: string; version: number }) {
  return (
    <section aria-label="Change log" className="changes">
      <h2>Change log</h2>
      <ChangePage key={version} taskRef={taskRef} after={null} />
    </section>
  );
}

function excerpt(window: { text: string; truncated: boolean } | null | undefined): string {
  if (!window || window.text === '') return '—';
  return window.truncated ? `${window.text}…` : window.text;
}

function ChangePage({ taskRef, after }: { taskRef: string; after: string | null }) {
  const [{ data, error }] = useQuery({
    query: TaskChanges,
    variables: { ref: taskRef, after },
    requestPolicy: 'cache-and-network',
  });
  if (error && !data) return <Problem error={error} />;
  if (!data) return <p className="loading">Loading changes…</p>;
  const { nodes, pageInfo } = data.task.events;
  return (
    <>
      <ol className="event-list">
        {nodes.map((event) => (
          <li key={event.id}>
            <time dateTime={event.at}>{event.at.replace('T', ' ').slice(0, 16)}</time>{' '}
            <span>@{event.actor?.username ?? 'someone'}</span>{' '}
            {event.field === 'created' ? (
              'created the task'
            ) : event.field === 'comment' ? (
              'commented'
            ) : event.field === 'deleted' ? (
              'deleted the task'
            ) : (
              <>
                changed <strong>{event.field}</strong>: {excerpt(event.oldText)} → {excerpt(event.newText)}
              </>
            )}
          </li>
        ))}
      </ol>
      <More pageInfo={pageInfo} label="More changes" next={(after) => <ChangePage taskRef={taskRef} after={after} />} />
    </>
  );
}
