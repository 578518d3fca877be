// A project's members to choose from (an assignee, a coworker, a filter),
// never cut at a fixed number: the first small page comes with the
// project's choices (Options.tsx); a project with more is searched on the
// server as the person types (every word in the username or display name,
// any case), a page at a time, with a hint when more match than are shown.
import { useQuery } from 'urql';
import { graphql } from '../gql';
import type { Person } from './People';
import { useDebounced } from './useDebounced';

/** The page a search reads (and ProjectChoicesFields' `members(first: 20)`). */
export const MEMBER_PAGE = 20;

export interface Members {
  /** The project's key, to search in. */
  project: string;
  /** The first page of members. */
  first: Person[];
  /** `first` is every member: the menus list them all, as they always did. */
  complete: boolean;
}

const MemberSearch = graphql(`
  query MemberSearch($project: String!, $search: String!, $first: Int!) {
    project(key: $project) {
      id
      members(search: $search, first: $first) {
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
  }
`);

export interface Found {
  people: Person[];
  /** More match than are shown: keep typing. */
  more: boolean;
  /** A search is being typed or read: what is shown is not its answer yet. */
  searching: boolean;
}

/** The members matching `text` (the first page while it is empty); a
 * complete list is shown whole, as it is. */
export function useMemberSearch(members: Members | null, text: string): Found {
  const typed = text.trim();
  const search = useDebounced(typed, 200);
  const pause = members === null || members.complete || search === '';
  const [{ data, fetching }] = useQuery({
    query: MemberSearch,
    variables: { project: members?.project ?? '', search, first: MEMBER_PAGE },
    pause,
  });
  if (members === null) return { people: [], more: false, searching: false };
  if (members.complete || typed === '') return { people: members.first, more: !members.complete, searching: false };
  const found = data?.project.members;
  const searching = search !== typed || fetching || !found;
  // While the words typed are still on their way (the pause, the read), an
  // earlier search's people are not shown: Enter must not pick one of them.
  if (searching) return { people: [], more: false, searching };
  const people = found.nodes.flatMap((m) => (m.user ? [m.user] : []));
  return { people, more: found.pageInfo.hasNextPage, searching };
}

/** The words a searching menu shows under its options. */
export function foundHint(found: Found, searchable: boolean): string | null {
  if (!searchable) return null;
  if (found.searching) return 'Searching…';
  if (found.more) return 'More match: keep typing to narrow them.';
  if (found.people.length === 0) return 'No member matches.';
  return null;
}
