// Keeps keyboard focus where a person expects it when what had it goes
// away: a moved card, a page that replaced its button, a new place.

/** Focuses the first element matching `selector` once it is in the page
 * (the data it shows may still be on its way), giving up after `ms`. A key
 * pressed or a click meanwhile cancels it: focus the person moved (or a
 * field they type in) is never taken back by a late re-read. */
export function focusWhenThere(selector: string, ms = 3_000): void {
  const started = performance.now();
  let frame = 0;
  const stop = () => {
    cancelAnimationFrame(frame);
    document.removeEventListener('keydown', stop, true);
    document.removeEventListener('pointerdown', stop, true);
  };
  document.addEventListener('keydown', stop, true);
  document.addEventListener('pointerdown', stop, true);
  const attempt = () => {
    const element = document.querySelector<HTMLElement>(selector);
    if (element !== null) {
      stop();
      if (element.tabIndex < 0 && !element.hasAttribute('tabindex')) element.setAttribute('tabindex', '-1');
      element.focus();
      return;
    }
    if (performance.now() - started < ms) frame = requestAnimationFrame(attempt);
    else stop();
  };
  frame = requestAnimationFrame(attempt);
}
