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
  const yesterday = dayOf(new Date(Date.now() - 86_400_000).toISOString());
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
