// Agents at work: the live claims (which session holds which task, until
// when), then every session the viewer sees (their own and those on tasks
// they see), the task and status each reports, and the last heartbeat;
// active sessions first, read again every 15 seconds.
import { useEffect, useState } from 'react';
import { useQuery } from 'urql';
import { Link } from 'wouter';
import { graphql, useFragment, type FragmentType } from '../gql';
import { ClaimFields } from '../parts/Claim';
import { More } from '../parts/More';
import { Problem } from '../parts/Problem';

const AgentSessions = graphql(`
  query AgentSessions($active: Boolean, $after: String) {
    agentSessions(active: $active, first: 50, after: $after) {
      totalCount
      pageInfo {
        hasNextPage
        endCursor
      }
      nodes {
        id
        name
        status
        startedAt
        heartbeatAt
        endedAt
        user {
          username
          displayName
        }
        task {
          ref
          title
        }
      }
    }
  }
`);

const LiveClaims = graphql(`
  query LiveClaims {
    tasks(filter: { claimed: true }, first: 50) {
      totalCount
      nodes {
        id
        ref
        title
        claim {
          ...ClaimFields
        }
      }
    }
  }
`);

const REFRESH_MS = 15_000;

export function Agents() {
  const [activeOnly, setActiveOnly] = useState(true);
  return (
    <main className="page wide">
      <h1>Agents at work</h1>
      <Claims />
      <h2>Sessions</h2>
      <label className="inline">
        <input type="checkbox" checked={activeOnly} onChange={(e) => setActiveOnly(e.target.checked)} />
        Active sessions only
      </label>
      <AgentPage active={activeOnly ? true : null} after={null} />
    </main>
  );
}

function when(instant: string): string {
  return instant.replace('T', ' ').slice(0, 19);
}

function Claims() {
  const [{ data, error }, reexecute] = useQuery({ query: LiveClaims });
  useEffect(() => {
    const timer = setInterval(() => reexecute({ requestPolicy: 'network-only' }), REFRESH_MS);
    return () => clearInterval(timer);
  }, [reexecute]);
  if (error && !data) return <Problem error={error} />;
  if (!data) return <p className="loading">Loading claims…</p>;
  const { nodes, totalCount } = data.tasks;
  return (
    <section aria-label="Live claims">
      <h2>Claimed tasks</h2>
      {totalCount === 0 ? (
        <p className="muted">No task is claimed.</p>
      ) : (
        <table className="agents claims">
          <thead>
            <tr>
              <th scope="col">Task</th>
              <th scope="col">Held by</th>
              <th scope="col">Agent</th>
              <th scope="col">Status</th>
              <th scope="col">Since</th>
              <th scope="col">Until</th>
            </tr>
          </thead>
          <tbody>
            {nodes.map((task) => (
              <tr key={task.id}>
                <td>
                  <Link href={`/t/${task.ref}`}>{`${task.ref} ${task.title}`}</Link>
                </td>
                <ClaimCells claim={task.claim} />
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

/** A claim's holder, agent, status line, start and end, as table cells. */
function ClaimCells(props: { claim: FragmentType<typeof ClaimFields> | null | undefined }) {
  const claim = useFragment(ClaimFields, props.claim);
  return (
    <>
      <td>{claim?.holder ? `@${claim.holder.username}` : ''}</td>
      <td>{claim?.session?.name ?? ''}</td>
      <td>{claim?.session?.status ?? ''}</td>
      <td>{claim?.since ? when(claim.since) : ''}</td>
      <td>{claim ? when(claim.until) : ''}</td>
    </>
  );
}

function AgentPage({ active, after }: { active: boolean | null; after: string | null }) {
  const [{ data, error }, reexecute] = useQuery({ query: AgentSessions, variables: { active, after } });
  useEffect(() => {
    const timer = setInterval(() => reexecute({ requestPolicy: 'network-only' }), REFRESH_MS);
    return () => clearInterval(timer);
  }, [reexecute]);
  if (error && !data) return <Problem error={error} />;
  if (!data) return <p className="loading">Loading agent sessions…</p>;
  const { nodes, pageInfo, totalCount } = data.agentSessions;
  return (
    <>
      {after === null && (
        <p className="muted">
          {totalCount === 0 ? 'No agent session.' : `${totalCount} session${totalCount === 1 ? '' : 's'}`}
        </p>
      )}
      <table className="agents">
        <thead>
          <tr>
            <th scope="col">Agent</th>
            <th scope="col">User</th>
            <th scope="col">Task</th>
            <th scope="col">Status</th>
            <th scope="col">Last heartbeat</th>
            <th scope="col">Ended</th>
          </tr>
        </thead>
        <tbody>
          {nodes.map((s) => (
            <tr key={s.id}>
              <td>{s.name}</td>
              <td>{s.user ? `@${s.user.username}` : ''}</td>
              <td>{s.task ? <Link href={`/t/${s.task.ref}`}>{`${s.task.ref} ${s.task.title}`}</Link> : '—'}</td>
              <td>{s.status ?? ''}</td>
              <td>
                <time dateTime={s.heartbeatAt}>{when(s.heartbeatAt)}</time>
              </td>
              <td>{s.endedAt ? when(s.endedAt) : 'active'}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <More pageInfo={pageInfo} label="More sessions" next={(after) => <AgentPage active={active} after={after} />} />
    </>
  );
}
