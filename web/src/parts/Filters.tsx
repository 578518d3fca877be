// The task filters a person sets above a board or a list (the form; the
// view they make and its address are in view.ts).
import type { TaskOrder } from '../gql/graphql';
import { useProjectChoices, type ProjectChoicesRef } from './Options';
import { MemberField } from './MemberField';
import type { FilterState } from './view';

const ORDERS: { value: TaskOrder; name: string }[] = [
  { value: 'BOARD', name: 'Board order' },
  { value: 'UPDATED', name: 'Recently active' },
  { value: 'CREATED', name: 'Recently created' },
  { value: 'REF', name: 'By number' },
  { value: 'DUE', name: 'Due soonest' },
];

export interface Choices {
  /** The project whose members and labels are offered; without one, an
   * assignee and a label are typed. */
  project?: ProjectChoicesRef;
  /** Its statuses are offered too (a board's columns already are them). */
  statuses?: boolean;
  /** The list is the viewer's own: no assignee to choose. */
  noAssignee?: boolean;
}

export function Filters({
  id,
  state,
  onChange,
  onClear,
  choices,
  className,
}: {
  id?: string;
  state: FilterState;
  onChange: (next: FilterState) => void;
  onClear: () => void;
  choices: Choices;
  className?: string;
}) {
  const project = useProjectChoices(choices.project);
  const set = <K extends keyof FilterState>(key: K, value: FilterState[K]) => onChange({ ...state, [key]: value });
  return (
    <form
      id={id}
      className={className ? `filters ${className}` : 'filters'}
      role="search"
      aria-label="Filter tasks"
      onSubmit={(e) => e.preventDefault()}
    >
      <label>
        Text
        <input type="search" value={state.text} onChange={(e) => set('text', e.target.value)} placeholder="words" />
      </label>
      {project && choices.statuses && (
        <label>
          Status
          <select value={state.status} onChange={(e) => set('status', e.target.value)}>
            <option value="">any</option>
            {project.statuses.map((s) => (
              <option key={s.key} value={s.key}>
                {s.name}
              </option>
            ))}
          </select>
        </label>
      )}
      {!choices.noAssignee && project && !project.members.complete && (
        <MemberField
          label="Assignee"
          members={project.members}
          value={state.assignee}
          extra={[
            { key: '', label: 'anyone' },
            { key: 'me', label: 'me' },
          ]}
          onChange={(username) => set('assignee', username)}
        />
      )}
      {!choices.noAssignee && !(project && !project.members.complete) && (
        <label>
          Assignee
          {project ? (
            <select value={state.assignee} onChange={(e) => set('assignee', e.target.value)}>
              <option value="">anyone</option>
              <option value="me">me</option>
              {project.people.map((p) => (
                <option key={p.username} value={p.username}>
                  {p.displayName} (@{p.username})
                </option>
              ))}
            </select>
          ) : (
            <input value={state.assignee} onChange={(e) => set('assignee', e.target.value)} placeholder="username" />
          )}
        </label>
      )}
      <label>
        Label
        {project ? (
          <select value={state.label} onChange={(e) => set('label', e.target.value)}>
            <option value="">any</option>
            {project.labels.map((l) => (
              <option key={l.name} value={l.name}>
                {l.name}
              </option>
            ))}
          </select>
        ) : (
          <input value={state.label} onChange={(e) => set('label', e.target.value)} placeholder="label name" />
        )}
      </label>
      <label>
        Due before
        <input type="date" value={state.dueBefore} onChange={(e) => set('dueBefore', e.target.value)} />
      </label>
      <label className="inline">
        <input type="checkbox" checked={state.unscheduled} onChange={(e) => set('unscheduled', e.target.checked)} />
        No due date
      </label>
      <label>
        Done
        <select value={state.done} onChange={(e) => set('done', e.target.value as FilterState['done'])}>
          <option value="all">open and done</option>
          <option value="open">open only</option>
          <option value="done">done only</option>
        </select>
      </label>
      <label>
        Order
        <select value={state.order} onChange={(e) => set('order', e.target.value as TaskOrder)}>
          {/* The board's manual order is a project's: not across projects. */}
          {ORDERS.filter((o) => o.value !== 'BOARD' || choices.project).map((o) => (
            <option key={o.value} value={o.value}>
              {o.name}
            </option>
          ))}
        </select>
      </label>
      <button type="button" onClick={onClear}>
        Clear filters
      </button>
    </form>
  );
}
