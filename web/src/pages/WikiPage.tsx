// One wiki page: its Markdown read whole (window by window, all of one
// revision), rendered and sanitized, with its outline; edited against the
// revision it was read at. A save over a newer revision (CONFLICT) shows
// the person's version beside the current one: keep theirs, keep mine, or
// edit on.
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useMutation, useQuery, type CombinedError, type RequestPolicy } from 'urql';
import { graphql } from '../gql';
import type { WikiPageWindowQuery } from '../gql/graphql';
import { useSession } from '../session-context';
import { Markdown } from '../parts/Html';
import { MarkdownField } from '../parts/MarkdownField';
import { fieldError, type FieldError } from '../parts/fieldError';
import { FieldProblem } from '../parts/FieldProblem';
import { codeOf } from '../errors';

const WikiPageWindow = graphql(`
  query WikiPageWindow($workspace: String!, $path: String!, $cursor: Int!) {
    wikiPage(workspace: $workspace, path: $path) {
      id
      path
      title
      revision
      baseRevision
      updatedAt
      updatedBy {
        username
      }
      outline {
        level
        text
        slug
      }
      content(maxChars: 20000, cursor: $cursor) {
        text
        next
      }
    }
  }
`);

const PutWikiPage = graphql(`
  mutation PutWikiPage($workspace: String!, $path: String!, $content: String!, $baseRevision: String!) {
    putWikiPage(workspace: $workspace, path: $path, content: $content, baseRevision: $baseRevision) {
      id
      revision
    }
  }
`);

type Window = WikiPageWindowQuery['wikiPage'];
/** The page as its first window tells it, with the text of every window. */
type Page = Omit<Window, 'content'> & { text: string };
/** A whole page, or why it could not be read; neither while it is read. */
interface Read {
  page: Page | null;
  problem: string | null;
}

const READING: Read = { page: null, problem: null };
/** Reads in a row that met two revisions before the page is given up. */
const MIXED_READS = 3;

function pageOf(first: Window, text: string): Page {
  const { content: _content, ...rest } = first;
  void _content;
  return { ...rest, text };
}

function problemOf(error: CombinedError): string {
  return error.graphQLErrors[0]?.message ?? 'the page could not be read';
}

/** Markdown without its leading frontmatter block, for display. */
function body(text: string): string {
  const match = /^---\r?\n[\s\S]*?\r?\n(---|\.\.\.)\r?\n?/.exec(text);
  return match ? text.slice(match[0].length) : text;
}

export function WikiPageView({ workspace, path }: { workspace: string; path: string }) {
  const { readOnly } = useSession();
  const [draft, setDraft] = useState<string | null>(null);
  // Saves refused as a conflict in this edit; each reads the current page.
  const [conflicts, setConflicts] = useState(0);
  const [error, setError] = useState<FieldError | null>(null);
  // Read fresh when the page opens. An edit pauses the read (the page stays
  // as the edit found it); when the edit ends, the cache holds the newest
  // copy: a save emptied it (urql drops every result holding a WikiPage once
  // a mutation returns one), and a refused save's read of the current page
  // filled it.
  const [edited, setEdited] = useState(false);
  const [{ fetching: saving }, put] = useMutation(PutWikiPage);

  const stop = () => {
    setDraft(null);
    setConflicts(0);
  };
  const save = async (content: string, base: string) => {
    setError(null);
    const result = await put({ workspace, path, content, baseRevision: base });
    // The draft stays on screen unless the save went through.
    if (!result.error) stop();
    else if (codeOf(result.error) === 'CONFLICT') setConflicts((n) => n + 1);
    else setError(fieldError(result.error));
  };

  return (
    <WholePage
      workspace={workspace}
      path={path}
      requestPolicy={edited ? 'cache-first' : 'network-only'}
      pause={draft !== null}
    >
      {({ page, problem }) => {
        if (problem !== null)
          return (
            <p role="alert" className="problem">
              {problem}
            </p>
          );
        if (page === null) return <p className="loading">Loading {path}…</p>;
        // A page that opens with its title as a heading shows it once.
        const titled = page.outline[0]?.level === 1 && page.outline[0].text === page.title;
        return (
          <article aria-label={page.title}>
            <div className="title-row">
              {titled && draft === null ? <span /> : <h1>{page.title}</h1>}
              {!readOnly && draft === null && (
                <button
                  type="button"
                  onClick={() => {
                    setEdited(true);
                    setDraft(page.text);
                  }}
                >
                  Edit page
                </button>
              )}
            </div>
            <p className="muted">
              {workspace}/{page.path} · revision {page.revision} · {page.updatedAt.replace('T', ' ').slice(0, 16)}
              {page.updatedBy ? ` by @${page.updatedBy.username}` : ''}
            </p>
            {draft === null ? (
              <PageBody page={page} />
            ) : (
              // The current page, read once a save is refused as a conflict
              // (mounted for the whole edit, so the form keeps its state).
              <WholePage
                workspace={workspace}
                path={path}
                requestPolicy="network-only"
                pause={conflicts === 0}
                version={conflicts}
              >
                {(current) => (
                  <Editor
                    page={page}
                    current={current}
                    draft={draft}
                    setDraft={setDraft}
                    error={error}
                    saving={saving}
                    save={save}
                    stop={stop}
                  />
                )}
              </WholePage>
            )}
          </article>
        );
      }}
    </WholePage>
  );
}

