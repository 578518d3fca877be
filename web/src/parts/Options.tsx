// The choices the task forms and filters share, as <option> lists, and the
// project selection they are drawn from (one fragment, spread by every page
// that offers a project's choices).
import { graphql, useFragment, type FragmentType } from '../gql';
import type { Priority } from '../gql/graphql';

export const ProjectChoicesFields = graphql(`
  fragment ProjectChoicesFields on Project {
    statuses {
      key
      name
    }
    labels {
      name
    }
    members(first: 100) {
      nodes {
        user {
          username
          displayName
        }
      }
    }
  }
`);

/** A project as a page holds it: what only the forms and filters read. */
export type ProjectChoicesRef = FragmentType<typeof ProjectChoicesFields>;

export interface ProjectChoices {
  statuses: { key: string; name: string }[];
  labels: { name: string }[];
  people: { username: string; displayName: string }[];
}

/** A project's choices; null without a project. A member whose `user` is
 * null is no one to choose. */
export function useProjectChoices(project: ProjectChoicesRef): ProjectChoices;
export function useProjectChoices(project: ProjectChoicesRef | null | undefined): ProjectChoices | null;
export function useProjectChoices(project: ProjectChoicesRef | null | undefined): ProjectChoices | null {
  const fields = useFragment(ProjectChoicesFields, project);
  if (!fields) return null;
  const people = fields.members.nodes.flatMap((m) => (m.user ? [m.user] : []));
  return { statuses: fields.statuses, labels: fields.labels, people };
}

export const PRIORITIES: Priority[] = ['NONE', 'LOW', 'MEDIUM', 'HIGH', 'URGENT'];

export function StatusOptions({ statuses }: { statuses: { key: string; name: string }[] }) {
  return (
    <>
      {statuses.map((s) => (
        <option key={s.key} value={s.key}>
          {s.name}
        </option>
      ))}
    </>
  );
}

export function PriorityOptions() {
  return (
    <>
      {PRIORITIES.map((p) => (
        <option key={p} value={p}>
          {p.toLowerCase()}
        </option>
      ))}
    </>
  );
}

export function PeopleOptions({ people }: { people: { username: string; displayName: string }[] }) {
  return (
    <>
      {people.map((p) => (
        <option key={p.username} value={p.username}>
          {p.displayName}
        </option>
      ))}
    </>
  );
}
