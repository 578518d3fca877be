// The choices the task forms share, as <option> lists.
import type { Priority } from '../gql/graphql';

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
