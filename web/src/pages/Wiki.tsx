// The wiki: the page tree and search (`#/wiki`), a page rendered from its
// Markdown with its outline (`#/wiki/WS/path`), and editing with the base
// revision: a save over someone else's shows both versions and lets the
// person choose.
import { useState } from 'react';
import { useQuery } from 'urql';
import { Link } from 'wouter';
import { graphql } from '../gql';
import { More } from '../parts/More';
import { Problem } from '../parts/Problem';
import { useDebounced } from '../parts/useDebounced';
import { WikiPageView } from './WikiPage';

const WikiTreePage = graphql(`
  query WikiTreePage($after: String) {
    wikiTree(first: 200, after: $after) {
      pageInfo {
        hasNextPage
        endCursor
      }
      nodes {
        path
        title
        depth
        workspace {
          key
          name
        }
      }
    }
  }
`);

const WikiSearch = graphql(`
  query WikiSearch($query: String!) {
    searchWiki(query: $query, first: 20) {
      totalCount
      nodes {
        excerpt
        page {
          id
          path
          title
          workspace {
            key
          }
        }
      }
    }
  }
`);

export function wikiHref(workspace: string, path: string): string {
  return `/wiki/${encodeURIComponent(workspace)}/${path.split('/').map(encodeURIComponent).join('/')}`;
}

export function Wiki({ workspace, path }: { workspace?: string; path?: string }) {
  return (
    <main className="page wide wiki">
      <aside className="wiki-side" aria-label="Wiki pages">
        <WikiSearchBox />
        <h2>Pages</h2>
        <TreePage after={null} previous={null} />
      </aside>
      <div className="wiki-main">
        {workspace && path ? (
          <WikiPageView key={`${workspace}/${path}`} workspace={workspace} path={path} />
        ) : (
          <>
            <h1>Wiki</h1>
            <p className="muted">Choose a page, or search.</p>
          </>
        )}
      </div>
    </main>
  );
}

/** One page of the tree, its pages under a heading per workspace (the
 * tree comes by workspace; a workspace that goes on from the page before
 * gets no second heading). */
function TreePage({ after, previous }: { after: string | null; previous: string | null }) {
  const [{ data, error }] = useQuery({ query: WikiTreePage, variables: { after } });
  if (error && !data) return <Problem error={error} />;
  if (!data) return <p className="loading">Loading pages…</p>;
  const { nodes, pageInfo } = data.wikiTree;
  const groups: { key: string; name: string; nodes: typeof nodes }[] = [];
  for (const node of nodes) {
    const key = node.workspace?.key ?? '';
    const last = groups[groups.length - 1];
    if (last && last.key === key) last.nodes.push(node);
    else groups.push({ key, name: node.workspace?.name ?? key, nodes: [node] });
  }
  const lastKey = groups[groups.length - 1]?.key ?? previous;
  return (
    <>
      {groups.map((group, index) => (
        <div key={`${group.key}-${index}`} className="tree-group">
          {!(index === 0 && group.key === previous) && <h3 className="workspace-heading">{group.name}</h3>}
          <ul className="tree" aria-label={`Pages of ${group.name}`}>
            {group.nodes.map((node) => (
              <li key={`${group.key}/${node.path}`} className={`depth-${Math.min(node.depth, 6)}`}>
                <Link href={wikiHref(group.key, node.path)}>{node.title}</Link>
              </li>
            ))}
          </ul>
        </div>
      ))}
      {nodes.length === 0 && after === null && <p className="muted">No wiki page yet.</p>}
      <More pageInfo={pageInfo} label="More pages" next={(after) => <TreePage after={after} previous={lastKey} />} />
    </>
  );
}

function WikiSearchBox() {
  const [text, setText] = useState('');
  const query = useDebounced(text.trim(), 300);
  const [{ data, error }] = useQuery({ query: WikiSearch, variables: { query }, pause: query === '' });
  return (
    <div role="search" aria-label="Wiki search">
      <label>
        Search the wiki
        <input type="search" value={text} onChange={(e) => setText(e.target.value)} placeholder="words" />
      </label>
      {error && <Problem error={error} />}
      {query !== '' && data && (
        <ol className="hits" aria-label="Search results">
          {data.searchWiki.nodes.map((hit) => (
            <li key={hit.page.id}>
              <Link href={wikiHref(hit.page.workspace.key, hit.page.path)}>{hit.page.title}</Link>
              <p className="muted">{hit.excerpt}</p>
            </li>
          ))}
          {data.searchWiki.totalCount === 0 && <li className="muted">No page holds every word.</li>}
        </ol>
      )}
    </div>
  );
}
