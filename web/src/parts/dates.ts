// Instants from the API (RFC 3339, UTC) as people read them: in their
// own time zone, and days named the way a feed groups them.

const time = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });
const date = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short', year: 'numeric' });
const weekday = new Intl.DateTimeFormat(undefined, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });

/** "4 Dec 2026, 14:05" in the viewer's zone. */
export function formatInstant(iso: string): string {
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? iso : `${date.format(at)}, ${time.format(at)}`;
}

/** The viewer's calendar day of `iso`, as `YYYY-MM-DD` (to group by). */
export function dayOf(iso: string): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso.slice(0, 10);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
}

/** "Today", "Yesterday", or "Thursday, 3 December 2026". */
export function dayHeading(iso: string): string {
  const day = dayOf(iso);
  const today = dayOf(new Date().toISOString());
  // The calendar day before (a day of 23 or 25 hours when the clocks change).
  const before = new Date();
  before.setDate(before.getDate() - 1);
  const yesterday = dayOf(before.toISOString());
  if (day === today) return 'Today';
  if (day === yesterday) return 'Yesterday';
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? day : weekday.format(at);
}

/** Just the time of day, "14:05". */
export function formatTime(iso: string): string {
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? iso : time.format(at);
}

const shortDate = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short', year: 'numeric' });

/** How long ago `iso` was: "just now", "12 min ago", "3 h ago", "5 d ago",
 * then the date itself. */
export function relativeInstant(iso: string, now = Date.now()): string {
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return iso;
  const minutes = Math.round((now - at) / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  const days = Math.round(hours / 24);
  if (days <= 30) return `${days} d ago`;
  return shortDate.format(new Date(at));
}

/** Today in the viewer's time zone, as `YYYY-MM-DD`. */
export function today(): string {
  return dayOf(new Date().toISOString());
}

/** Whole days from `from` to `to` (both `YYYY-MM-DD`), counted as calendar days. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** A due date as people say it: "2 d overdue", "due today", "due in 3 d";
 * past two months either way, the date ("due 5 Jan 2099"). */
export function dueWords(due: string, done: boolean, now = today()): string {
  const days = daysBetween(now, due);
  if (Number.isNaN(days)) return `due ${due}`;
  if (Math.abs(days) > 60) {
    const at = new Date(`${due}T12:00:00`);
    return Number.isNaN(at.getTime()) ? `due ${due}` : `due ${shortDate.format(at)}`;
  }
  if (days === 0) return 'due today';
  if (days === 1) return 'due tomorrow';
  if (days > 0) return `due in ${days} d`;
  return done ? `was due ${-days} d ago` : `${-days} d overdue`;
}
