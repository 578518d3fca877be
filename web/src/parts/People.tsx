// People as a face would show them, without images (the CSP allows only
// the server's own, and the API has no picture): initials on a colour
// chosen from the username, the same for a person everywhere. The name is
// the element's text alternative and tooltip.

export interface Person {
  username: string;
  displayName: string;
}

/** Eight colours that all keep white initials at 4.5:1 or more, in either theme. */
const COLOURS = 8;

/** "Grace Okafor" → "GO"; "scout" → "SC": a name of one word gives two letters. */
export function initials(person: Person): string {
  // Letters and digits only: "Scout (agent)" is "SA", not "S(".
  const words = (person.displayName || person.username)
    .split(/[\s._-]+/)
    .map((w) => w.replace(/[^\p{L}\p{N}]/gu, ''))
    .filter((w) => w !== '');
  const letters =
    words.length >= 2
      ? [words[0], words[words.length - 1]].map((w) => Array.from(w)[0])
      : Array.from(words[0] ?? person.username).slice(0, 2);
  return letters.join('').toUpperCase();
}

function colourOf(username: string): number {
  let hash = 0;
  for (const ch of username) hash = (hash * 31 + ch.codePointAt(0)!) >>> 0;
  return hash % COLOURS;
}

export const personName = (p: Person) => `${p.displayName} (@${p.username})`;

/** A round badge of initials; `label` says what the person is to the task.
 * `decorative`: the name is written beside it (or the button holding it
 * is named), so it says nothing itself. The initials are drawn by the
 * stylesheet from `data-initials`: a letter pair in the text would stand
 * apart from the name a button around it has. */
export function Avatar({ person, label, decorative }: { person: Person; label?: string; decorative?: boolean }) {
  const name = label ? `${label} ${personName(person)}` : personName(person);
  const className = `avatar avatar-${colourOf(person.username)}`;
  if (decorative)
    return <span className={className} aria-hidden="true" title={name} data-initials={initials(person)} />;
  return <span className={className} role="img" aria-label={name} title={name} data-initials={initials(person)} />;
}
