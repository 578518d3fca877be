// A menu button that picks one value for a task (its status, its
// assignee) on cards and rows. The list opens on a click, Enter, Space or
// an arrow key. Arrow keys (and typing a name's first letters) then move
// within it, and only Enter or a click commits; Escape or Tab closes it
// with nothing changed. Browsing the options never writes, which a native
// select did on every arrow key. With `search` (a project's many members)
// a field atop the list takes what is typed instead, and the owner
// narrows the options to it on the server. The list is placed against the viewport
// (fixed), below the button or above it when the screen ends first, so
// that a column's scroll box never clips it; it follows the button on a
// scroll.
import {
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
  type ReactNode,
} from 'react';

export interface PickOption {
  key: string;
  label: string;
}

/** A menu whose options the owner finds from what is typed. */
export interface PickSearch {
  /** The field's name: "Find a member". */
  label: string;
  /** Told what is typed ('' when the menu opens or closes). */
  onText: (text: string) => void;
  /** Under the options: "Searching…", "More match: keep typing". */
  hint: string | null;
}

export function PickMenu({
  className,
  name,
  current,
  options,
  buttonLabel,
  children,
  onPick,
  tabbable = false,
  search,
}: {
  /** `status-menu`, `priority-menu`, `assignee-menu`: what the board's keys (`s`, `p`, `a`) look for. */
  className: string;
  /** The list's name, "Status of DEMO-3". */
  name: string;
  current: string;
  options: PickOption[];
  /** The button's name, with the current value: "Status of DEMO-3: To do". */
  buttonLabel: string;
  /** What the button shows. */
  children: ReactNode;
  onPick: (key: string) => void;
  /** A Tab stop of its own (the task page's sidebar), not one key on a card. */
  tabbable?: boolean;
  search?: PickSearch;
}) {
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const [text, setText] = useState('');
  const typed = useRef({ text: '', at: 0 });
  const button = useRef<HTMLButtonElement>(null);
  /** What is placed against the viewport: the list, or the search box holding it. */
  const list = useRef<HTMLElement | null>(null);
  const id = useId();
  const onText = search?.onText;
  const focusField = useCallback((element: HTMLInputElement | null) => element?.focus({ preventScroll: true }), []);

  const show = () => {
    setActive(
      Math.max(
        0,
        options.findIndex((o) => o.key === current),
      ),
    );
    setText('');
    onText?.('');
    setOpen(true);
  };
  const close = (refocus: boolean) => {
    setOpen(false);
    if (text !== '') {
      setText('');
      onText?.('');
    }
    if (refocus) button.current?.focus();
  };
  // Options found anew (a search answered): the first is the one Enter takes.
  const keys = options.map((o) => o.key).join('\n');
  const lastKeys = useRef(keys);
  useEffect(() => {
    if (lastKeys.current === keys) return;
    lastKeys.current = keys;
    if (search) setActive(0);
  }, [keys, search]);
  const pick = (index: number) => {
    const chosen = options[index];
    close(true);
    if (chosen && chosen.key !== current) onPick(chosen.key);
  };

  // Placed before it is painted; styles set through the DOM (the CSP
  // forbids inline style attributes, not this).
  useLayoutEffect(() => {
    if (open && button.current && list.current) place(button.current, list.current);
  }, [open, keys]);
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
  useEffect(() => {
    if (open) list.current?.querySelector(`[id="${id}-${active}"]`)?.scrollIntoView({ block: 'nearest' });
  }, [open, active, id]);

  const onButtonKey = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      // The board's arrow keys walk cards; on the menu they open it.
      event.preventDefault();
      event.stopPropagation();
      show();
    }
  };
  /** Typing jumps to the next option starting with what was typed (a long member list). */
  const typeAhead = (key: string) => {
    const now = performance.now();
    const text = (now - typed.current.at < 700 ? typed.current.text : '') + key.toLowerCase();
    typed.current = { text, at: now };
    const start = text.length === 1 ? active + 1 : active;
    for (let i = 0; i < options.length; i += 1) {
      const index = (start + i) % options.length;
      if (options[index].label.toLowerCase().startsWith(text)) return setActive(index);
    }
  };
  const onListKey = (event: KeyboardEvent) => {
    event.stopPropagation();
    const last = Math.max(0, options.length - 1);
    const moves: Record<string, number> = {
      ArrowDown: Math.min(last, active + 1),
      ArrowUp: Math.max(0, active - 1),
      Home: 0,
      End: last,
    };
    if (event.key in moves) {
      event.preventDefault();
      setActive(moves[event.key]);
    } else if (event.key === ' ' && search) {
      // A space in the search field is part of the words.
    } else if (event.key === ' ' && performance.now() - typed.current.at < 700 && typed.current.text !== '') {
      // A space while typing a name ("Ada L") is part of it, not a commit.
      event.preventDefault();
      typeAhead(' ');
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      // Nothing to pick (a search still on its way): the menu stays open.
      if (options.length > 0) pick(active);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
    } else if (event.key === 'Tab') {
      close(false);
    } else if (search) {
      // Typed into the search field: its own keys (letters, Backspace, …).
    } else if (event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey) {
      event.preventDefault();
      typeAhead(event.key);
    }
  };

  const onBlur = (event: FocusEvent) => {
    // Focus going to the menu's own button is its click, which closes it.
    const to = event.relatedTarget;
    if (!event.currentTarget.contains(to) && to !== button.current) close(false);
  };
  const items = options.map((option, index) => (
    <li
      key={option.key}
      id={`${id}-${index}`}
      role="option"
      aria-selected={option.key === current}
      className={index === active ? 'active' : undefined}
      onMouseDown={(event) => event.preventDefault()}
      onClick={() => pick(index)}
    >
      {option.label}
    </li>
  ));

  return (
    <div className={`pick-menu ${className}`}>
      <button
        type="button"
        ref={button}
        // Out of the Tab order: a card is one Tab stop, and a key opens this.
        tabIndex={tabbable ? undefined : -1}
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-label={buttonLabel}
        onClick={() => (open ? close(false) : show())}
        onKeyDown={onButtonKey}
      >
        {children}
      </button>
      {open && !search && (
        <ul
          role="listbox"
          aria-label={name}
          tabIndex={-1}
          aria-activedescendant={`${id}-${active}`}
          ref={(element) => {
            list.current = element;
            element?.focus({ preventScroll: true });
          }}
          onKeyDown={onListKey}
          onBlur={onBlur}
        >
          {items}
        </ul>
      )}
      {open && search && (
        <div className="pick-search" ref={(element) => void (list.current = element)} onBlur={onBlur}>
          <input
            type="text"
            role="combobox"
            aria-label={search.label}
            aria-expanded="true"
            aria-controls={`${id}-list`}
            aria-autocomplete="list"
            aria-activedescendant={options.length > 0 ? `${id}-${active}` : undefined}
            autoComplete="off"
            spellCheck={false}
            value={text}
            ref={focusField}
            onChange={(event) => {
              setText(event.target.value);
              search.onText(event.target.value);
            }}
            onKeyDown={onListKey}
          />
          <ul role="listbox" id={`${id}-list`} aria-label={name}>
            {items}
          </ul>
          {search.hint && (
            <p className="pick-hint" role="status">
              {search.hint}
            </p>
          )}
        </div>
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
