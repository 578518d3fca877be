// The task page's "More" menu, holding what should not sit one click away
// beside the fields: deleting the task, after a confirmation dialog. A
// menu button: Enter, Space or ↓ open it at its first item, Escape closes
// it with focus back on the button.
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { useMutation } from 'urql';
import { useLocation } from 'wouter';
import { graphql } from '../gql';
import { Dialog } from './Dialog';
import { messageOf } from './Problem';

const DeleteTask = graphql(`
  mutation DeleteTask($ref: String!) {
    deleteTask(ref: $ref) {
      id
      deleted
    }
  }
`);

export function TaskMenu({ taskRef, project }: { taskRef: string; project: string | null }) {
  const [open, setOpen] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useId();

  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  };
  const onMenuKey = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
    } else if (event.key === 'Tab') close(false);
    else if (event.key === 'ArrowDown' || event.key === 'ArrowUp' || event.key === 'Home' || event.key === 'End')
      event.preventDefault(); // one item: it keeps focus
  };

  return (
    <div className="task-menu">
      <button
        type="button"
        ref={button}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menu : undefined}
        onClick={() => setOpen(!open)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown') {
            e.preventDefault();
            setOpen(true);
          }
        }}
      >
        More <span aria-hidden="true">▾</span>
      </button>
      {open && (
        <ul
          id={menu}
          role="menu"
          aria-label="More actions"
          onKeyDown={onMenuKey}
          onBlur={(event) => {
            const to = event.relatedTarget;
            if (!event.currentTarget.contains(to) && to !== button.current) close(false);
          }}
        >
          <li role="none">
            <button
              type="button"
              role="menuitem"
              className="danger-text"
              ref={(item) => item?.focus()}
              onClick={() => {
                setOpen(false);
                setConfirming(true);
              }}
            >
              Delete task…
            </button>
          </li>
        </ul>
      )}
      {confirming && <ConfirmDelete taskRef={taskRef} project={project} onClose={() => setConfirming(false)} />}
    </div>
  );
}

function ConfirmDelete({
  taskRef,
  project,
  onClose,
}: {
  taskRef: string;
  project: string | null;
  onClose: () => void;
}) {
  const heading = useId();
  const [{ fetching }, remove] = useMutation(DeleteTask);
  const [problem, setProblem] = useState<string | null>(null);
  const [, navigate] = useLocation();
  const leaving = useRef(false);
  return (
    <Dialog labelledBy={heading} onClose={onClose} returnFocus={() => !leaving.current}>
      <h2 id={heading}>Delete {taskRef}?</h2>
      <p>It leaves every list and board; its page stays readable by its ref.</p>
      {problem && (
        <p role="alert" className="problem">
          {problem}
        </p>
      )}
      <div className="actions">
        <button type="button" autoFocus onClick={onClose}>
          Cancel
        </button>
        <button
          type="button"
          className="danger"
          disabled={fetching}
          onClick={async () => {
            const result = await remove({ ref: taskRef });
            if (result.error) return setProblem(messageOf(result.error));
            leaving.current = true;
            onClose();
            navigate(project ? `/p/${project}` : '/');
          }}
        >
          Delete task
        </button>
      </div>
    </Dialog>
  );
}
