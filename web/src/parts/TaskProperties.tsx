// The task page's sidebar: every property of the task (status, assignee,
// coworkers, priority, kind, labels, due date, parent, creator), as
// controls for a token that may write and as a list of facts otherwise.
// Each control saves on its own; a change that fails says so beside it.
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'wouter';
import type { Priority, TaskKind, TaskPageDetailsQuery, UpdateTaskInput } from '../gql/graphql';
import { Due, Labels } from './TaskCard';
import { FieldProblem } from './FieldProblem';
import { PRIORITIES, type ProjectChoices } from './Options';
import { PickMenu, type PickOption, type PickSearch } from './PickMenu';
import { foundHint, useMemberSearch, type Members } from './members';
import type { Person } from './People';
import type { FieldError } from './fieldError';
import { formatInstant } from './dates';

export type Task = TaskPageDetailsQuery['task'];
/** `expectedRevision`: for text, the revision the task was at when its
 * editing began (a live re-read moves `task.revision` on meanwhile). */
export type Save = (input: UpdateTaskInput, what: string, expectedRevision?: number) => Promise<boolean>;

const KINDS: TaskKind[] = ['TASK', 'BUG', 'FEATURE', 'EPIC'];

const person = (p: { username: string; displayName: string } | null | undefined) =>
  p ? `${p.displayName} (@${p.username})` : 'nobody';

/** What every reader sees, editable or not: where the task sits and who made it. */
function Facts({ task }: { task: Task }) {
  return (
    <dl className="facts">
      <dt>Parent</dt>
      <dd>
        {task.parent ? (
          <Link href={`/t/${task.parent.ref}`}>
            <span className="key">{task.parent.ref}</span> {task.parent.title}
          </Link>
        ) : (
          'none'
        )}
      </dd>
      <dt>Created by</dt>
      <dd>{person(task.createdBy)}</dd>
      <dt>Created</dt>
      <dd>
        <time dateTime={task.createdAt}>{formatInstant(task.createdAt)}</time>
      </dd>
      <dt>Updated</dt>
      <dd>
        <time dateTime={task.updatedAt}>{formatInstant(task.updatedAt)}</time>
      </dd>
    </dl>
  );
}

export function ReadOnlyProperties({ task }: { task: Task }) {
  return (
    <aside className="task-side" aria-labelledby="properties-heading">
      <h2 id="properties-heading">Properties</h2>
      <dl className="facts">
        <dt>Status</dt>
        <dd>{task.status?.name}</dd>
        <dt>Assignee</dt>
        <dd>{person(task.assignee)}</dd>
        <dt>Coworkers</dt>
        <dd>{task.coworkers.length ? task.coworkers.map((c) => person(c)).join(', ') : 'none'}</dd>
        <dt>Priority</dt>
        <dd>{task.priority.toLowerCase()}</dd>
        <dt>Kind</dt>
        <dd>{task.kind.toLowerCase()}</dd>
        <dt>Due</dt>
        <dd>{task.dueDate ? <Due date={task.dueDate} done={task.done} /> : 'no due date'}</dd>
        <dt>Labels</dt>
        <dd>{task.labels.length ? <Labels labels={task.labels} /> : 'none'}</dd>
      </dl>
      <Facts task={task} />
    </aside>
  );
}

