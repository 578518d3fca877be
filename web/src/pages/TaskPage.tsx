// One task: its fields (edited in place by a token that may write), the
// description rendered from its sanitized HTML, comments outline-first (one
// expanded at a time), the change log, and the agent holding it. Follows
// `taskEvents` of its project: a change anywhere shows here.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useMutation, useQuery, type OperationResult } from 'urql';
import { Link, useLocation } from 'wouter';
import { graphql } from '../gql';
import type { DescriptionMarkdownQuery, Priority, TaskPageDetailsQuery, UpdateTaskInput } from '../gql/graphql';
import { useSession } from '../session-context';
import { useTaskEvents } from '../live';
import { Claim } from '../parts/Claim';
import { Html } from '../parts/Html';
import { PageProblem } from '../parts/PageProblem';
import { Due, Labels } from '../parts/TaskCard';
import { FieldProblem } from '../parts/FieldProblem';
import { PeopleOptions, PriorityOptions, StatusOptions, useProjectChoices } from '../parts/Options';
import { fieldError, type FieldError } from '../parts/fieldError';
import { MarkdownField } from '../parts/MarkdownField';
import { Comments } from '../parts/Comments';
import { ChangeLog } from '../parts/ChangeLog';

const TaskPageDetails = graphql(`
  query TaskPageDetails($ref: String!) {
    task(ref: $ref) {
      id
      ref
      title
      description
      done
      deleted
      deletedAt
      priority
      kind
      dueDate
      createdAt
      updatedAt
      completedAt
      commentCount
      revision
      status {
        key
        name
      }
      assignee {
        username
        displayName
      }
      coworkers {
        username
        displayName
      }
      labels {
        name
        color
      }
      createdBy {
        username
        displayName
      }
      claim {
        ...ClaimFields
      }
      project {
        key
        name
        lastEventCursor
        ...ProjectChoicesFields
      }
    }
    agentSessions(active: true, first: 100) {
      nodes {
        id
        name
        status
        heartbeatAt
        user {
          username
        }
        task {
          ref
        }
      }
    }
  }
`);

const UpdateTask = graphql(`
  mutation UpdateTask($ref: String!, $input: UpdateTaskInput!, $expectedRevision: Int) {
    updateTask(ref: $ref, input: $input, expectedRevision: $expectedRevision) {
      id
      ref
      updatedAt
      revision
    }
  }
`);

const DeleteTask = graphql(`
  mutation DeleteTask($ref: String!) {
    deleteTask(ref: $ref) {
      id
      deleted
    }
  }
`);

type Task = TaskPageDetailsQuery['task'];

export function TaskPage({ taskRef }: { taskRef: string }) {
  // Read fresh: its project's `lastEventCursor` is where the live events start.
  const [{ data, error }, reexecute] = useQuery({
    query: TaskPageDetails,
    variables: { ref: taskRef },
    requestPolicy: 'network-only',
  });
  const [version, setVersion] = useState(0);
  const refresh = useCallback(() => {
    reexecute({ requestPolicy: 'network-only' });
    setVersion((v) => v + 1);
  }, [reexecute]);
  // Started from the cursor of the first read, kept while the page is open.
  const [from, setFrom] = useState<string | null | undefined>(undefined);
  const cursor = data?.task.project?.lastEventCursor;
  useEffect(() => {
    if (data && from === undefined) setFrom(cursor ?? null);
  }, [data, cursor, from]);
  const live = useTaskEvents(data?.task.project?.key ?? null, from, (event) => {
    if (event.task?.ref === taskRef) refresh();
  });
  const was = useRef(live);
  useEffect(() => {
    if (was.current === 'reconnecting' && live === 'live') refresh();
    was.current = live;
  }, [live, refresh]);

  if (error && !data) return <PageProblem error={error} what={taskRef} />;
  if (!data)
    return (
      <main className="page">
        <p className="loading">Loading {taskRef}…</p>
      </main>
    );
  const task = data.task;
  const agents = data.agentSessions.nodes.filter((s) => s.task?.ref === task.ref);
  return (
    <main className="page task-page">
      <p className="crumbs">
        {task.project && (
          <Link href={`/p/${task.project.key}`}>
            {task.project.key} {task.project.name}
          </Link>
        )}
      </p>
      {task.deleted && (
        <p className="notice" role="status">
          This task was deleted{task.deletedAt ? ` on ${task.deletedAt.slice(0, 10)}` : ''}; it is out of every list.
        </p>
      )}
      <Claim claim={task.claim} long />
      {agents.map((agent) => (
        <p key={agent.id} className="agent-holds" role="status">
          Agent <strong>{agent.name}</strong> (@{agent.user?.username}) is working on this task
          {agent.status ? `: ${agent.status}` : ''} — last heartbeat {agent.heartbeatAt.replace('T', ' ').slice(0, 19)}
        </p>
      ))}
      <TaskFields task={task} />
      <Comments taskRef={task.ref} count={task.commentCount} version={version} writable={!task.deleted} />
      <ChangeLog taskRef={task.ref} version={version} />
    </main>
  );
}

