// Hash routes with a query of their own: `#/p/DEMO?status=todo&order=due`.
// The part before `?` is the route (what wouter matches), the part after
// is the view (filters and order), so that a reload or a shared address
// keeps both. wouter's own hash hook would put the query into the page's
// real search (`?...#/p/DEMO`), which a route cannot see.
import { useSyncExternalStore } from 'react';

let listeners: (() => void)[] = [];
const notify = () => listeners.forEach((listener) => listener());

function subscribe(listener: () => void): () => void {
  if (listeners.push(listener) === 1) addEventListener('hashchange', notify);
  return () => {
    listeners = listeners.filter((l) => l !== listener);
    if (listeners.length === 0) removeEventListener('hashchange', notify);
  };
}

function hash(): string {
  return location.hash.replace(/^#?\/?/, '');
}

// Cut at the first `?` only: a query may hold another (`q=why?`).
const currentPath = () => '/' + hash().split('?')[0];
const currentQuery = () => {
  const h = hash();
  const at = h.indexOf('?');
  return at < 0 ? '' : h.slice(at + 1);
};

/** Goes to `to` (`/p/DEMO?order=due`); `replace` changes the current entry
 * of the history instead of adding one (a filter typed letter by letter). */
export function navigate(to: string, { replace = false }: { replace?: boolean } = {}): void {
  const url = new URL(location.href);
  url.hash = '/' + to.replace(/^#?\/?/, '');
  if (url.href === location.href) return;
  const oldURL = location.href;
  history[replace ? 'replaceState' : 'pushState'](null, '', url.href);
  dispatchEvent(new HashChangeEvent('hashchange', { oldURL, newURL: url.href }));
}

/** wouter's location hook: the route part of the hash. */
export function useHashPath(): [string, typeof navigate] {
  return [useSyncExternalStore(subscribe, currentPath), navigate];
}
useHashPath.hrefs = (href: string) => '#' + href;
/** wouter's search hook: the hash's query part. */
useHashPath.searchHook = () => useSyncExternalStore(subscribe, currentQuery);
