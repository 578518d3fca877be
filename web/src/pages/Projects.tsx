// The projects the viewer sees, found by name as `list_projects` finds
// them, each with its open task count; a page of 50 at a time.
import { useState } from 'react';
import { useQuery } from 'urql';
import { Link } from 'wouter';
import { graphql } from '../gql';
import { useDebounced } from '../parts/useDebounced';
import { More } from '../parts/More';
import { Problem } from '../parts/Problem';

const ProjectsPage = graphql(`
  query ProjectsPage($name: String, $after: String) {
    projects(filter: { name: $name }, first: 50, after: $after) {
      totalCount
      pageInfo {
        hasNextPage
        endCursor
      }
      nodes {
        id
        key
        name
        openTaskCount
        workspace {
          key
          name
        }
      }
    }
  }
`);

export function Projects() {
  const [text, setText] = useState('');
  const name = useDebounced(text.trim(), 250);
  return (
    <main className="page">
      <h1>Projects</h1>
      <label className="search">
        Find a project by name
        <input type="search" value={text} onChange={(e) => setText(e.target.value)} placeholder="name words" />
      </label>
      <ProjectRows name={name === '' ? null : name} after={null} first />
    </main>
  );
}

function ProjectRows({ name, after, first }: { name: string | null; after: string | null; first?: boolean }) {
  const [{ data, fetching, error }] = useQuery({ query: ProjectsPage, variables: { name, after } });
  if (error) return <Problem error={error} />;
  if (!data) return fetching ? <p className="loading">Loading projects…</p> : null;
  const { nodes, pageInfo, totalCount } = data.projects;
  return (
    <>
      {first && (
        <p className="muted" aria-live="polite">
          {totalCount === 0 ? 'No project matches.' : `${totalCount} project${totalCount === 1 ? '' : 's'}`}
        </p>
      )}
      <ul className="projects">
        {nodes.map((project) => (
          <li key={project.id}>
            <Link href={`/p/${project.key}`}>
              <span className="key">{project.key}</span> {project.name}
            </Link>
            <span className="muted">
              {project.workspace?.name} · {project.openTaskCount} open
            </span>
          </li>
        ))}
      </ul>
      <More
        pageInfo={pageInfo}
        label="Show more projects"
        next={(after) => <ProjectRows name={name} after={after} />}
      />
    </>
  );
}
