// A value that follows another once it stops changing: the words of a
// search field, read by the server only after the typing pauses. It owns
// nothing but its one timer, cleared when the value changes again or the
// component goes.
import { useEffect, useState } from 'react';

/** `value`, once it has stayed the same for `ms` milliseconds. Costs no
 * timer while it holds still (a menu on each of 200 cards). */
export function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    if (Object.is(value, settled)) return;
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms, settled]);
  return settled;
}
