// What changed across the viewer's projects, newest first, a page of 50 at
// a time; narrowed to one project or one person.
import { useState } from 'react';
import { useQuery } from 'urql';
import { Link } from 'wouter';
import { graphql } from '../gql';
import { More } from '../parts/More';
import { Problem } from '../parts/Problem';
import { useDebounced } from '../parts/useDebounced';

const ActivityPage = graphql(`
  query ActivityPage($filter: ActivityFilter, $after: String) {
    activity(filter: $filter, first: 50, after: $after) {
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
        task {
          ref
          title
        }
        newText(cut: FIRST_LINE, maxChars: 80) {
          text
          truncated
        }
      }
    }
  }
`);

export function Activity() {
  const [project, setProject] = useState('');
  const [actor, setActor] = useState('');
  const filter = {
    project: useDebounced(project.trim(), 300) || null,
    actor: useDebounced(actor.trim(), 300) || null,
  };
  return (
    <main className="page wide">
      <h1>Activity</h1>
      <form className="filters" role="search" aria-label="Filter activity" onSubmit={(e) => e.preventDefault()}>
        <label>
          Project key
          <input value={project} onChange={(e) => setProject(e.target.value.toUpperCase())} placeholder="all" />
        </label>
        <label>
          Person
          <input value={actor} onChange={(e) => setActor(e.target.value)} placeholder="username or me" />
        </label>
      </form>
      <EventPage filter={filter} after={null} />
    </main>
  );
}

function EventPage({
  filter,
  after,
}: {
  filter: { project: string | null; actor: string | null };
  after: string | null;
}) {
  const [{ data, error }] = useQuery({ query: ActivityPage, variables: { filter, after } });
  if (error && !data) return <Problem error={error} />;
  if (!data) return <p className="loading">Loading activity…</p>;
  const { nodes, pageInfo } = data.activity;
  return (
    <>
      <ol className="event-list">
        {nodes.map((event) => (
          <li key={event.id}>
            <time dateTime={event.at}>{event.at.replace('T', ' ').slice(0, 16)}</time>{' '}
            <span>@{event.actor?.username ?? 'someone'}</span> <strong>{event.field}</strong>{' '}
            {event.task && <Link href={`/t/${event.task.ref}`}>{`${event.task.ref} ${event.task.title}`}</Link>}
            {event.newText && event.field !== 'created' && event.field !== 'comment' && (
              <span className="muted">
                {' '}
                → {event.newText.text}
                {event.newText.truncated ? '…' : ''}
              </span>
            )}
          </li>
        ))}
      </ol>
      {nodes.length === 0 && <p className="muted">Nothing changed here.</p>}
      <More pageInfo={pageInfo} label="Older changes" next={(after) => <EventPage filter={filter} after={after} />} />
    </>
  );
}