function TaskFields({ task }: { task: Task }) {
  const { readOnly } = useSession();
  const choices = useProjectChoices(task.project);
  const [, update] = useMutation(UpdateTask);
  const [, remove] = useMutation(DeleteTask);
  const [error, setError] = useState<FieldError | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const [, navigate] = useLocation();
  const editable = !readOnly && !task.deleted;

  const save = async (input: UpdateTaskInput, what: string) => {
    setError(null);
    setSaved(null);
    // Text is written only over the revision it was read at: a title or
    // description someone changed meanwhile is not overwritten unseen.
    const text = 'title' in input || 'description' in input || 'descriptionMarkdown' in input;
    const result = await update({ ref: task.ref, input, expectedRevision: text ? task.revision : null });
    if (result.error) setError(fieldError(result.error));
    else setSaved(`${what} saved`);
    return !result.error;
  };

  if (!editable) {
    return (
      <section aria-label="Task">
        <h1>
          <span className="key">{task.ref}</span> {task.title}
        </h1>
        <dl className="facts">
          <dt>Status</dt>
          <dd>{task.status?.name}</dd>
          <dt>Assignee</dt>
          <dd>{task.assignee ? `${task.assignee.displayName} (@${task.assignee.username})` : 'nobody'}</dd>
          <dt>Priority</dt>
          <dd>{task.priority.toLowerCase()}</dd>
          <dt>Due</dt>
          <dd>{task.dueDate ? <Due date={task.dueDate} done={task.done} /> : 'no due date'}</dd>
          <dt>Labels</dt>
          <dd>{task.labels.length ? <Labels labels={task.labels} /> : 'none'}</dd>
        </dl>
        <h2>Description</h2>
        {task.description ? <Html html={task.description} /> : <p className="muted">No description.</p>}
      </section>
    );
  }

  return (
    <section aria-label="Task">
      <TitleField task={task} save={save} error={error} />
      <div className="fields" role="group" aria-label="Fields">
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
            <PeopleOptions people={choices?.people ?? []} />
          </select>
        </label>
        <label>
          Priority
          <select value={task.priority} onChange={(e) => save({ priority: e.target.value as Priority }, 'Priority')}>
            <PriorityOptions />
          </select>
        </label>
        <DueField task={task} save={save} error={error} />
        <fieldset className="label-picks">
          <legend>Labels</legend>
          {choices?.labels.map((label) => {
            const on = task.labels.some((l) => l.name === label.name);
            return (
              <label key={label.name} className="inline">
                <input
                  type="checkbox"
                  checked={on}
                  onChange={() =>
                    // One label added or taken out of what the task has then:
                    // another writer's label change stays.
                    save(on ? { removeLabels: [label.name] } : { addLabels: [label.name] }, 'Labels')
                  }
                />
                {label.name}
              </label>
            );
          })}
        </fieldset>
      </div>
      {['status', 'assignee', 'priority', 'dueDate', 'addLabels', 'removeLabels', null].map((field) => (
        <FieldProblem key={field ?? 'any'} error={error} field={field} />
      ))}
      <p className="saved" role="status" aria-live="polite">
        {saved ?? ''}
      </p>
      <DescriptionField task={task} save={save} error={error} />
      <button
        type="button"
        className="danger"
        onClick={async () => {
          if (!window.confirm(`Delete ${task.ref}? It leaves every list; its page stays readable.`)) return;
          const result = await remove({ ref: task.ref });
          if (result.error) setError(fieldError(result.error));
          else navigate(`/p/${task.project?.key ?? ''}`);
        }}
      >
        Delete task
      </button>
    </section>
  );
}

