// Keeps keyboard focus where a person expects it when what had it goes
// away: a moved card, a page that replaced its button, a new place.

/** Focuses the first element matching `selector` once it is in the page
 * (the data it shows may still be on its way), giving up after `ms`. */
export function focusWhenThere(selector: string, ms = 3_000): void {
  const started = performance.now();
  const attempt = () => {
    const element = document.querySelector<HTMLElement>(selector);
    if (element !== null) {
      if (element.tabIndex < 0 && !element.hasAttribute('tabindex')) element.setAttribute('tabindex', '-1');
      element.focus();
      return;
    }
    if (performance.now() - started < ms) requestAnimationFrame(attempt);
  };
  requestAnimationFrame(attempt);
}
