// The keyboard on a board or a list: one Tab stop per column (a roving
// tabindex: the card last focused in it, else its first), and keys that
// move between cards and act on the focused one. The status, priority and
// assignee buttons of a card are out of the Tab order; `s`, `p` and `a`
// open them.
import { useEffect, type KeyboardEvent, type RefObject } from 'react';

const TITLE = 'a.card-title, a.row-title';

/** The keys that open a card's menus. */
const MENUS: Record<string, string> = { s: '.status-menu', p: '.priority-menu', a: '.assignee-menu' };

const refOf = (element: Element) => element.closest('[data-ref]')?.getAttribute('data-ref') ?? null;

/**
 * Keeps exactly one of the task links in `box` in the Tab order: the one
 * focused last (while it is shown), else the first. Pages of tasks come
 * and go (paging, live re-reads), so it is enforced after each change.
 */
export function useRovingTabStop(box: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const element = box.current;
    if (element === null) return;
    let current: string | null = null;
    const update = () => {
      const links = Array.from(element.querySelectorAll<HTMLElement>(TITLE));
      const stop = links.find((link) => refOf(link) === current) ?? links[0];
      for (const link of links) link.tabIndex = link === stop ? 0 : -1;
    };
    const onFocus = (event: FocusEvent) => {
      const target = event.target as HTMLElement;
      if (!target.matches(TITLE)) return;
      current = refOf(target);
      update();
    };
    const observer = new MutationObserver(update);
    observer.observe(element, { childList: true, subtree: true });
    element.addEventListener('focusin', onFocus);
    update();
    return () => {
      observer.disconnect();
      element.removeEventListener('focusin', onFocus);
    };
  }, [box]);
}

/**
 * Keys on a task link of a board or list: ↓/j and ↑/k to the next and
 * previous task, ←/→ to the task at the same height in the next column
 * (a board), `s`, `p` and `a` to its status, priority and assignee menus, `x` selects a list row. Enter opens
 * it (it is a link). The keys work the same from a button of the card
 * (its menus give focus back to themselves after a pick or Escape).
 */
export function onTaskKey(event: KeyboardEvent<HTMLElement>) {
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  const target = event.target as HTMLElement;
  // From a card's own buttons (its status or assignee menu, where focus
  // returns after a pick or Escape) the keys act from that card's link.
  // A field typed in keeps its keys.
  const from = target.matches(TITLE)
    ? target
    : target.matches('input, textarea, select, [contenteditable], [role="listbox"], [role="option"]')
      ? null
      : (target.closest('[data-ref]')?.querySelector<HTMLElement>(TITLE) ?? null);
  if (from === null) return;
  const group = from.closest('.column') ?? event.currentTarget;
  const titles = (scope: Element) => Array.from(scope.querySelectorAll<HTMLElement>(TITLE));
  const here = titles(group);
  const index = here.indexOf(from);
  let to: HTMLElement | undefined;
  if (event.key === 'ArrowDown' || event.key === 'j') to = here[index + 1];
  else if (event.key === 'ArrowUp' || event.key === 'k') to = here[index - 1];
  else if (event.key === 'ArrowRight' || event.key === 'ArrowLeft') {
    const columns = Array.from(event.currentTarget.querySelectorAll('.column'));
    const step = event.key === 'ArrowRight' ? 1 : -1;
    for (let c = columns.indexOf(group) + step; c >= 0 && c < columns.length && !to; c += step) {
      const there = titles(columns[c]);
      to = there[Math.min(index, there.length - 1)];
    }
  } else if (event.key === 'x') {
    // A list row's checkbox (out of the Tab order): select it from the keyboard.
    const box = from.closest('[data-ref]')?.querySelector<HTMLInputElement>('.row-select input');
    if (box) {
      event.preventDefault();
      box.click();
    }
    return;
  } else if (Object.hasOwn(MENUS, event.key)) {
    const which = MENUS[event.key];
    const menu = from.closest('[data-ref]')?.querySelector<HTMLButtonElement>(`${which} > button`);
    if (menu) {
      event.preventDefault();
      menu.click();
    }
    return;
  } else return;
  // At either end the key is still the board's: nothing else moves.
  event.preventDefault();
  to?.focus();
}
