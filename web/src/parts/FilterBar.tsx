// Above a board or a list: quick filters as toggle buttons, the filter
// form (behind one "Filters" button on a phone, where it would fill the
// first screen), and the empty state a filter that matches nothing shows.
import { useId, useState } from 'react';
import { Filters, type Choices } from './Filters';
import { isNarrowed, type DueWindow, type FilterState } from './view';

export function FilterBar({
  state,
  defaults,
  onChange,
  choices,
}: {
  state: FilterState;
  defaults: FilterState;
  onChange: (next: FilterState) => void;
  choices: Choices;
}) {
  const [open, setOpen] = useState(false);
  const form = useId();
  const clear = () => onChange({ ...defaults, order: state.order });
  const toggleDue = (due: DueWindow) => onChange({ ...state, due: state.due === due ? '' : due });
  const narrowed = isNarrowed(state, defaults);
  return (
    <div className="filter-bar">
      <div className="quick-filters" role="group" aria-label="Quick filters">
        {!choices.noAssignee && (
          <button
            type="button"
            aria-pressed={state.assignee === 'me'}
            onClick={() => onChange({ ...state, unassigned: false, assignee: state.assignee === 'me' ? '' : 'me' })}
          >
            Mine
          </button>
        )}
        {!choices.noAssignee && (
          <button
            type="button"
            aria-pressed={state.unassigned}
            onClick={() =>
              onChange({ ...state, assignee: state.unassigned ? state.assignee : '', unassigned: !state.unassigned })
            }
          >
            Unassigned
          </button>
        )}
        <button type="button" aria-pressed={state.due === 'overdue'} onClick={() => toggleDue('overdue')}>
          Overdue
        </button>
        <button type="button" aria-pressed={state.due === 'week'} onClick={() => toggleDue('week')}>
          Due this week
        </button>
        <button
          type="button"
          className="filters-toggle"
          aria-expanded={open}
          aria-controls={form}
          onClick={() => setOpen(!open)}
        >
          Filters
          {narrowed && (
            <>
              <span aria-hidden="true"> •</span>
              <span className="visually-hidden"> (some set)</span>
            </>
          )}
        </button>
      </div>
      <Filters
        id={form}
        className={open ? undefined : 'collapsed'}
        state={state}
        onChange={onChange}
        onClear={clear}
        choices={choices}
      />
    </div>
  );
}

/** In place of columns or rows when the filters leave nothing. */
export function NoMatch({ onClear }: { onClear: () => void }) {
  return (
    <div className="no-match" role="status">
      <p>No task matches these filters.</p>
      <button type="button" onClick={onClear}>
        Clear filters
      </button>
    </div>
  );
}