/** The draft in its form and, after a refused save, the current page beside it. */
function Editor({
  page,
  current,
  draft,
  setDraft,
  error,
  saving,
  save,
  stop,
}: {
  page: Page;
  current: Read;
  draft: string;
  setDraft: (text: string) => void;
  error: FieldError | null;
  saving: boolean;
  save: (content: string, base: string) => Promise<void>;
  stop: () => void;
}) {
  const theirs = current.page;
  // A refused save whose current page could not be read says so under the
  // form, until the next save.
  const shown: FieldError | null =
    error ??
    (current.problem !== null && !saving
      ? { field: null, text: `your save was refused as a conflict, and ${current.problem}` }
      : null);
  return (
    <>
      {theirs !== null && (
        <section className="conflict" aria-label="Conflict">
          <h2 role="alert">Someone saved this page while you edited it</h2>
          <p>
            Revision {theirs.revision} is now current. Choose which version to keep, or edit yours and save again over
            the current one.
          </p>
          <div className="versions">
            <div>
              <h3>Yours</h3>
              <pre>{draft}</pre>
            </div>
            <div>
              <h3>Current (revision {theirs.revision})</h3>
              <pre>{theirs.text}</pre>
            </div>
          </div>
          <div className="actions">
            <button type="button" className="primary" onClick={() => save(draft, theirs.baseRevision)}>
              Keep mine
            </button>
            <button type="button" onClick={stop}>
              Keep the current version
            </button>
          </div>
        </section>
      )}
      <form
        aria-label="Edit page"
        onSubmit={(e) => {
          e.preventDefault();
          void save(draft, theirs?.baseRevision ?? page.baseRevision);
        }}
      >
        <MarkdownField label="Page (Markdown)" value={draft} onChange={setDraft} rows={20} />
        <FieldProblem error={shown} field="content" />
        <FieldProblem error={shown} field={null} />
        <div className="actions">
          <button type="submit" className="primary" disabled={saving}>
            Save page
          </button>
          <button type="button" onClick={stop}>
            Cancel
          </button>
        </div>
      </form>
    </>
  );
}

function PageBody({ page }: { page: Page }) {
  const jump = (text: string) => {
    const headings = document.querySelectorAll(
      '.wiki-body h1, .wiki-body h2, .wiki-body h3, .wiki-body h4, .wiki-body h5, .wiki-body h6',
    );
    Array.from(headings)
      .find((h) => h.textContent?.trim() === text)
      ?.scrollIntoView();
  };
  return (
    <div className="wiki-content">
      {page.outline.length > 1 && (
        <nav aria-label="Outline" className="outline">
          <ol>
            {page.outline.map((h) => (
              <li key={h.slug} className={`depth-${h.level}`}>
                <button type="button" className="link" onClick={() => jump(h.text)}>
                  {h.text}
                </button>
              </li>
            ))}
          </ol>
        </nav>
      )}
      <Markdown text={body(page.text)} className="prose wiki-body" />
    </div>
  );
}

/**
 * The whole page at one revision: its first window here, the rest in
 * `Windows`, each a query of its own. A save that lands between two
 * windows reads it again from the start. Paused, it keeps what it read; a
 * new `version` reads it again.
 */
