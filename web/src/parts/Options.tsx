// The choices the task forms and filters share, as <option> lists, and the
// project selection they are drawn from (one fragment, spread by every page
// that offers a project's choices). Members come as one small page: a
// project with more is searched on the server as the person types
// (members.ts), never cut at a fixed number.
import { useMemo } from 'react';
import { graphql, useFragment, type FragmentType } from '../gql';
import type { Priority } from '../gql/graphql';
import type { Members } from './members';

export const ProjectChoicesFields = graphql(`
  fragment ProjectChoicesFields on Project {
    key
    statuses {
      key
      name
    }
    labels {
      name
    }
    members(first: 20) {
      pageInfo {
        hasNextPage
      }
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
  /** The first page of members: all of them when `members.complete`. */
  people: { username: string; displayName: string }[];
  members: Members;
}

/** A project's choices; null without a project. A member whose `user` is
 * null is no one to choose. */
export function useProjectChoices(project: ProjectChoicesRef): ProjectChoices;
export function useProjectChoices(project: ProjectChoicesRef | null | undefined): ProjectChoices | null;
export function useProjectChoices(project: ProjectChoicesRef | null | undefined): ProjectChoices | null {
  const fields = useFragment(ProjectChoicesFields, project);
  // The same object while the project read is the same: every card's menus
  // take it, and are drawn again only when it changes.
  return useMemo(() => {
    if (!fields) return null;
    const people = fields.members.nodes.flatMap((m) => (m.user ? [m.user] : []));
    const members = { project: fields.key, first: people, complete: !fields.members.pageInfo.hasNextPage };
    return { statuses: fields.statuses, labels: fields.labels, people, members };
  }, [fields]);
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
