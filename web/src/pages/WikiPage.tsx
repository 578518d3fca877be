// One wiki page: its Markdown read whole (window by window, all of one
// revision), rendered and sanitized, with its outline; edited against the
// revision it was read at. A save over a newer revision (CONFLICT) shows
// the person's version beside the current one: keep theirs, keep mine, or
// edit on.
import { useCallback, useEffect, useState } from 'react';
import { useMutation, type Client } from 'urql';
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

type Page = Omit<WikiPageWindowQuery['wikiPage'], 'content'> & { text: string };

/** The whole page at one revision: read again from the start if a save
 * lands between two windows. */
async function readWhole(client: Client, workspace: string, path: string): Promise<Page | string> {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    let text = '';
    let cursor: number | null | undefined = 0;
    let first: WikiPageWindowQuery['wikiPage'] | null = null;
    let mixed = false;
    while (cursor !== null && cursor !== undefined) {
      const result = await client
        .query(WikiPageWindow, { workspace, path, cursor }, { requestPolicy: 'network-only' })
        .toPromise();
      if (result.error || !result.data) return result.error?.graphQLErrors[0]?.message ?? 'the page could not be read';
      const page: WikiPageWindowQuery['wikiPage'] = result.data.wikiPage;
      first ??= page;
      if (page.revision !== first.revision || page.id !== first.id) {
        mixed = true;
        break;
      }
      text += page.content.text;
      cursor = page.content.next;
    }
    if (!mixed && first !== null) {
      const { content: _content, ...rest } = first;
      void _content;
      return { ...rest, text };
    }
  }
  return 'the page kept changing while it was read; try again';
}

/** Markdown without its leading frontmatter block, for display. */
function body(text: string): string {
  const match = /^---\r?\n[\s\S]*?\r?\n(---|\.\.\.)\r?\n?/.exec(text);
  return match ? text.slice(match[0].length) : text;
}

export function WikiPageView({ workspace, path }: { workspace: string; path: string }) {
  const { connection, readOnly } = useSession();
  const [page, setPage] = useState<Page | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [draft, setDraft] = useState<string | null>(null);
  const [conflict, setConflict] = useState<Page | null>(null);
  const [error, setError] = useState<FieldError | null>(null);
  const [{ fetching: saving }, put] = useMutation(PutWikiPage);

  const load = useCallback(async () => {
    const read = await readWhole(connection.graphql, workspace, path);
    if (typeof read === 'string') setProblem(read);
    else setPage(read);
    return read;
  }, [connection, workspace, path]);
  useEffect(() => {
    void load();
  }, [load]);

  const save = async (content: string, base: string) => {
    setError(null);
    const result = await put({ workspace, path, content, baseRevision: base });
    if (!result.error) {
      setDraft(null);
      setConflict(null);
      await load();
      return;
    }
    if (codeOf(result.error) === 'CONFLICT') {
      const current = await readWhole(connection.graphql, workspace, path);
      // The draft stays on screen whatever happens here.
      if (typeof current !== 'string') setConflict(current);
      else setError({ field: null, text: `your save was refused as a conflict, and ${current}` });
    } else {
      setError(fieldError(result.error));
    }
  };

  if (problem !== null)
    return (
      <p role="alert" className="problem">
        {problem}
      </p>
    );
  if (page === null) return <p className="loading">Loading {path}…</p>;
  const jump = (text: string) => {
    const headings = document.querySelectorAll(
      '.wiki-body h1, .wiki-body h2, .wiki-body h3, .wiki-body h4, .wiki-body h5, .wiki-body h6',
    );
    Array.from(headings)
      .find((h) => h.textContent?.trim() === text)
      ?.scrollIntoView();
  };

  // A page that opens with its title as a heading shows it once.
  const titled = page.outline[0]?.level === 1 && page.outline[0].text === page.title;
  return (
    <article aria-label={page.title}>
      <div className="title-row">
        {titled && draft === null ? <span /> : <h1>{page.title}</h1>}
        {!readOnly && draft === null && (
          <button type="button" onClick={() => setDraft(page.text)}>
            Edit page
          </button>
        )}
      </div>
      <p className="muted">
        {workspace}/{page.path} · revision {page.revision} · {page.updatedAt.replace('T', ' ').slice(0, 16)}
        {page.updatedBy ? ` by @${page.updatedBy.username}` : ''}
      </p>
      {conflict !== null && draft !== null && (
        <section className="conflict" aria-label="Conflict">
          <h2 role="alert">Someone saved this page while you edited it</h2>
          <p>
            Revision {conflict.revision} is now current. Choose which version to keep, or edit yours and save again over
            the current one.
          </p>
          <div className="versions">
            <div>
              <h3>Yours</h3>
              <pre>{draft}</pre>
            </div>
            <div>
              <h3>Current (revision {conflict.revision})</h3>
              <pre>{conflict.text}</pre>
            </div>
          </div>
          <div className="actions">
            <button type="button" className="primary" onClick={() => save(draft, conflict.baseRevision)}>
              Keep mine
            </button>
            <button
              type="button"
              onClick={() => {
                setPage(conflict);
                setConflict(null);
                setDraft(null);
              }}
            >
              Keep the current version
            </button>
          </div>
        </section>
      )}
      {draft !== null ? (
        <form
          aria-label="Edit page"
          onSubmit={(e) => {
            e.preventDefault();
            void save(draft, conflict?.baseRevision ?? page.baseRevision);
          }}
        >
          <MarkdownField label="Page (Markdown)" value={draft} onChange={setDraft} rows={20} />
          <FieldProblem error={error} field="content" />
          <FieldProblem error={error} field={null} />
          <div className="actions">
            <button type="submit" className="primary" disabled={saving}>
              Save page
            </button>
            <button
              type="button"
              onClick={() => {
                setDraft(null);
                setConflict(null);
              }}
            >
              Cancel
            </button>
          </div>
        </form>
      ) : (
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
      )}
    </article>
  );
}
