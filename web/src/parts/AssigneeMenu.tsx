// A task's assignee as a menu button on cards and rows (`a` opens it on
// the focused one): the person's initials, or an empty circle; nobody or
// one of the project's members, committed on Enter or a click only
// (PickMenu.tsx). A project of many members is searched as one types
// (members.ts).
import { useState } from 'react';
import { PickMenu } from './PickMenu';
import { Avatar, personName, type Person } from './People';
import type { Move } from './TaskCard';
import { foundHint, useMemberSearch } from './members';

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
  const [text, setText] = useState('');
  const found = useMemberSearch(move.members, text);
  const searchable = !move.members.complete;
  // The one assigned is always there to see (when nothing is typed).
  const people =
    found.people.some((p) => p.username === assignee?.username) || !assignee || text.trim() !== ''
      ? found.people
      : [assignee, ...found.people];
  const nobody = text.trim() === '' ? [{ key: NOBODY, label: 'Nobody' }] : [];
  const options = [...nobody, ...people.map((p) => ({ key: p.username, label: personName(p) }))];
  return (
    <PickMenu
      className="assignee-menu"
      name={`Assignee of ${taskRef}`}
      current={assignee?.username ?? NOBODY}
      options={options}
      // "unassigned": the word a row shows beside the circle.
      buttonLabel={`Assignee of ${taskRef}: ${assignee ? personName(assignee) : 'unassigned'}`}
      onPick={(username) => move.assign(taskRef, username === NOBODY ? null : username)}
      search={
        searchable ? { label: 'Find a member by name', onText: setText, hint: foundHint(found, true) } : undefined
      }
    >
      {assignee ? <Avatar person={assignee} decorative /> : <span className="avatar avatar-none" aria-hidden="true" />}
      {withName && <span className="assignee-name">{assignee ? assignee.displayName : 'Unassigned'}</span>}
    </PickMenu>
  );
}
