// A task's status as a menu button on cards and rows. The list opens on a
// click, Enter, Space or an arrow key. Arrow keys then move within it, and
// only Enter or a click commits; Escape or Tab closes it with nothing
// changed. Browsing the options never moves a card, which a native select
// did on every arrow key.
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import type { Move } from './TaskCard';

export function StatusMenu({ taskRef, current, move }: { taskRef: string; current: string; move: Move }) {
  const { statuses } = move;
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const button = useRef<HTMLButtonElement>(null);
  const id = useId();
  const currentName = statuses.find((s) => s.key === current)?.name ?? current;

  const show = () => {
    setActive(
      Math.max(
        0,
        statuses.findIndex((s) => s.key === current),
      ),
    );
    setOpen(true);
  };
  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  };
  const pick = (index: number) => {
    const chosen = statuses[index];
    close(true);
    if (chosen && chosen.key !== current) move.to(taskRef, chosen.key);
  };

  const onButtonKey = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      // The board's arrow keys walk cards; on the menu they open it.
      event.preventDefault();
      event.stopPropagation();
      show();
    }
  };
  const onListKey = (event: KeyboardEvent) => {
    event.stopPropagation();
    const last = statuses.length - 1;
    const moves: Record<string, number> = {
      ArrowDown: Math.min(last, active + 1),
      ArrowUp: Math.max(0, active - 1),
      Home: 0,
      End: last,
    };
    if (event.key in moves) {
      event.preventDefault();
      setActive(moves[event.key]);
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      pick(active);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
    } else if (event.key === 'Tab') {
      close(false);
    }
  };

  return (
    <div className="status-menu">
      <button
        type="button"
        ref={button}
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-label={`Status of ${taskRef}: ${currentName}`}
        onClick={() => (open ? close(false) : show())}
        onKeyDown={onButtonKey}
      >
        {currentName} <span aria-hidden="true">▾</span>
      </button>
      {open && (
        <ul
          role="listbox"
          aria-label={`Status of ${taskRef}`}
          tabIndex={-1}
          aria-activedescendant={`${id}-${active}`}
          ref={(list) => list?.focus()}
          onKeyDown={onListKey}
          onBlur={(event) => {
            // Focus going to the menu's own button is its click, which closes it.
            const to = event.relatedTarget;
            if (!event.currentTarget.contains(to) && to !== button.current) close(false);
          }}
        >
          {statuses.map((status, index) => (
            <li
              key={status.key}
              id={`${id}-${index}`}
              role="option"
              aria-selected={status.key === current}
              className={index === active ? 'active' : undefined}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => pick(index)}
            >
              {status.name}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
