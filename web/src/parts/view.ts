// A view of tasks (filters and order) and its address: the query part of
// the hash (`#/p/DEMO?status=todo&assignee=me&order=due`), so that a
// reload or a shared link shows the same tasks. What the address leaves
// out is the page's default; it is turned into the API's `TaskFilter`
// (every field given must hold) each time it is read.
import { useCallback, useMemo } from 'react';
import { useLocation, useSearch } from 'wouter';
import type { TaskFilter, TaskOrder } from '../gql/graphql';

/** Quick due-date filters, relative to today so that a shared link stays meaningful. */
export type DueWindow = '' | 'overdue' | 'week';

export interface FilterState {
  status: string;
  assignee: string;
  label: string;
  text: string;
  dueBefore: string;
  due: DueWindow;
  unscheduled: boolean;
  /** Only tasks nobody is assigned. */
  unassigned: boolean;
  done: 'open' | 'done' | 'all';
  order: TaskOrder;
}

export const NO_FILTER: FilterState = {
  status: '',
  assignee: '',
  label: '',
  text: '',
  dueBefore: '',
  due: '',
  unscheduled: false,
  unassigned: false,
  done: 'all',
  order: 'UPDATED',
};

/** A project's board: its manual order (the same for everyone) unless another is chosen. */
export const BOARD_VIEW: FilterState = { ...NO_FILTER, order: 'BOARD' };

const ORDER_VALUES: TaskOrder[] = ['UPDATED', 'CREATED', 'REF', 'DUE', 'BOARD'];
/** Across projects there is no board order (it is a project's own). */
export const CROSS_PROJECT_ORDERS: TaskOrder[] = ORDER_VALUES.filter((o) => o !== 'BOARD');

/** Today as `YYYY-MM-DD` in the viewer's time zone, `days` on. */
function localDate(days = 0): string {
  const d = new Date();
  d.setDate(d.getDate() + days);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** Days since this week's Monday (the week runs Monday to Sunday). */
function sinceMonday(): number {
  const day = new Date().getDay(); // 0 = Sunday
  return day === 0 ? 6 : day - 1;
}

/** This week's Monday (the API's `dueAfter` is inclusive). */
function thisMonday(): string {
  return localDate(-sinceMonday());
}

/** The day after this week's Sunday (the API's `dueBefore` is strict). */
function nextMonday(): string {
  return localDate(7 - sinceMonday());
}

export function toTaskFilter(state: FilterState, project: string | null): TaskFilter {
  const filter: TaskFilter = {};
  if (project !== null) filter.project = project;
  if (state.status !== '') filter.status = state.status;
  if (state.unassigned) filter.unassigned = true;
  else if (state.assignee !== '') filter.assignee = state.assignee;
  if (state.label !== '') filter.label = state.label;
  if (state.text.trim() !== '') filter.text = state.text.trim();
  if (state.unscheduled) filter.unscheduled = true;
  if (state.done !== 'all') filter.done = state.done === 'done';
  const before = [state.dueBefore, state.due === 'overdue' ? localDate() : state.due === 'week' ? nextMonday() : '']
    .filter((d) => d !== '')
    .sort()[0];
  if (before !== undefined) filter.dueBefore = before;
  // This week only: what was due before its Monday is overdue, not this week's.
  if (state.due === 'week') filter.dueAfter = thisMonday();
  // Overdue or due soon means still open.
  if (state.due !== '') filter.done = false;
  return filter;
}

/** Whether `state` narrows the tasks beyond `defaults` (the order does not). */
export function isNarrowed(state: FilterState, defaults: FilterState): boolean {
  return (Object.keys(NO_FILTER) as (keyof FilterState)[]).some(
    (key) => key !== 'order' && state[key] !== defaults[key],
  );
}

// The address's names: short, and stable (shared links depend on them).
const NAMES: Record<keyof FilterState, string> = {
  text: 'q',
  status: 'status',
  assignee: 'assignee',
  label: 'label',
  dueBefore: 'before',
  due: 'due',
  unscheduled: 'unscheduled',
  unassigned: 'unassigned',
  done: 'done',
  order: 'order',
};

export function parseView(query: string, defaults: FilterState, orders: TaskOrder[] = ORDER_VALUES): FilterState {
  const params = new URLSearchParams(query);
  const get = (key: keyof FilterState) => params.get(NAMES[key]);
  const state = { ...defaults };
  for (const key of ['text', 'status', 'assignee', 'label'] as const) state[key] = get(key) ?? defaults[key];
  const before = get('dueBefore');
  if (before !== null && /^\d{4}-\d{2}-\d{2}$/.test(before)) state.dueBefore = before;
  const due = get('due');
  if (due === 'overdue' || due === 'week') state.due = due;
  if (get('unscheduled') !== null) state.unscheduled = get('unscheduled') === '1';
  if (get('unassigned') !== null) state.unassigned = get('unassigned') === '1';
  const done = get('done');
  if (done === 'open' || done === 'done' || done === 'all') state.done = done;
  const order = get('order')?.toUpperCase() as TaskOrder | undefined;
  if (order && orders.includes(order)) state.order = order;
  return state;
}

/** The address's query for `state`: what differs from `defaults`, and the
 * order always when `withOrder` (a view carried to a page whose default
 * order is another: the board's and the list's). */
export function formatView(state: FilterState, defaults: FilterState, withOrder = false): string {
  const params = new URLSearchParams();
  for (const key of Object.keys(NAMES) as (keyof FilterState)[]) {
    const value = state[key];
    if (value === defaults[key] && !(withOrder && key === 'order')) continue;
    if (key === 'order') params.set(NAMES[key], String(value).toLowerCase());
    else if (typeof value === 'boolean') params.set(NAMES[key], value ? '1' : '0');
    else params.set(NAMES[key], value);
  }
  return params.toString();
}

/** The view the address holds, and a setter that writes it there (in
 * place: Back leaves the page, it does not undo each filter). */
export function useView(
  defaults: FilterState,
  orders: TaskOrder[] = ORDER_VALUES,
): [FilterState, (next: FilterState) => void] {
  const query = useSearch();
  const [path, navigate] = useLocation();
  const state = useMemo(() => parseView(query, defaults, orders), [query, defaults, orders]);
  const set = useCallback(
    (next: FilterState) => {
      const q = formatView(next, defaults);
      navigate(q === '' ? path : `${path}?${q}`, { replace: true });
    },
    [defaults, path, navigate],
  );
  return [state, set];
}
