// A task's status as a menu button on cards and rows (`s` opens it on the
// focused one); it commits on Enter or a click only (PickMenu.tsx).
import { PickMenu } from './PickMenu';
import type { Move } from './TaskCard';

export function StatusMenu({ taskRef, current, move }: { taskRef: string; current: string; move: Move }) {
  const currentName = move.statuses.find((s) => s.key === current)?.name ?? current;
  return (
    <PickMenu
      className="status-menu"
      name={`Status of ${taskRef}`}
      current={current}
      options={move.statuses.map((s) => ({ key: s.key, label: s.name }))}
      buttonLabel={`Status of ${taskRef}: ${currentName}`}
      onPick={(status) => move.to(taskRef, status)}
    >
      {currentName} <span aria-hidden="true">▾</span>
    </PickMenu>
  );
}
