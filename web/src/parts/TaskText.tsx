// The task's title and description, edited in place by a token that may
// write: the title in a line, the description as Markdown read back from
// the API window by window (it is stored as HTML).
import { useCallback, useState, type ReactNode } from 'react';
import type { OperationResult } from 'urql';
import { graphql } from '../gql';
import type { DescriptionMarkdownQuery } from '../gql/graphql';
import { useSession } from '../session-context';
import { Html } from './Html';
import { FieldProblem } from './FieldProblem';
import { MarkdownField } from './MarkdownField';
import type { FieldError } from './fieldError';
import type { Save, Task } from './TaskProperties';

export function TitleField({
  task,
  save,
  error,
  menu,
}: {
  task: Task;
  save: Save;
  error: FieldError | null;
  menu: ReactNode;
}) {
  const [editing, setEditing] = useState(false);
  const [title, setTitle] = useState(task.title);
  /** The revision the title was read at when editing began. */
  const [base, setBase] = useState(task.revision);
  if (!editing) {
    return (
      <div className="title-row">
        <h1>
          <span className="key">{task.ref}</span> {task.title}
        </h1>
        <div className="actions">
          <button
            type="button"
            onClick={() => {
              setTitle(task.title);
              setBase(task.revision);
              setEditing(true);
            }}
          >
            Edit title
          </button>
          {menu}
        </div>
      </div>
    );
  }
  return (
    <form
      className="title-edit"
      onSubmit={async (e) => {
        e.preventDefault();
        if (await save({ title }, 'Title', base)) setEditing(false);
      }}
    >
      <label>
        Title
        <input
          value={title}
          onChange={(e) => setTitle(e.target.value)}
          aria-invalid={error?.field === 'title' || undefined}
          aria-describedby={error?.field === 'title' ? 'error-title' : undefined}
        />
      </label>
      <button type="submit" className="primary">
        Save title
      </button>
      <button type="button" onClick={() => setEditing(false)}>
        Cancel
      </button>
      <FieldProblem error={error} field="title" />
    </form>
  );
}

export function DescriptionField({ task, save, error }: { task: Task; save: Save; error: FieldError | null }) {
  const [editing, setEditing] = useState<string | null>(null);
  const [original, setOriginal] = useState('');
  /** The revision the Markdown was read at, when editing began. */
  const [base, setBase] = useState(task.revision);
  const [{ fetching }, load] = useDescriptionMarkdown(task.ref);
  if (editing === null) {
    return (
      <section aria-label="Description">
        <div className="title-row">
          <h2>Description</h2>
          <button
            type="button"
            disabled={fetching}
            onClick={async () => {
              const read = await load();
              if (read !== null) {
                const { text, revision } = read;
                setBase(revision ?? task.revision);
                setOriginal(text);
                setEditing(text);
              }
            }}
          >
            Edit description
          </button>
        </div>
        {task.description ? <Html html={task.description} /> : <p className="muted">No description.</p>}
      </section>
    );
  }
  return (
    <form
      aria-label="Description"
      onSubmit={async (e) => {
        e.preventDefault();
        // Unchanged: nothing to write (a round trip through Markdown is not free).
        if (editing === original || (await save({ descriptionMarkdown: editing }, 'Description', base)))
          setEditing(null);
      }}
    >
      <MarkdownField label="Description (Markdown)" value={editing} onChange={setEditing} rows={12} />
      <FieldProblem error={error} field="description" />
      <button type="submit" className="primary">
        Save description
      </button>
      <button type="button" onClick={() => setEditing(null)}>
        Cancel
      </button>
    </form>
  );
}

const DescriptionMarkdown = graphql(`
  query DescriptionMarkdown($ref: String!, $cursor: Int!) {
    task(ref: $ref) {
      id
      revision
      descriptionText(format: MARKDOWN, maxChars: 200000, cursor: $cursor) {
        text
        next
      }
    }
  }
`);

/** The whole description as Markdown, read window by window when an edit
 * starts, with the revision its first window was read at. */
function useDescriptionMarkdown(
  ref: string,
): [{ fetching: boolean }, () => Promise<{ text: string; revision: number | null } | null>] {
  const { connection } = useSession();
  const [fetching, setFetching] = useState(false);
  const load = useCallback(async () => {
    setFetching(true);
    try {
      let text = '';
      let revision: number | null = null;
      let cursor: number | null | undefined = 0;
      while (cursor !== null && cursor !== undefined) {
        const result: OperationResult<DescriptionMarkdownQuery> = await connection.graphql
          .query(DescriptionMarkdown, { ref, cursor }, { requestPolicy: 'network-only' })
          .toPromise();
        if (result.error || !result.data) return null;
        // Windows read at different revisions are not one text: read again.
        if (revision !== null && result.data.task.revision !== revision) return null;
        revision = result.data.task.revision;
        const piece = result.data.task.descriptionText;
        text += piece?.text ?? '';
        cursor = piece?.next;
      }
      return { text, revision };
    } finally {
      setFetching(false);
    }
  }, [connection, ref]);
  return [{ fetching }, load];
}
