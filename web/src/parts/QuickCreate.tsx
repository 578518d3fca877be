// A one-line "add a task" at the top of a board column: a title, Enter,
// and the task is made in that column's status (`createTask` takes it).
// The field keeps focus and empties, ready for the next title; the new
// card shows at once (the page's task changes put it in its place; new
// tasks go on top of the board's manual order). The full form (`c`, "New
// task") stays for everything else.
import { useId, useState, type FormEvent } from 'react';
import { useMutation } from 'urql';
import { CreateTask } from './NewTask';
import { fieldError, type FieldError } from './fieldError';
import type { TaskFeed } from '../liveTasks';
import type { ListedTask } from './placement';

export function QuickCreate({
  project,
  status,
  feed,
}: {
  project: string;
  status: { key: string; name: string };
  feed?: TaskFeed;
}) {
  const [title, setTitle] = useState('');
  const [error, setError] = useState<FieldError | null>(null);
  const [{ fetching }, create] = useMutation(CreateTask);
  const problem = useId();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (title.trim() === '' || fetching) return;
    setError(null);
    const result = await create({ input: { project, title, status: status.key } });
    if (result.error) setError(fieldError(result.error));
    else {
      setTitle('');
      const made = result.data?.createTask;
      if (made) feed?.wrote(made as ListedTask, { first: true }, [{ field: 'created', old: null, new: made.ref }]);
    }
  };
  return (
    <form className="quick-create" onSubmit={submit}>
      <input
        value={title}
        onChange={(e) => setTitle(e.target.value)}
        aria-label={`Add a task to ${status.name}`}
        placeholder="+ Add a task"
        autoComplete="off"
        aria-invalid={error !== null || undefined}
        aria-describedby={error !== null ? problem : undefined}
        onKeyDown={(e) => {
          if (e.key === 'Escape' && title !== '') {
            e.preventDefault();
            setTitle('');
            setError(null);
          }
        }}
      />
      {error && (
        <p className="field-error" role="alert" id={problem}>
          {error.text}
        </p>
      )}
    </form>
  );
}
