// Where a task belongs on a board or list without asking the server: does
// it match a view's filter (the API's `TaskFilter`, evaluated as the
// server does), and where does it sort in the view's order. A live event
// then moves one card instead of reading every column again; what cannot
// be known here (a word of a text filter the title lacks, which the
// description may hold; a filter field the board never sets; the board's
// manual order without a placement) answers null, and the column reads
// itself again.
import { graphql, useFragment as unmask, type FragmentType } from '../gql';
import type { TaskFilter, TaskOrder, TaskPlaceFieldsFragment } from '../gql/graphql';
import type { TaskCardFields } from './TaskCard';

/** What placing a task needs beyond its card: the keys of every order,
 * the fields every filter of the board reads, and its freshness. */
export const TaskPlaceFields = graphql(`
  fragment TaskPlaceFields on Task {
    id
    ref
    number
    revision
    title
    done
    deleted
    updatedAt
    createdAt
    dueDate
    status {
      key
      category
    }
    assignee {
      username
    }
    labels {
      name
    }
  }
`);

export type Place = TaskPlaceFieldsFragment;

/** A task as a column holds it: its card's fields and its place's. */
export type ListedTask = { id: string; ref: string } & FragmentType<typeof TaskCardFields> &
  FragmentType<typeof TaskPlaceFields>;

export const placeOf = (task: ListedTask): Place => unmask(TaskPlaceFields, task);

/** Where a placement put a task in the board's order (`UpdateTaskInput.place`,
 * a `position` event's value): first, or right after or before another. */
export type BoardPlace = { first: true } | { after: string } | { before: string };

/** A `position` event's value (`after WEB-3`, `before WEB-4`, `first`). */
export function parseBoardPlace(text: string | null | undefined): BoardPlace | null {
  if (!text) return null;
  if (text === 'first') return { first: true };
  const m = /^(after|before) (\S+)$/.exec(text);
  if (!m) return null;
  return m[1] === 'after' ? { after: m[2] } : { before: m[2] };
}

/** What the filter is evaluated with: who `me` is. */
export interface MatchContext {
  viewer: string;
}

// The filter fields evaluated here; any other one set means "cannot know".
const KNOWN = new Set([
  'project',
  'status',
  'done',
  'assignee',
  'unassigned',
  'label',
  'text',
  'unscheduled',
  'dueBefore',
  'dueAfter',
]);

/** Whether `task` is in the list `filter` asks for, as the server decides
 * it (tasks.rs: a status by key or category, dates strictly before and on
 * or after, every word in the title or the description in any case);
 * null when it cannot be known here. */
export function matches(filter: TaskFilter, task: Place, ctx: MatchContext): boolean | null {
  if (task.deleted) return false;
  for (const [key, value] of Object.entries(filter)) {
    if (value !== undefined && value !== null && !KNOWN.has(key)) return null;
  }
  const f = filter;
  if (f.project != null && task.ref.slice(0, task.ref.lastIndexOf('-')) !== f.project) return false;
  if (f.status != null) {
    const s = task.status;
    if (!s || (s.key !== f.status && s.category.toLowerCase() !== f.status)) return false;
  }
  if (f.done != null && task.done !== f.done) return false;
  if (f.assignee != null) {
    const name = f.assignee.toLowerCase() === 'me' ? ctx.viewer : f.assignee.normalize('NFC');
    if (task.assignee?.username !== name) return false;
  }
  if (f.unassigned != null && (task.assignee == null) !== f.unassigned) return false;
  if (f.label != null) {
    const name = f.label.normalize('NFC');
    if (!task.labels.some((l) => l.name === name)) return false;
  }
  if (f.unscheduled != null && (task.dueDate == null) !== f.unscheduled) return false;
  if (f.dueBefore != null && !(task.dueDate != null && task.dueDate < f.dueBefore)) return false;
  if (f.dueAfter != null && !(task.dueDate != null && task.dueDate >= f.dueAfter)) return false;
  if (f.text != null) return textMatches(f.text, task.title);
  return true;
}

/** Every word in the title: a match; else the description (not read
 * here) may hold the rest. SQLite lowers ASCII only: a word with other
 * letters is left to the server. */
