// What changed across the viewer's projects, newest first, a page of 50 at
// a time, under a heading per day, in words (statuses by name); narrowed
// to one project or one person.
import { useState } from 'react';
import { useQuery } from 'urql';
import { Link } from 'wouter';
import { graphql } from '../gql';
import { More } from '../parts/More';
import { Problem } from '../parts/Problem';
import { useDebounced } from '../parts/useDebounced';
import { changeWords } from '../parts/changes';
import { dayHeading, dayOf, formatTime } from '../parts/dates';

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
        project {
          key
          statuses {
            key
            name
          }
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
      <EventPage filter={filter} after={null} previousDay={null} />
    </main>
  );
}

/** One page of the feed, grouped by the viewer's day (a day that goes on
 * from the page before gets no second heading). */
function EventPage({
  filter,
  after,
  previousDay,
}: {
  filter: { project: string | null; actor: string | null };
  after: string | null;
  previousDay: string | null;
}) {
  const [{ data, error }] = useQuery({ query: ActivityPage, variables: { filter, after } });
  if (error && !data) return <Problem error={error} />;
  if (!data) return <p className="loading">Loading activity…</p>;
  const { nodes, pageInfo } = data.activity;
  const days: { day: string; events: typeof nodes }[] = [];
  for (const event of nodes) {
    const day = dayOf(event.at);
    const last = days[days.length - 1];
    if (last && last.day === day) last.events.push(event);
    else days.push({ day, events: [event] });
  }
  const lastDay = days[days.length - 1]?.day ?? previousDay;
  return (
    <>
      {days.map((group, index) => (
        <section key={group.day}>
          {!(index === 0 && group.day === previousDay) && (
            <h2 className="day-heading">{dayHeading(group.events[0].at)}</h2>
          )}
          <ol className="event-list">
            {group.events.map((event) => (
              <li key={event.id}>
                <time dateTime={event.at}>{formatTime(event.at)}</time>{' '}
                <strong>{event.actor?.username ?? 'someone'}</strong> {changeWords(event, event.project?.statuses)}{' '}
                {event.task && <Link href={`/t/${event.task.ref}`}>{`${event.task.ref} ${event.task.title}`}</Link>}
              </li>
            ))}
          </ol>
        </section>
      ))}
      {nodes.length === 0 && after === null && <p className="muted">Nothing changed here.</p>}
      <More
        pageInfo={pageInfo}
        label="Older changes"
        next={(after) => <EventPage filter={filter} after={after} previousDay={lastDay} />}
      />
    </>
  );
}
