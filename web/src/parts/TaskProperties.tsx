// The task page's sidebar: every property of the task (status, assignee,
// coworkers, priority, kind, labels, due date, parent, creator), as
// controls for a token that may write and as a list of facts otherwise.
// Each control saves on its own; a change that fails says so beside it.
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import type { Priority, TaskKind, TaskPageDetailsQuery, UpdateTaskInput } from '../gql/graphql';
import { Due, Labels } from './TaskCard';
import { FieldProblem } from './FieldProblem';
import { PeopleOptions, PriorityOptions, StatusOptions, type ProjectChoices } from './Options';
import type { FieldError } from './fieldError';
import { formatInstant } from './dates';

export type Task = TaskPageDetailsQuery['task'];
export type Save = (input: UpdateTaskInput, what: string) => Promise<boolean>;

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
  const people = choices?.people ?? [];
  const coworkers = new Set(task.coworkers.map((c) => c.username));
  return (
    <aside className="task-side" aria-labelledby="properties-heading">
      <h2 id="properties-heading">Properties</h2>
      <label>
        Status
        <select value={task.status?.key ?? ''} onChange={(e) => save({ status: e.target.value }, 'Status')}>
          <StatusOptions statuses={choices?.statuses ?? []} />
        </select>
      </label>
      <label>
        Assignee
        <select
          value={task.assignee?.username ?? ''}
          onChange={(e) => save({ assignee: e.target.value === '' ? null : e.target.value }, 'Assignee')}
        >
          <option value="">nobody</option>
          <PeopleOptions people={people} />
        </select>
      </label>
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
        <select
          aria-label="Add a coworker"
          value=""
          onChange={(e) => e.target.value && save({ addCoworkers: [e.target.value] }, 'Coworkers')}
        >
          <option value="">add a coworker…</option>
          <PeopleOptions people={people.filter((p) => !coworkers.has(p.username))} />
        </select>
      </fieldset>
      <label>
        Priority
        <select value={task.priority} onChange={(e) => save({ priority: e.target.value as Priority }, 'Priority')}>
          <PriorityOptions />
        </select>
      </label>
      <label>
        Kind
        <select value={task.kind} onChange={(e) => save({ kind: e.target.value as TaskKind }, 'Kind')}>
          {KINDS.map((k) => (
            <option key={k} value={k}>
              {k.toLowerCase()}
            </option>
          ))}
        </select>
      </label>
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

/** The due date, saved when the field is left (not at each digit typed). */
function DueField({ task, save, error }: { task: Task; save: Save; error: FieldError | null }) {
  const [value, setValue] = useState(task.dueDate ?? '');
  useEffect(() => setValue(task.dueDate ?? ''), [task.dueDate]);
  const commit = () => {
    if (value !== (task.dueDate ?? '')) void save({ dueDate: value === '' ? null : value }, 'Due date');
  };
  return (
    <label>
      Due
      <input
        type="date"
        value={value}
        onChange={(e) => setValue(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === 'Enter') commit();
        }}
        aria-invalid={error?.field === 'dueDate' || undefined}
      />
    </label>
  );
}
