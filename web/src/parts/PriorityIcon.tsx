// A task's priority as the trackers people know draw it: one to three
// bars for low, medium and high, a filled "!" for urgent, nothing for none.
// The icon has its words as its text alternative (and tooltip); `withText`
// shows the word beside it too (the list has the room).
import type { Priority as PriorityValue } from '../gql/graphql';

const BARS: Partial<Record<PriorityValue, number>> = { LOW: 1, MEDIUM: 2, HIGH: 3 };

export function Priority({ priority, withText = false }: { priority: string; withText?: boolean }) {
  if (priority === 'NONE') return null;
  const word = priority.toLowerCase();
  const name = `${word[0].toUpperCase()}${word.slice(1)} priority`;
  const icon = <PriorityGlyph priority={priority as PriorityValue} />;
  if (withText)
    return (
      <span className={`priority priority-${word}`} title={name}>
        {icon} {word}
      </span>
    );
  return (
    <span className={`priority priority-${word}`} role="img" aria-label={name} title={name}>
      {icon}
    </span>
  );
}

function PriorityGlyph({ priority }: { priority: PriorityValue }) {
  if (priority === 'URGENT')
    return (
      <svg className="priority-icon" viewBox="0 0 14 14" width="14" height="14" aria-hidden="true" focusable="false">
        <rect x="0" y="0" width="14" height="14" rx="3" fill="currentColor" />
        <rect className="priority-mark" x="6" y="2.5" width="2" height="6" rx="1" />
        <rect className="priority-mark" x="6" y="10" width="2" height="2" rx="1" />
      </svg>
    );
  const filled = BARS[priority] ?? 0;
  return (
    <svg className="priority-icon" viewBox="0 0 14 14" width="14" height="14" aria-hidden="true" focusable="false">
      {[0, 1, 2].map((i) => (
        <rect
          key={i}
          x={1 + i * 4.5}
          y={9 - i * 4}
          width="3"
          height={5 + i * 4}
          rx="1"
          fill="currentColor"
          opacity={i < filled ? 1 : 0.3}
        />
      ))}
    </svg>
  );
}