export function EditableProperties({
  task,
  choices,
  save,
  error,
  saved,
}: {
  task: Task;
  choices: ProjectChoices | null;
  save: Save;
  error: FieldError | null;
  saved: string | null;
}) {
  const coworkers = new Set(task.coworkers.map((c) => c.username));
  return (
    <aside className="task-side" aria-labelledby="properties-heading">
      <h2 id="properties-heading">Properties</h2>
      <SidePick
        label="Status"
        current={task.status?.key ?? ''}
        options={(choices?.statuses ?? []).map((st) => ({ key: st.key, label: st.name }))}
        onPick={(key) => save({ status: key }, 'Status')}
      />
      <AssigneePick task={task} members={choices?.members ?? null} save={save} />
      <fieldset className="picks">
        <legend>Coworkers</legend>
        {task.coworkers.length === 0 && <p className="muted">none</p>}
        <ul className="chips">
          {task.coworkers.map((c) => (
            <li key={c.username}>
              {c.displayName}{' '}
              <button
                type="button"
                className="link"
                aria-label={`Remove ${c.displayName} from the coworkers`}
                onClick={() => save({ removeCoworkers: [c.username] }, 'Coworkers')}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
        <AddCoworker members={choices?.members ?? null} leaveOut={coworkers} save={save} />
      </fieldset>
      <SidePick
        label="Priority"
        current={task.priority}
        options={PRIORITIES.map((p) => ({ key: p, label: p.toLowerCase() }))}
        onPick={(key) => save({ priority: key as Priority }, 'Priority')}
      />
      <SidePick
        label="Kind"
        current={task.kind}
        options={KINDS.map((k) => ({ key: k, label: k.toLowerCase() }))}
        onPick={(key) => save({ kind: key as TaskKind }, 'Kind')}
      />
      <DueField task={task} save={save} error={error} />
      <fieldset className="picks">
        <legend>Labels</legend>
        {choices?.labels.map((label) => {
          const on = task.labels.some((l) => l.name === label.name);
          return (
            <label key={label.name} className="inline">
              <input
                type="checkbox"
                checked={on}
                // One label added or taken out of what the task has then:
                // another writer's label change stays.
                onChange={() => save(on ? { removeLabels: [label.name] } : { addLabels: [label.name] }, 'Labels')}
              />
              {label.name}
            </label>
          );
        })}
      </fieldset>
      {['status', 'assignee', 'priority', 'kind', 'dueDate', 'addLabels', 'removeLabels', 'addCoworkers', null].map(
        (field) => (
          <FieldProblem key={field ?? 'any'} error={error} field={field} />
        ),
      )}
      <p className="saved" role="status" aria-live="polite">
        {saved ?? ''}
      </p>
      <Facts task={task} />
    </aside>
  );
}

/** The due date, saved when the field is left or on Enter (not at each
 * digit typed), once: Enter then leaving the field writes one time. A live
 * update does not reset the field while someone is changing it. */
function DueField({ task, save, error }: { task: Task; save: Save; error: FieldError | null }) {
  const [value, setValue] = useState(task.dueDate ?? '');
  /** Changed by hand since it was last saved or reset. */
  const dirty = useRef(false);
  const focused = useRef(false);
  /** The value last sent, so that Enter then blur writes once. */
  const committed = useRef<string | null>(null);
  useEffect(() => {
    if (focused.current && dirty.current) return;
    setValue(task.dueDate ?? '');
    dirty.current = false;
  }, [task.dueDate]);
  const commit = () => {
    if (!dirty.current || value === committed.current) return;
    if (value === (task.dueDate ?? '')) {
      dirty.current = false;
      return;
    }
    committed.current = value;
    void save({ dueDate: value === '' ? null : value }, 'Due date').then((ok) => {
      if (ok) dirty.current = false;
      else committed.current = null;
    });
  };
  return (
    <label>
      Due
      <input
        type="date"
        value={value}
        onChange={(e) => {
          dirty.current = true;
          committed.current = null;
          setValue(e.target.value);
        }}
        onFocus={() => (focused.current = true)}
        onBlur={() => {
          focused.current = false;
          commit();
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter') commit();
        }}
        aria-invalid={error?.field === 'dueDate' || undefined}
      />
    </label>
  );
}

/** The assignee: nobody or a member (searched as one types in a project
 * of many; the one assigned is always offered). */
function AssigneePick({ task, members, save }: { task: Task; members: Members | null; save: Save }) {
  const [text, setText] = useState('');
  const found = useMemberSearch(members, text);
  const typed = text.trim() !== '';
  const assignee = task.assignee;
  const people =
    typed || !assignee || found.people.some((p) => p.username === assignee.username)
      ? found.people
      : [assignee, ...found.people];
  return (
    <SidePick
      label="Assignee"
      current={assignee?.username ?? ''}
      shown={assignee ? assignee.displayName : 'nobody'}
      options={[
        ...(typed ? [] : [{ key: '', label: 'nobody' }]),
        ...people.map((p) => ({ key: p.username, label: p.displayName })),
      ]}
      onPick={(key) => save({ assignee: key === '' ? null : key }, 'Assignee')}
      search={
        members && !members.complete
          ? { label: 'Find a member by name', onText: setText, hint: foundHint(found, true) }
          : undefined
      }
    />
  );
}

/** One property picked from a list: arrows and type-ahead browse, and only
 * Enter or a click saves (a native select wrote on every arrow key). */
function SidePick({
  label,
  current,
  shown: named,
  options,
  onPick,
  search,
}: {
  label: string;
  current: string;
  /** What the button says, when the options (a search's) may not hold it. */
  shown?: string;
  options: PickOption[];
  onPick: (key: string) => void;
  search?: PickSearch;
}) {
  const id = useId();
  const shown = named ?? options.find((o) => o.key === current)?.label ?? current;
  return (
    <div className="side-pick">
      <span id={id}>{label}</span>
      <PickMenu
        className="side-menu"
        name={label}
        current={current}
        options={options}
        buttonLabel={`${label}: ${shown}`}
        onPick={onPick}
        tabbable
        search={search}
      >
        {shown}
      </PickMenu>
    </div>
  );
}

/** A coworker picked first, then added with "Add": browsing the members never writes. */
function AddCoworker({
  members,
  leaveOut,
  save,
}: {
  members: Members | null;
  /** The coworkers already there. */
  leaveOut: Set<string>;
  save: Save;
}) {
  const [text, setText] = useState('');
  const found = useMemberSearch(members, text);
  const people = found.people.filter((p) => !leaveOut.has(p.username));
  // The person picked, kept when the search that found them moves on.
  const [pick, setPick] = useState<Person | null>(null);
  return (
    <div className="add-coworker">
      <PickMenu
        className="side-menu"
        name="Add a coworker"
        current={pick ? pick.username : ''}
        options={people.map((p) => ({ key: p.username, label: p.displayName }))}
        buttonLabel={`Add a coworker: ${pick ? pick.displayName : 'choose…'}`}
        onPick={(key) => setPick(people.find((p) => p.username === key) ?? null)}
        tabbable
        search={
          members && !members.complete
            ? { label: 'Find a member by name', onText: setText, hint: foundHint(found, true) }
            : undefined
        }
      >
        {pick ? pick.displayName : 'choose…'}
      </PickMenu>
      <button
        type="button"
        disabled={!pick}
        onClick={async () => {
          if (pick && (await save({ addCoworkers: [pick.username] }, 'Coworkers'))) setPick(null);
        }}
      >
        Add
      </button>
    </div>
  );
}
