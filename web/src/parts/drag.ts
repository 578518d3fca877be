// The card being dragged, for the board: where it would land leaves the
// card itself out (a drag over a column may not read its data, only its
// types), and the columns hold their live changes until it is dropped, so
// that nothing moves under the pointer (Chromium loses a drag whose page
// changes under it).

let ref: string | null = null;
let waiting: (() => void)[] = [];

export const dragged = (): string | null => ref;

export function dragStarted(task: string): void {
  ref = task;
  // The drag ends with a drop or a dragend; should neither reach the page
  // (its card left the page meanwhile), the first pointer move or key after it does.
  for (const type of ['drop', 'dragend', 'pointermove', 'keydown'])
    window.addEventListener(type, dragEnded, { capture: true, once: true });
}

/** The drag is over (dropped or given up): what waited happens now. */
export function dragEnded(): void {
  if (ref === null) return;
  ref = null;
  for (const type of ['drop', 'dragend', 'pointermove', 'keydown'])
    window.removeEventListener(type, dragEnded, { capture: true });
  const run = waiting;
  waiting = [];
  run.forEach((f) => f());
}

/** Runs `f` now, or once the card being dragged is dropped. */
export function unlessDragging(f: () => void): void {
  if (ref === null) f();
  else if (!waiting.includes(f)) waiting.push(f);
}