function WholePage({
  workspace,
  path,
  requestPolicy,
  pause = false,
  version = 0,
  children,
}: {
  workspace: string;
  path: string;
  requestPolicy: RequestPolicy;
  pause?: boolean;
  version?: number;
  children: (read: Read) => ReactNode;
}) {
  const [{ data, error, fetching, stale }, reexecute] = useQuery({
    query: WikiPageWindow,
    variables: { workspace, path, cursor: 0 },
    requestPolicy,
    pause,
  });
  // `reads` starts the later windows over; `mixed` counts the reads in a
  // row that met two revisions.
  const [tries, setTries] = useState({ reads: 0, mixed: 0 });
  const reread = useCallback(() => {
    setTries({ reads: tries.reads + 1, mixed: tries.mixed + 1 });
    if (tries.mixed + 1 < MIXED_READS) reexecute({ requestPolicy: 'network-only' });
  }, [tries, reexecute]);
  const whole = useCallback(() => setTries((t) => (t.mixed === 0 ? t : { ...t, mixed: 0 })), []);

  // A new version reads the page again; the version it starts (or is
  // unpaused) at is read by the query itself.
  const readFor = useRef<number | null>(null);
  useEffect(() => {
    if (pause) return;
    if (readFor.current !== null && readFor.current !== version) {
      setTries((t) => (t.mixed === 0 ? t : { ...t, mixed: 0 }));
      reexecute({ requestPolicy: 'network-only' });
    }
    readFor.current = version;
  }, [pause, version, reexecute]);

  // A whole read ends a run of mixed ones.
  const oneWindow = data != null && (data.wikiPage.content.next ?? null) === null;
  useEffect(() => {
    if (oneWindow) whole();
  }, [oneWindow, whole]);

  if (tries.mixed >= MIXED_READS)
    return children({ page: null, problem: 'the page kept changing while it was read; try again' });
  if (error) return children(fetching ? READING : { page: null, problem: problemOf(error) });
  if (!data) return children(READING);
  const first = data.wikiPage;
  const next = first.content.next;
  if (next === null || next === undefined) return children({ page: pageOf(first, first.content.text), problem: null });
  return (
    <Windows
      // Another revision, or a read again, reads every later window afresh.
      key={`${first.id}@${first.revision}#${tries.reads}`}
      workspace={workspace}
      path={path}
      first={first}
      cursor={next}
      text={first.content.text}
      // Read after the first window is in, to be compared with it.
      pause={pause || fetching || stale}
      reread={reread}
      whole={whole}
    >
      {children}
    </Windows>
  );
}

/** The window at `cursor` and those after it, all of the first one's revision. */
function Windows({
  workspace,
  path,
  first,
  cursor,
  text,
  pause,
  reread,
  whole,
  children,
}: {
  workspace: string;
  path: string;
  first: Window;
  cursor: number;
  text: string;
  pause: boolean;
  reread: () => void;
  whole: () => void;
  children: (read: Read) => ReactNode;
}) {
  const [{ data, error, fetching, stale }] = useQuery({
    query: WikiPageWindow,
    variables: { workspace, path, cursor },
    requestPolicy: 'network-only',
    pause,
  });
  const piece = data?.wikiPage;
  const other = piece !== undefined && (piece.revision !== first.revision || piece.id !== first.id);
  // Judged only once nothing is on its way (a read in flight may still agree).
  const mixed = other && !pause && !fetching && !stale;
  useEffect(() => {
    if (mixed) reread();
  }, [mixed, reread]);
  const last = piece !== undefined && !other && (piece.content.next ?? null) === null;
  useEffect(() => {
    if (last) whole();
  }, [last, whole]);

  if (error) return children(fetching ? READING : { page: null, problem: problemOf(error) });
  if (piece === undefined || other) return children(READING);
  const sofar = text + piece.content.text;
  const next = piece.content.next;
  if (next === null || next === undefined) return children({ page: pageOf(first, sofar), problem: null });
  return (
    <Windows
      workspace={workspace}
      path={path}
      first={first}
      cursor={next}
      text={sofar}
      pause={pause || fetching || stale}
      reread={reread}
      whole={whole}
    >
      {children}
    </Windows>
  );
}
