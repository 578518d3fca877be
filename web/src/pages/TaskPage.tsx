// One task: its title and description beside a sidebar of its properties
// (edited in place by a token that may write), then one timeline of its
// comments and changes, and the agent holding it. Follows `taskEvents` of
// its project: a change anywhere shows here.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useMutation, useQuery } from 'urql';
import { Link } from 'wouter';
import { graphql } from '../gql';
import type { UpdateTaskInput } from '../gql/graphql';
import { useSession } from '../session-context';
import { useTaskEvents } from '../live';
import { Claim } from '../parts/Claim';
import { Html } from '../parts/Html';
import { PageProblem } from '../parts/PageProblem';
import { useProjectChoices } from '../parts/Options';
import { fieldError, type FieldError } from '../parts/fieldError';
import { Timeline } from '../parts/Timeline';
import { EditableProperties, ReadOnlyProperties, type Task } from '../parts/TaskProperties';
import { DescriptionField, TitleField } from '../parts/TaskText';
import { TaskMenu } from '../parts/TaskMenu';
import { SubTasks } from '../parts/SubTasks';
import { formatInstant } from '../parts/dates';

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
      parent {
        ref
        title
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
  // Any change in the project may be a sub-task's (its event names the
  // sub-task): the sub-tasks are read again on each.
  const [projectVersion, setProjectVersion] = useState(0);
  const live = useTaskEvents(data?.task.project?.key ?? null, from, (event) => {
    if (event.task?.ref === taskRef) refresh();
    setProjectVersion((v) => v + 1);
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
          This task was deleted{task.deletedAt ? ` on ${formatInstant(task.deletedAt)}` : ''}; it is out of every list.
        </p>
      )}
      <Claim claim={task.claim} long />
      {agents.map((agent) => (
        <p key={agent.id} className="agent-holds" role="status">
          Agent <strong>{agent.name}</strong> (@{agent.user?.username}) is working on this task
          {agent.status ? `: ${agent.status}` : ''} — last heartbeat {formatInstant(agent.heartbeatAt)}
        </p>
      ))}
      <TaskBody task={task} version={version} projectVersion={projectVersion} />
    </main>
  );
}

/** Title and description, the properties beside them (below them on a
 * phone), then the timeline. */
function TaskBody({ task, version, projectVersion }: { task: Task; version: number; projectVersion: number }) {
  const { readOnly } = useSession();
  const choices = useProjectChoices(task.project);
  const [, update] = useMutation(UpdateTask);
  const [error, setError] = useState<FieldError | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const editable = !readOnly && !task.deleted;

  const save = async (input: UpdateTaskInput, what: string, expectedRevision?: number) => {
    setError(null);
    setSaved(null);
    // Text is written only over the revision it was read at when its
    // editing began: a title or description someone changed meanwhile is
    // not overwritten unseen (a live re-read moves task.revision on).
    const text = 'title' in input || 'description' in input || 'descriptionMarkdown' in input;
    const result = await update({
      ref: task.ref,
      input,
      expectedRevision: text ? (expectedRevision ?? task.revision) : null,
    });
    if (result.error) setError(fieldError(result.error));
    else setSaved(`${what} saved`);
    return !result.error;
  };

  return (
    <div className="task-layout">
      <div className="task-main">
        {editable ? (
          <>
            <TitleField
              task={task}
              save={save}
              error={error}
              menu={<TaskMenu taskRef={task.ref} project={task.project?.key ?? null} />}
            />
            <DescriptionField task={task} save={save} error={error} />
          </>
        ) : (
          <>
            <h1>
              <span className="key">{task.ref}</span> {task.title}
            </h1>
            <section aria-label="Description">
              <h2>Description</h2>
              {task.description ? <Html html={task.description} /> : <p className="muted">No description.</p>}
            </section>
          </>
        )}
        <SubTasks
          taskRef={task.ref}
          project={task.project?.key ?? null}
          version={version + projectVersion}
          canAdd={editable}
        />
      </div>
      {editable ? (
        <EditableProperties task={task} choices={choices} save={save} error={error} saved={saved} />
      ) : (
        <ReadOnlyProperties task={task} />
      )}
      <div className="task-timeline">
        <Timeline taskRef={task.ref} version={version} statuses={choices?.statuses} writable={!task.deleted} />
      </div>
    </div>
  );
}