type Save = (input: UpdateTaskInput, what: string) => Promise<boolean>;

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

function TitleField({ task, save, error }: { task: Task; save: Save; error: FieldError | null }) {
  const [editing, setEditing] = useState(false);
  const [title, setTitle] = useState(task.title);
  if (!editing) {
    return (
      <div className="title-row">
        <h1>
          <span className="key">{task.ref}</span> {task.title}
        </h1>
        <button
          type="button"
          onClick={() => {
            setTitle(task.title);
            setEditing(true);
          }}
        >
          Edit title
        </button>
      </div>
    );
  }
  return (
    <form
      className="title-edit"
      onSubmit={async (e) => {
        e.preventDefault();
        if (await save({ title }, 'Title')) setEditing(false);
      }}
    >
      <label>
        Title
        <input
          value={title}
          onChange={(e) => setTitle(e.target.value)}
          aria-invalid={error?.field === 'title' || undefined}
          aria-describedby={error?.field === 'title' ? 'error-title' : undefined}
        />
      </label>
      <button type="submit" className="primary">
        Save title
      </button>
      <button type="button" onClick={() => setEditing(false)}>
        Cancel
      </button>
      <FieldProblem error={error} field="title" />
    </form>
  );
}

function DescriptionField({ task, save, error }: { task: Task; save: Save; error: FieldError | null }) {
  const [editing, setEditing] = useState<string | null>(null);
  const [original, setOriginal] = useState('');
  const [{ fetching }, load] = useDescriptionMarkdown(task.ref);
  if (editing === null) {
    return (
      <section aria-label="Description">
        <div className="title-row">
          <h2>Description</h2>
          <button
            type="button"
            disabled={fetching}
            onClick={async () => {
              const text = await load();
              if (text !== null) {
                setOriginal(text);
                setEditing(text);
              }
            }}
          >
            Edit description
          </button>
        </div>
        {task.description ? <Html html={task.description} /> : <p className="muted">No description.</p>}
      </section>
    );
  }
  return (
    <form
      aria-label="Description"
      onSubmit={async (e) => {
        e.preventDefault();
        // Unchanged: nothing to write (a round trip through Markdown is not free).
        if (editing === original || (await save({ descriptionMarkdown: editing }, 'Description'))) setEditing(null);
      }}
    >
      <MarkdownField label="Description (Markdown)" value={editing} onChange={setEditing} rows={12} />
      <FieldProblem error={error} field="description" />
      <button type="submit" className="primary">
        Save description
      </button>
      <button type="button" onClick={() => setEditing(null)}>
        Cancel
      </button>
    </form>
  );
}

const DescriptionMarkdown = graphql(`
  query DescriptionMarkdown($ref: String!, $cursor: Int!) {
    task(ref: $ref) {
      id
      descriptionText(format: MARKDOWN, maxChars: 200000, cursor: $cursor) {
        text
        next
      }
    }
  }
`);

/** The whole description as Markdown, read window by window when an edit starts. */
function useDescriptionMarkdown(ref: string): [{ fetching: boolean }, () => Promise<string | null>] {
  const { connection } = useSession();
  const [fetching, setFetching] = useState(false);
  const load = useCallback(async () => {
    setFetching(true);
    try {
      let text = '';
      let cursor: number | null | undefined = 0;
      while (cursor !== null && cursor !== undefined) {
        const result: OperationResult<DescriptionMarkdownQuery> = await connection.graphql
          .query(DescriptionMarkdown, { ref, cursor }, { requestPolicy: 'network-only' })
          .toPromise();
        if (result.error || !result.data) return null;
        const piece = result.data.task.descriptionText;
        text += piece?.text ?? '';
        cursor = piece?.next;
      }
      return text;
    } finally {
      setFetching(false);
    }
  }, [connection, ref]);
  return [{ fetching }, load];
}
