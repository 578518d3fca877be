// A task's assignee as a menu button on cards and rows (`a` opens it on
// the focused one): the person's initials, or an empty circle; nobody or
// one of the project's members, committed on Enter or a click only
// (PickMenu.tsx).
import { PickMenu } from './PickMenu';
import { Avatar, personName, type Person } from './People';
import type { Move } from './TaskCard';

/** The option that unassigns (no username can be empty). */
const NOBODY = '';

export function AssigneeMenu({
  taskRef,
  assignee,
  move,
  withName = false,
}: {
  taskRef: string;
  assignee: Person | null | undefined;
  move: Move;
  /** The name beside the initials (a list row has the room). */
  withName?: boolean;
}) {
  const people = move.people.some((p) => p.username === assignee?.username)
    ? move.people
    : assignee
      ? [assignee, ...move.people]
      : move.people;
  const options = [{ key: NOBODY, label: 'Nobody' }, ...people.map((p) => ({ key: p.username, label: personName(p) }))];
  return (
    <PickMenu
      className="assignee-menu"
      name={`Assignee of ${taskRef}`}
      current={assignee?.username ?? NOBODY}
      options={options}
      // "unassigned": the word a row shows beside the circle.
      buttonLabel={`Assignee of ${taskRef}: ${assignee ? personName(assignee) : 'unassigned'}`}
      onPick={(username) => move.assign(taskRef, username === NOBODY ? null : username)}
    >
      {assignee ? <Avatar person={assignee} decorative /> : <span className="avatar avatar-none" aria-hidden="true" />}
      {withName && <span className="assignee-name">{assignee ? assignee.displayName : 'Unassigned'}</span>}
    </PickMenu>
  );
}