function textMatches(text: string, title: string): boolean | null {
  const words = text.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.some((w) => /[^\x00-\x7f]/.test(w))) return null;
  const inTitle = title.toLowerCase();
  return words.every((word) => inTitle.includes(word)) ? true : null;
}

/** The row id inside a task's global id (`Task:27`, base64), the tie-break
 * of every order; the number (which grows with it) if it cannot be read. */
function rowId(task: Place): number {
  try {
    const m = /^Task:(\d+)$/.exec(atob(task.id.replace(/-/g, '+').replace(/_/g, '/')));
    if (m) return Number(m[1]);
  } catch {
    // Not base64: fall through.
  }
  return task.number;
}

/** An RFC 3339 instant as a string that sorts as time does, to the
 * microsecond the server keeps (Date would cut it to the millisecond). */
export function instantKey(iso: string): string {
  const m = /^(.*T\d\d:\d\d:\d\d)(?:\.(\d+))?(Z|[+-]\d\d:\d\d)$/.exec(iso);
  if (!m) return String(Date.parse(iso)).padStart(16, '0');
  const seconds = Date.parse(m[1] + m[3]);
  return String(seconds).padStart(16, '0') + (m[2] ?? '').padEnd(9, '0').slice(0, 9);
}

const cmp = <T>(a: T, b: T) => (a < b ? -1 : a > b ? 1 : 0);

/** Where `a` sorts against `b` in `order`, as the API's keyset orders do
 * (store/tasks.rs: the key, then the row id); null for the board's manual
 * order, whose ranks the API does not show. */
export function compare(order: TaskOrder, a: Place, b: Place): number | null {
  switch (order) {
    case 'UPDATED':
      return cmp(instantKey(b.updatedAt), instantKey(a.updatedAt)) || cmp(rowId(b), rowId(a));
    case 'CREATED':
      return cmp(instantKey(b.createdAt), instantKey(a.createdAt)) || cmp(rowId(b), rowId(a));
    case 'REF':
      return cmp(a.number, b.number) || cmp(rowId(a), rowId(b));
    case 'DUE':
      // Unscheduled last: after any date.
      return cmp(a.dueDate ?? '\uffff', b.dueDate ?? '\uffff') || cmp(rowId(a), rowId(b));
    default:
      return null;
  }
}

/** Whether `a` is at least as recent a read of one task as `b` (a
 * placement changes neither its revision nor `updatedAt`: a tie is recent). */
export function asRecent(a: Place, b: Place): boolean {
  if (a.revision !== b.revision) return a.revision > b.revision;
  return instantKey(a.updatedAt) >= instantKey(b.updatedAt);
}

/** A change-log entry as the live feed carries it. */
export interface SeenEvent {
  field: string;
  old: string | null;
  new: string | null;
}

/**
 * Whether `task` matched `filter` before `events` (the changes one read of
 * it follows): its fields now with each changed one set back to its first
 * old value. Null when a change cannot be undone here (labels under a
 * label filter, a title under a text filter).
 */
export function matchedBefore(
  filter: TaskFilter,
  task: Place,
  events: SeenEvent[],
  ctx: MatchContext,
  categoryOf: (status: string) => string | undefined,
): boolean | null {
  const before: Place = { ...task, deleted: false };
  const undone = new Set<string>();
  for (const event of events) {
    if (event.field === 'created') return false;
    if (undone.has(event.field)) continue;
    undone.add(event.field);
    switch (event.field) {
      case 'status': {
        const category = event.old ? categoryOf(event.old) : undefined;
        if (!event.old || !category) return null;
        before.status = { __typename: 'Status', key: event.old, category: category as never };
        before.done = category === 'DONE' || category === 'CANCELED';
        break;
      }
      case 'assignee':
        before.assignee = event.old ? { __typename: 'User', username: event.old } : null;
        break;
      case 'due_date':
        before.dueDate = event.old || null;
        break;
      case 'labels':
        if (filter.label != null) return null;
        break;
      case 'title':
      case 'description':
        if (filter.text != null) return null;
        break;
    }
  }
  return matches(filter, before, ctx);
}
