// A task as a card (board) or a row (list): what the board shows and no
// more (ref, title, the assignee's initials, labels, a priority icon, the
// due date in words, the agent holding it); the selection below is all a
// card costs the server. A token that may write gets the status, priority
// and assignee menus on it (`s`, `p`, `a`).
import { memo, type DragEvent } from 'react';
import { Link } from 'wouter';
import { graphql, useFragment, type FragmentType } from '../gql';
import type { Priority as PriorityValue, TaskCardFieldsFragment } from '../gql/graphql';
import { Claim } from './Claim';
import { StatusMenu } from './StatusMenu';
import { Priority } from './PriorityIcon';
import { Avatar } from './People';
import { AssigneeMenu } from './AssigneeMenu';
import { PriorityMenu } from './PriorityMenu';
import { dueWords, today } from './dates';
import { dragEnded, dragStarted } from './drag';
import type { Members } from './members';
import type { BoardPlace } from './placement';

export const TaskCardFields = graphql(`
  fragment TaskCardFields on Task {
    id
    ref
    title
    done
    priority
    dueDate
    createdAt
    updatedAt
    status {
      key
      name
    }
    assignee {
      username
      displayName
    }
    labels {
      name
      color
    }
    claim {
      ...ClaimFields
    }
  }
`);

export type CardTask = TaskCardFieldsFragment;
/** A task as a page of tasks holds it: what only a card or row reads. */
export type CardTaskRef = FragmentType<typeof TaskCardFields>;

export const DRAG_TYPE = 'application/x-tasklens-task';

export function Labels({ labels }: { labels: CardTask['labels'] }) {
  if (labels.length === 0) return null;
  return (
    <ul className="labels" aria-label="Labels">
      {labels.map((label) => (
        <li key={label.name} className="label" data-color={label.color ?? undefined}>
          <span className="swatch" aria-hidden="true" ref={(el) => paint(el, label.color)} />
          {label.name}
        </li>
      ))}
    </ul>
  );
}

/** Colours come from the API as `#rrggbb`; anything else is not painted. */
function paint(el: HTMLElement | null, color: string | null | undefined) {
  if (el !== null && color && /^#[0-9a-fA-F]{6}$/.test(color)) el.style.backgroundColor = color;
}

// Rows draw the priority too (with its word beside the icon).
export { Priority } from './PriorityIcon';

/** The due date in words, relative to today, with the date itself in the
 * element (`datetime`) and its tooltip. */
export function Due({ date, done }: { date: string | null | undefined; done: boolean }) {
  if (!date) return null;
  const late = !done && date < today();
  return (
    <time className={late ? 'due late' : 'due'} dateTime={date} title={`Due ${date}`}>
      {dueWords(date, done)}
    </time>
  );
}

/** What a token that may write can change on a card or row. */
export interface Move {
  statuses: { key: string; name: string }[];
  /** To another status (null: the same), and with `place` to a place in the board's order. */
  to: (ref: string, status: string | null, place?: BoardPlace) => void;
  /** The project's members, to assign. */
  members: Members;
  assign: (ref: string, username: string | null) => void;
  prioritize: (ref: string, priority: PriorityValue) => void;
}

/** A card; with `move` (a token that may write) it can be dragged to
 * another column or place, or moved with its menus from the keyboard.
 * Drawn again only when its task (or `move`) is another: a live change
 * redraws one card, not the board. */
export const TaskCard = memo(function TaskCard({ move, ...props }: { task: CardTaskRef; move?: Move }) {
  const task = useFragment(TaskCardFields, props.task);
  const onDragStart = (event: DragEvent) => {
    event.dataTransfer.setData(DRAG_TYPE, task.ref);
    event.dataTransfer.setData('text/plain', task.ref);
    event.dataTransfer.effectAllowed = 'move';
    dragStarted(task.ref);
  };
  return (
    <article
      className={task.done ? 'card done' : 'card'}
      draggable={move !== undefined}
      onDragStart={move ? onDragStart : undefined}
      onDragEnd={move ? dragEnded : undefined}
      data-ref={task.ref}
      aria-label={`${task.ref} ${task.title}`}
    >
      <Link href={`/t/${task.ref}`} className="card-title">
        <span className="key">{task.ref}</span> {task.title}
      </Link>
      <Labels labels={task.labels} />
      <Claim claim={task.claim} />
      <div className="card-meta">
        {move && <StatusMenu taskRef={task.ref} current={task.status?.key ?? ''} move={move} />}
        {move ? (
          <PriorityMenu taskRef={task.ref} current={task.priority} move={move} />
        ) : (
          <Priority priority={task.priority} />
        )}
        <Due date={task.dueDate} done={task.done} />
        <span className="card-people">
          {move ? (
            <AssigneeMenu taskRef={task.ref} assignee={task.assignee} move={move} />
          ) : (
            task.assignee && <Avatar person={task.assignee} label="Assigned to" />
          )}
        </span>
      </div>
    </article>
  );
});
