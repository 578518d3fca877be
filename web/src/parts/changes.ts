// A change-log entry in words: statuses by their names (not `in_progress`),
// people by username, fields as a person calls them. Shared by the task
// timeline and the activity feed.

/** `in_progress` → `In progress`, for a status no longer in the project. */
function humanize(key: string): string {
  const words = key.replace(/[_-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function statusName(key: string, statuses: { key: string; name: string }[] | undefined): string {
  return statuses?.find((s) => s.key === key)?.name ?? humanize(key);
}

const FIELD_NAMES: Record<string, string> = {
  due_date: 'due date',
  labels: 'labels',
  coworkers: 'coworkers',
};

export function fieldName(field: string): string {
  return FIELD_NAMES[field] ?? field.replace(/_/g, ' ');
}

export interface Excerpt {
  text: string;
  truncated: boolean;
}

/** A value as shown: a status by name, an excerpt with its cut marked, or "none". */
export function valueWords(
  field: string,
  value: Excerpt | null | undefined,
  statuses: { key: string; name: string }[] | undefined,
): string {
  if (!value || value.text === '') return 'none';
  if (field === 'status') return statusName(value.text, statuses);
  return value.truncated ? `${value.text}…` : value.text;
}

/** What happened, after the actor's name: "changed status from To do to Done". */
export function changeWords(
  event: { field: string; oldText?: Excerpt | null; newText?: Excerpt | null },
  statuses: { key: string; name: string }[] | undefined,
): string {
  const { field } = event;
  if (field === 'created') return 'created the task';
  if (field === 'deleted') return 'deleted the task';
  if (field === 'comment') return 'commented';
  if (field === 'description') return 'edited the description';
  // A place in the board's manual order: its neighbour says little out of the board.
  if (field === 'position') return 'moved it on the board';
  const from = valueWords(field, event.oldText, statuses);
  const to = valueWords(field, event.newText, statuses);
  return `changed ${fieldName(field)} from ${from} to ${to}`;
}
