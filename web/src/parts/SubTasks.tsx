// A task's sub-tasks (the tasks whose parent it is), with how many are
// done, and a one-line form that adds one (`createTask` with `parent`).
// Read again when `version` moves: any change in the project may be a
// sub-task's, and a live event names the sub-task, not its parent.
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useMutation, useQuery } from 'urql';
import { Link } from 'wouter';
import { graphql } from '../gql';
import { CreateTask } from './NewTask';
import { fieldError, type FieldError } from './fieldError';
import { Problem } from './Problem';
import { useDebounced } from './useDebounced';
import { Avatar } from './People';

/** Past this many, the list says how many more there are (the count stays whole). */
const SHOWN = 100;

const SubTaskList = graphql(`
  query SubTaskList($parent: String!, $first: Int!) {
    all: tasks(filter: { parent: $parent }, order: REF, first: $first) {
      totalCount
      nodes {
        id
        ref
        title
        done
        status {
          key
          name
        }
        assignee {
          username
          displayName
        }
      }
    }
    finished: tasks(filter: { parent: $parent, done: true }, first: 0) {
      totalCount
    }
  }
`);

export function SubTasks({
  taskRef,
  project,
  version,
  canAdd,
}: {
  taskRef: string;
  project: string | null;
  version: number;
  canAdd: boolean;
}) {
  const heading = useId();
  const progress = useId();
  const [{ data, error }, reexecute] = useQuery({
    query: SubTaskList,
    variables: { parent: taskRef, first: SHOWN },
    requestPolicy: 'cache-and-network',
  });
  // A burst of events (a bulk edit, an agent at work) is one read.
  const settled = useDebounced(version, 150);
  const firstVersion = useRef(settled);
  useEffect(() => {
    if (settled !== firstVersion.current) reexecute({ requestPolicy: 'network-only' });
  }, [settled, reexecute]);

  const total = data?.all.totalCount ?? 0;
  const done = data?.finished.totalCount ?? 0;
  return (
    <section className="subtasks" aria-labelledby={heading}>
      <h2 id={heading}>Sub-tasks</h2>
      {error && !data && <Problem error={error} />}
      {data && total === 0 && <p className="muted">No sub-tasks.</p>}
      {data && total > 0 && (
        <>
          <p className="subtask-progress">
            <span id={progress}>
              {done} of {total} done
            </span>
            <progress value={done} max={total} aria-labelledby={progress} />
          </p>
          <ul className="subtask-list">
            {data.all.nodes.map((t) => (
              <li key={t.id} className={t.done ? 'done' : undefined}>
                <Link href={`/t/${t.ref}`}>
                  <span className="key">{t.ref}</span> {t.title}
                </Link>
                <span className="muted">{t.status?.name}</span>
                {t.assignee && <Avatar person={t.assignee} label="Assigned to" />}
              </li>
            ))}
          </ul>
          {total > data.all.nodes.length && (
            <p className="muted">
              and {total - data.all.nodes.length} more (find them with the parent filter of the API)
            </p>
          )}
        </>
      )}
      {canAdd && project !== null && (
        <AddSubTask parent={taskRef} project={project} onAdded={() => reexecute({ requestPolicy: 'network-only' })} />
      )}
    </section>
  );
}

/** A title, Enter: the new task is made in the same project, under this one. */
function AddSubTask({ parent, project, onAdded }: { parent: string; project: string; onAdded: () => void }) {
  const [title, setTitle] = useState('');
  const [error, setError] = useState<FieldError | null>(null);
  const [{ fetching }, create] = useMutation(CreateTask);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (title.trim() === '') return;
    setError(null);
    const result = await create({ input: { project, parent, title } });
    if (result.error) return setError(fieldError(result.error));
    setTitle('');
    onAdded();
  };
  return (
    <form className="add-subtask" onSubmit={submit}>
      <label>
        Add a sub-task
        <input
          value={title}
          onChange={(e) => setTitle(e.target.value)}
          placeholder="What needs doing, then Enter"
          aria-invalid={error !== null || undefined}
        />
      </label>
      <button type="submit" disabled={fetching || title.trim() === ''}>
        Add sub-task
      </button>
      {error && (
        <p className="field-error" role="alert">
          {error.text}
        </p>
      )}
    </form>
  );
}
