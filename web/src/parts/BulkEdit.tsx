// Changes the selected tasks of a list together: a status, an assignee,
// a label added or taken out, chosen first and applied by one button (a
// select that wrote on every arrow key would write to every task each
// time). One `updateTask` per task, one after the other, with the
// progress shown and each task's own result: a failure names its task and
// the server's reason. The selection stays (to apply something else, or
// try again) until it is cleared.
import { useId, useState, type FormEvent } from 'react';
import { useMutation } from 'urql';
import { graphql } from '../gql';
import type { UpdateTaskInput } from '../gql/graphql';
import { messageOf } from './Problem';
import type { ProjectChoices } from './Options';
import { MemberField } from './MemberField';

const BulkUpdateTask = graphql(`
  mutation BulkUpdateTask($ref: String!, $input: UpdateTaskInput!) {
    updateTask(ref: $ref, input: $input) {
      ...TaskCardFields
    }
  }
`);

/** "keep" leaves a field as each task has it. */
const KEEP = '';
/** The assignee choice that unassigns. */
const NOBODY = '\u0000nobody';

type Outcome = { ref: string; problem: string | null };

export function BulkEdit({
  refs,
  choices,
  onCancel,
}: {
  refs: string[];
  choices: ProjectChoices;
  onCancel: () => void;
}) {
  const heading = useId();
  const [status, setStatus] = useState(KEEP);
  const [assignee, setAssignee] = useState(KEEP);
  const [label, setLabel] = useState(KEEP);
  const [running, setRunning] = useState<{ done: number; total: number } | null>(null);
  const [outcomes, setOutcomes] = useState<Outcome[]>([]);
  const [, update] = useMutation(BulkUpdateTask);

  const input: UpdateTaskInput = {};
  if (status !== KEEP) input.status = status;
  if (assignee !== KEEP) input.assignee = assignee === NOBODY ? null : assignee;
  if (label.startsWith('+')) input.addLabels = [label.slice(1)];
  if (label.startsWith('-')) input.removeLabels = [label.slice(1)];
  const nothing = Object.keys(input).length === 0;

  const apply = async (event: FormEvent) => {
    event.preventDefault();
    if (nothing || running) return;
    const targets = [...refs];
    const results: Outcome[] = [];
    setOutcomes([]);
    setRunning({ done: 0, total: targets.length });
    for (const ref of targets) {
      const result = await update({ ref, input });
      results.push({ ref, problem: result.error ? messageOf(result.error) : null });
      setOutcomes([...results]);
      setRunning({ done: results.length, total: targets.length });
    }
    setRunning(null);
  };

  const failed = outcomes.filter((o) => o.problem !== null);
  const succeeded = outcomes.length - failed.length;
  return (
    <form className="bulk-edit" aria-labelledby={heading} onSubmit={apply}>
      <h2 id={heading} className="bulk-count">
        {refs.length} selected
      </h2>
      <label>
        Set status
        <select value={status} onChange={(e) => setStatus(e.target.value)}>
          <option value={KEEP}>keep</option>
          {choices.statuses.map((s) => (
            <option key={s.key} value={s.key}>
              {s.name}
            </option>
          ))}
        </select>
      </label>
      {choices.members.complete ? (
        <label>
          Set assignee
          <select value={assignee} onChange={(e) => setAssignee(e.target.value)}>
            <option value={KEEP}>keep</option>
            <option value={NOBODY}>nobody</option>
            {choices.people.map((p) => (
              <option key={p.username} value={p.username}>
                {p.displayName} (@{p.username})
              </option>
            ))}
          </select>
        </label>
      ) : (
        <MemberField
          label="Set assignee"
          members={choices.members}
          value={assignee}
          extra={[
            { key: KEEP, label: 'keep' },
            { key: NOBODY, label: 'nobody' },
          ]}
          onChange={setAssignee}
        />
      )}
      <label>
        Change labels
        <select value={label} onChange={(e) => setLabel(e.target.value)}>
          <option value={KEEP}>keep</option>
          {choices.labels.length > 0 && (
            <>
              <optgroup label="Add">
                {choices.labels.map((l) => (
                  <option key={`+${l.name}`} value={`+${l.name}`}>
                    add {l.name}
                  </option>
                ))}
              </optgroup>
              <optgroup label="Remove">
                {choices.labels.map((l) => (
                  <option key={`-${l.name}`} value={`-${l.name}`}>
                    remove {l.name}
                  </option>
                ))}
              </optgroup>
            </>
          )}
        </select>
      </label>
      <div className="actions">
        <button type="submit" className="primary" disabled={nothing || running !== null}>
          Apply to {refs.length} task{refs.length === 1 ? '' : 's'}
        </button>
        <button type="button" onClick={onCancel} disabled={running !== null}>
          Clear selection
        </button>
      </div>
      <div className="bulk-progress" role="status">
        {running && (
          <>
            <progress value={running.done} max={running.total} aria-label="Tasks updated" /> Updating {running.done} of{' '}
            {running.total}…
          </>
        )}
        {!running && outcomes.length > 0 && (
          <>
            {succeeded} of {outcomes.length} updated{failed.length > 0 ? `, ${failed.length} failed` : ''}.
          </>
        )}
      </div>
      {failed.length > 0 && (
        <ul className="bulk-problems" role="alert" aria-label="Tasks not updated">
          {failed.map((o) => (
            <li key={o.ref}>
              <span className="key">{o.ref}</span>: {o.problem}
            </li>
          ))}
        </ul>
      )}
    </form>
  );
}
