// A task's status as a menu button on cards and rows. The list opens on a
// click, Enter, Space or an arrow key. Arrow keys then move within it, and
// only Enter or a click commits; Escape or Tab closes it with nothing
// changed. Browsing the options never moves a card, which a native select
// did on every arrow key. The list is placed against the viewport (fixed),
// below the button or above it when the screen ends first, so that a
// column's scroll box never clips it; it follows the button on a scroll.
import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { Move } from './TaskCard';

export function StatusMenu({ taskRef, current, move }: { taskRef: string; current: string; move: Move }) {
  const { statuses } = move;
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const button = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLUListElement>(null);
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

  // Placed before it is painted; styles set through the DOM (the CSP
  // forbids inline style attributes, not this).
  useLayoutEffect(() => {
    if (open && button.current && list.current) place(button.current, list.current);
  }, [open]);
  useEffect(() => {
    if (!open) return;
    // A scroll anywhere (the column, the board, the page; a re-read that
    // moves the column's content) moves the button: the list follows it.
    const follow = (event: Event) => {
      if (event.target instanceof Node && list.current?.contains(event.target)) return;
      if (button.current && list.current) place(button.current, list.current);
    };
    window.addEventListener('scroll', follow, true);
    window.addEventListener('resize', follow);
    return () => {
      window.removeEventListener('scroll', follow, true);
      window.removeEventListener('resize', follow);
    };
  }, [open]);

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
        // Out of the Tab order: a card is one Tab stop, and `s` opens this.
        tabIndex={-1}
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
          ref={(element) => {
            list.current = element;
            element?.focus({ preventScroll: true });
          }}
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

/** Puts `menu` under `anchor`, or above it when it would run off the
 * bottom of the viewport and there is more room above. */
function place(anchor: HTMLElement, menu: HTMLElement) {
  const gap = 4;
  const at = anchor.getBoundingClientRect();
  const height = menu.offsetHeight;
  const below = window.innerHeight - at.bottom - gap;
  const top = height > below && at.top > below ? Math.max(gap, at.top - gap - height) : at.bottom + gap;
  const left = Math.min(at.left, window.innerWidth - menu.offsetWidth - gap);
  menu.style.top = `${top}px`;
  menu.style.left = `${Math.max(gap, left)}px`;
  menu.style.minWidth = `${at.width}px`;
}
