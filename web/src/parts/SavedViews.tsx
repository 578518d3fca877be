// A project's saved views beside its board and list: the filters and
// order of the address (view.ts) kept on the server under a name, the
// person's own or shared with the project (`savedViews`, `saveView`,
// `deleteView`). "Saved views" opens a panel listing them, each marked as
// the person's own or shared (and by whom); a view is a link that sets the
// address, on the board or the list, whichever is open. A token that may
// write saves the current view under a name (the same name replaces their
// own view of it) and deletes their own. Escape or a click outside closes
// the panel; focus then goes back to its button.
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useMutation, useQuery } from 'urql';
import { Link } from 'wouter';
import { graphql } from '../gql';
import { useSession } from '../session-context';
import { messageOf } from './Problem';

const ProjectViews = graphql(`
  query ProjectViews($project: String!) {
    savedViews(project: $project, first: 50) {
      nodes {
        id
        name
        query
        shared
        mine
        owner {
          username
          displayName
        }
      }
    }
  }
`);

const SaveView = graphql(`
  mutation SaveView($input: SaveViewInput!) {
    saveView(input: $input) {
      id
      name
      query
      shared
      mine
    }
  }
`);

const DeleteView = graphql(`
  mutation DeleteView($id: ID!) {
    deleteView(id: $id) {
      id
      name
    }
  }
`);

// An empty list holds no SavedView: a save must still make it read again.
const VIEWS_CONTEXT = { additionalTypenames: ['SavedView'] };

/** A query as a set of names and values, whatever their order. */
function sameQuery(a: string, b: string): boolean {
  const sorted = (q: string) => {
    const params = new URLSearchParams(q);
    params.sort();
    return params.toString();
  };
  return sorted(a) === sorted(b);
}

export function SavedViews({ project, path, query }: { project: string; path: string; query: string }) {
  const [open, setOpen] = useState(false);
  const panel = useId();
  const box = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  };
  useEffect(() => {
    if (!open) return;
    const outside = (event: PointerEvent) => {
      if (box.current && !box.current.contains(event.target as Node)) setOpen(false);
    };
    // Escape from anywhere while it is open (focus may have gone to the
    // page, a button that went away); not when a dialog or a menu had it.
    const escape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented || document.querySelector('dialog[open]')) return;
      event.preventDefault();
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('pointerdown', outside);
    document.addEventListener('keydown', escape);
    return () => {
      document.removeEventListener('pointerdown', outside);
      document.removeEventListener('keydown', escape);
    };
  }, [open]);
  return (
    <div className="saved-views" ref={box}>
      <button
        type="button"
        ref={button}
        aria-expanded={open}
        aria-controls={open ? panel : undefined}
        onClick={() => (open ? close(false) : setOpen(true))}
      >
        Saved views <span aria-hidden="true">▾</span>
      </button>
      {open && <ViewsPanel id={panel} project={project} path={path} query={query} onOpen={() => close(true)} />}
    </div>
  );
}

function ViewsPanel({
  id,
  project,
  path,
  query,
  onOpen,
}: {
  id: string;
  project: string;
  path: string;
  query: string;
  onOpen: () => void;
}) {
  const { readOnly } = useSession();
  const heading = useId();
  const [{ data, error, fetching }] = useQuery({
    query: ProjectViews,
    variables: { project },
    context: VIEWS_CONTEXT,
    requestPolicy: 'cache-and-network',
  });
  const [message, setMessage] = useState<{ text: string; problem: boolean } | null>(null);
  const [, remove] = useMutation(DeleteView);
  const title = useRef<HTMLHeadingElement>(null);
  const views = data?.savedViews.nodes ?? [];

  const drop = async (view: { id: string; name: string }) => {
    setMessage(null);
    const result = await remove({ id: view.id });
    if (result.error) setMessage({ text: `“${view.name}” was not deleted: ${messageOf(result.error)}`, problem: true });
    else {
      setMessage({ text: `Deleted “${view.name}”.`, problem: false });
      // Its button is gone: focus stays in the panel.
      title.current?.focus();
    }
  };

  return (
    <section id={id} className="views-panel" aria-labelledby={heading}>
      <h2 id={heading} ref={title} tabIndex={-1}>
        Saved views of {project}
      </h2>
      {error && !data && <p className="problem">{messageOf(error)}</p>}
      {data && views.length === 0 && <p className="muted">No saved view yet.</p>}
      {!data && fetching && <p className="loading">Loading…</p>}
      {views.length > 0 && (
        <ul className="views-list">
          {views.map((view) => {
            const here = sameQuery(view.query, query);
            const whose = view.mine
              ? view.shared
                ? 'mine, shared'
                : 'only me'
              : `shared by ${view.owner?.displayName ?? 'someone'}`;
            return (
              <li key={view.id}>
                <span className="view-main">
                  <Link
                    href={view.query === '' ? path : `${path}?${view.query}`}
                    aria-current={here ? 'true' : undefined}
                    onClick={onOpen}
                  >
                    {view.name}
                  </Link>
                  <span className={view.shared ? 'view-tag shared' : 'view-tag'}>{whose}</span>
                </span>
                {view.mine && !readOnly && (
                  <button
                    type="button"
                    className="link view-delete"
                    aria-label={`Delete the view ${view.name}`}
                    title="Delete"
                    onClick={() => void drop(view)}
                  >
                    ×
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {!readOnly && (
        <SaveForm
          project={project}
          query={query}
          mine={views.filter((v) => v.mine).map((v) => v.name)}
          onSaved={setMessage}
        />
      )}
      <p className={message?.problem ? 'problem' : 'muted'} role="status">
        {message?.text ?? ''}
      </p>
    </section>
  );
}

/** Saves the address's view under a name, the person's or shared. */
function SaveForm({
  project,
  query,
  mine,
  onSaved,
}: {
  project: string;
  query: string;
  /** The names of the person's own views: the same name replaces one. */
  mine: string[];
  onSaved: (message: { text: string; problem: boolean }) => void;
}) {
  const [name, setName] = useState('');
  const [shared, setShared] = useState(false);
  const [{ fetching }, save] = useMutation(SaveView);
  const field = useRef<HTMLInputElement>(null);
  const replaces = mine.includes(name.trim());
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const chosen = name.trim();
    if (chosen === '' || fetching) return;
    const result = await save({ input: { project, name: chosen, query, shared } });
    if (result.error) onSaved({ text: `Not saved: ${messageOf(result.error)}`, problem: true });
    else {
      onSaved({ text: `Saved “${chosen}”${shared ? ', shared with the project' : ''}.`, problem: false });
      setName('');
      setShared(false);
      // The button is disabled with the field empty: focus stays in the form.
      field.current?.focus();
    }
  };
  return (
    <form className="save-view" onSubmit={submit} aria-label="Save this view">
      <label>
        Save this view as
        <input
          ref={field}
          value={name}
          onChange={(e) => setName(e.target.value)}
          maxLength={80}
          required
          placeholder="a name"
        />
      </label>
      <label className="inline">
        <input type="checkbox" checked={shared} onChange={(e) => setShared(e.target.checked)} />
        Share with everyone in the project
      </label>
      <button type="submit" className="primary" disabled={fetching || name.trim() === ''}>
        {replaces ? 'Replace my view' : 'Save view'}
      </button>
    </form>
  );
}
