// Keyboard shortcuts for the whole app, and the `?` dialog that lists them.
// Single keys act only when no text field has focus (typing a `c` in a
// title must not open a form) and no dialog is open; Ctrl+K / Cmd+K opens
// the command palette from anywhere, as in the trackers people know.
import { useEffect, useId } from 'react';
import { Dialog } from './Dialog';
import { focusWhenThere } from './focus';

/** Whether a key typed at `target` is text being typed. */
export function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (!(target instanceof HTMLInputElement)) return false;
  return !['checkbox', 'radio', 'button', 'submit', 'reset'].includes(target.type);
}

export const SHORTCUTS: { keys: string[]; what: string }[] = [
  { keys: ['Ctrl K', '⌘ K'], what: 'Command palette: go to a task, project or wiki page, or act on the focused task' },
  { keys: ['c'], what: 'Create a task (on a project)' },
  { keys: ['/'], what: 'Search: the filters of a board or list, or the palette' },
  { keys: ['j', '↓'], what: 'Next card or row' },
  { keys: ['k', '↑'], what: 'Previous card or row' },
  { keys: ['←', '→'], what: 'The card beside it, in the next column' },
  { keys: ['Enter'], what: 'Open the focused task' },
  { keys: ['s'], what: "The focused task's status menu" },
  { keys: ['p'], what: "The focused task's priority menu" },
  { keys: ['a'], what: "The focused task's assignee menu" },
  { keys: ['Alt ↑', 'Alt ↓'], what: 'Move the focused card up or down its column (in the board order)' },
  { keys: ['x'], what: 'Select the focused row of a list, to change several tasks at once' },
  { keys: ['?'], what: 'This list' },
  { keys: ['Esc'], what: 'Close a dialog or menu' },
];

/** Listens for the app's shortcuts on the document, for as long as it is mounted. */
export function useGlobalShortcuts({ openPalette, openHelp }: { openPalette: () => void; openHelp: () => void }) {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented) return;
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        // Open already: nothing (opening again would forget the task it acts on).
        if (document.querySelector('dialog[open].palette') !== null) return;
        openPalette();
        return;
      }
      if (event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target)) return;
      if (document.querySelector('dialog[open]') !== null) return;
      const act = singleKeys[event.key];
      if (act?.({ openPalette, openHelp })) event.preventDefault();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [openPalette, openHelp]);
}

type Action = (open: { openPalette: () => void; openHelp: () => void }) => boolean;

/** The first task link of a board or list (j and k from outside one start there). */
const FIRST_TASK = 'main a.card-title[tabindex="0"], main a.row-title';

const singleKeys: Record<string, Action> = {
  '?': ({ openHelp }) => {
    openHelp();
    return true;
  },
  c: () => {
    const create = document.querySelector<HTMLButtonElement>('[data-shortcut="create"]');
    if (create === null) return false;
    create.click();
    focusWhenThere('form[aria-label="New task"] input');
    return true;
  },
  '/': ({ openPalette }) => {
    const search = document.querySelector<HTMLInputElement>('main [role="search"] input');
    if (search !== null) search.focus();
    else openPalette();
    return true;
  },
  // Inside a board or list these are the board's (it stops them first).
  j: () => focusFirst(),
  k: () => focusFirst(),
};

function focusFirst(): boolean {
  const first = document.querySelector<HTMLElement>(FIRST_TASK);
  first?.focus();
  return first !== null;
}

export function ShortcutHelp({ onClose }: { onClose: () => void }) {
  const heading = useId();
  return (
    <Dialog labelledBy={heading} onClose={onClose} className="help">
      <h2 id={heading}>Keyboard shortcuts</h2>
      <p className="muted">Single keys work when no text field has focus.</p>
      <dl className="shortcuts">
        {SHORTCUTS.map((s) => (
          <div key={s.what}>
            <dt>
              {s.keys.map((k, i) => (
                <span key={k}>
                  {i > 0 && ' or '}
                  <kbd>{k}</kbd>
                </span>
              ))}
            </dt>
            <dd>{s.what}</dd>
          </div>
        ))}
      </dl>
      <button type="button" onClick={onClose} autoFocus>
        Close
      </button>
    </Dialog>
  );
}
