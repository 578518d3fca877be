// Creates a task in a project: title, status, assignee, labels, priority,
// due date and a Markdown description with a preview.
import { useState, type FormEvent } from 'react';
import { useMutation } from 'urql';
import { useLocation } from 'wouter';
import { graphql } from '../gql';
import type { Priority } from '../gql/graphql';
import { fieldError, type FieldError } from './fieldError';
import { FieldProblem } from './FieldProblem';
import { MarkdownField } from './MarkdownField';
import { MemberField } from './MemberField';
import { PeopleOptions, PriorityOptions, StatusOptions, useProjectChoices, type ProjectChoicesRef } from './Options';

export const CreateTask = graphql(`
  mutation CreateTask($input: CreateTaskInput!) {
    createTask(input: $input) {
      id
      ref
      ...TaskCardFields
      ...TaskPlaceFields
    }
  }
`);

export function NewTask({ project, choices }: { project: string; choices: ProjectChoicesRef }) {
  const { statuses, people, labels, members } = useProjectChoices(choices);
  const [open, setOpen] = useState(false);
  const [title, setTitle] = useState('');
  const [status, setStatus] = useState('');
  const [assignee, setAssignee] = useState('');
  const [priority, setPriority] = useState<Priority>('NONE');
  const [dueDate, setDueDate] = useState('');
  const [chosen, setChosen] = useState<string[]>([]);
  const [description, setDescription] = useState('');
  const [error, setError] = useState<FieldError | null>(null);
  const [{ fetching }, create] = useMutation(CreateTask);
  const [, navigate] = useLocation();

  if (!open) {
    return (
      <button type="button" className="primary" data-shortcut="create" onClick={() => setOpen(true)}>
        New task
      </button>
    );
  }
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const result = await create({
      input: {
        project,
        title,
        status: status || null,
        assignee: assignee || null,
        priority,
        dueDate: dueDate || null,
        labels: chosen,
        descriptionMarkdown: description.trim() === '' ? null : description,
      },
    });
    if (result.error) setError(fieldError(result.error));
    else if (result.data) navigate(`/t/${result.data.createTask.ref}`);
  };
  const invalid = (field: string) =>
    error?.field === field ? { 'aria-invalid': true, 'aria-describedby': `error-${field}` } : {};
  return (
    <form className="new-task stack" onSubmit={submit} aria-label="New task">
      <h2>New task in {project}</h2>
      <label>
        Title
        <input value={title} onChange={(e) => setTitle(e.target.value)} required {...invalid('title')} />
      </label>
      <FieldProblem error={error} field="title" />
      <div className="fields">
        <label>
          Status
          <select value={status} onChange={(e) => setStatus(e.target.value)}>
            <option value="">the first</option>
            <StatusOptions statuses={statuses} />
          </select>
        </label>
        {members.complete ? (
          <label>
            Assignee
            <select value={assignee} onChange={(e) => setAssignee(e.target.value)} {...invalid('assignee')}>
              <option value="">nobody</option>
              <PeopleOptions people={people} />
            </select>
          </label>
        ) : (
          <MemberField
            label="Assignee"
            members={members}
            value={assignee}
            extra={[{ key: '', label: 'nobody' }]}
            onChange={setAssignee}
          />
        )}
        <label>
          Priority
          <select value={priority} onChange={(e) => setPriority(e.target.value as Priority)}>
            <PriorityOptions />
          </select>
        </label>
        <label>
          Due
          <input type="date" value={dueDate} onChange={(e) => setDueDate(e.target.value)} {...invalid('dueDate')} />
        </label>
        <label>
          Labels
          <select
            multiple
            value={chosen}
            onChange={(e) => setChosen(Array.from(e.target.selectedOptions, (o) => o.value))}
            {...invalid('labels')}
          >
            {labels.map((l) => (
              <option key={l.name} value={l.name}>
                {l.name}
              </option>
            ))}
          </select>
        </label>
      </div>
      <FieldProblem error={error} field="assignee" />
      <FieldProblem error={error} field="dueDate" />
      <FieldProblem error={error} field="labels" />
      <MarkdownField label="Description (Markdown)" value={description} onChange={setDescription} />
      <FieldProblem error={error} field="description" />
      <FieldProblem error={error} field={null} />
      <div className="actions">
        <button type="submit" className="primary" disabled={fetching}>
          Create
        </button>
        <button type="button" onClick={() => setOpen(false)}>
          Cancel
        </button>
      </div>
    </form>
  );
}
