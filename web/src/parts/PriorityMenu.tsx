// A task's priority as a menu button on cards and rows (`p` opens it on
// the focused one): its icon (a dotted one for none), and the five
// priorities by word and icon, committed on Enter or a click only
// (PickMenu.tsx).
import type { Priority as PriorityValue } from '../gql/graphql';
import { PickMenu } from './PickMenu';
import { Priority } from './PriorityIcon';
import { PRIORITIES } from './Options';
import type { Move } from './TaskCard';

const word = (p: string) => p.charAt(0) + p.slice(1).toLowerCase();

export function PriorityMenu({
  taskRef,
  current,
  move,
  withText = false,
}: {
  taskRef: string;
  current: string;
  move: Move;
  /** The word beside the icon (a list row has the room). */
  withText?: boolean;
}) {
  return (
    <PickMenu
      className="priority-menu"
      name={`Priority of ${taskRef}`}
      current={current}
      options={PRIORITIES.map((p) => ({ key: p, label: p === 'NONE' ? 'No priority' : word(p) }))}
      buttonLabel={`Priority of ${taskRef}: ${current === 'NONE' ? 'none' : current.toLowerCase()}`}
      onPick={(priority) => move.prioritize(taskRef, priority as PriorityValue)}
    >
      {current === 'NONE' ? (
        <span className="priority priority-none" aria-hidden="true">
          <svg className="priority-icon" viewBox="0 0 14 14" width="14" height="14" focusable="false">
            {[0, 1, 2].map((i) => (
              <rect key={i} x={1 + i * 4.5} y="6" width="3" height="2" rx="1" fill="currentColor" />
            ))}
          </svg>
          {withText && ' none'}
        </span>
      ) : (
        <span aria-hidden="true">
          <Priority priority={current} withText={withText} />
        </span>
      )}
    </PickMenu>
  );
}
