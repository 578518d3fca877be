// A member chosen in a form (a filter, a bulk edit, a new task) when the
// project has more members than one small page: a menu button whose list
// is searched on the server as the person types (members.ts), instead of
// a select of every member. A project of few keeps its select.
import { useId, useState } from 'react';
import { PickMenu, type PickOption } from './PickMenu';
import { personName, type Person } from './People';
import { foundHint, useMemberSearch, type Members } from './members';

export function MemberField({
  label,
  members,
  value,
  extra,
  onChange,
}: {
  /** The field's name: "Assignee", "Set assignee". */
  label: string;
  members: Members;
  /** The username chosen, or the key of one of `extra`. */
  value: string;
  /** Choices before the members ("anyone", "me", "nobody", "keep"). */
  extra: PickOption[];
  onChange: (value: string) => void;
}) {
  const id = useId();
  const [text, setText] = useState('');
  // The person picked, to name them once the search that found them is gone.
  const [picked, setPicked] = useState<Person | null>(null);
  const found = useMemberSearch(members, text);
  const typed = text.trim() !== '';
  const options = [...(typed ? [] : extra), ...found.people.map((p) => ({ key: p.username, label: personName(p) }))];
  const person = [picked, ...members.first].find((p) => p?.username === value);
  const shown = extra.find((o) => o.key === value)?.label ?? (person ? personName(person) : `@${value}`);
  return (
    <div className="member-field">
      <span id={id}>{label}</span>
      <PickMenu
        className="form-menu"
        name={label}
        current={value}
        options={options}
        buttonLabel={`${label}: ${shown}`}
        onPick={(key) => {
          setPicked(found.people.find((p) => p.username === key) ?? null);
          onChange(key);
        }}
        tabbable
        search={{ label: 'Find a member by name', onText: setText, hint: foundHint(found, true) }}
      >
        {shown} <span aria-hidden="true">▾</span>
      </PickMenu>
    </div>
  );
}
