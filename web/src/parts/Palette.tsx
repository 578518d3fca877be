// The command palette (Ctrl+K / Cmd+K): one field that finds a task by
// its ref (`DEMO-3`) or the words of its title, a project by name, a wiki
// page, or a place of the app, and goes there; and actions on the task in
// focus as it opened (the focused card or row, or the task page's task):
// open it, move it to a status, set its priority, assign it to me,
// unassign it. A modal
// dialog holding a combobox and its listbox: arrow keys choose, Enter
// goes (or acts), Escape closes and gives focus back.
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { useMutation, useQuery } from 'urql';
import { useLocation } from 'wouter';
import { graphql } from '../gql';
import type { UpdateTaskInput } from '../gql/graphql';
import { useSession } from '../session-context';
import { Dialog } from './Dialog';
import { useDebounced } from './useDebounced';
import { messageOf } from './Problem';
import { focusWhenThere } from './focus';
import { wikiHref } from '../pages/Wiki';
import { PRIORITIES } from './Options';

const PaletteSearch = graphql(`
  query PaletteSearch($words: String!) {
    tasks(filter: { text: $words }, order: UPDATED, first: 6) {
      nodes {
        id
        ref
        title
      }
    }
    projects(filter: { name: $words }, first: 5) {
      nodes {
        id
        key
        name
      }
    }
    searchWiki(query: $words, first: 5) {
      nodes {
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

// Apart from the words: an unknown ref is an error, which must not empty
// the other results.
const PaletteTask = graphql(`
  query PaletteTask($ref: String!) {
    task(ref: $ref) {
      id
      ref
      title
    }
  }
`);

const PaletteFocusedTask = graphql(`
  query PaletteFocusedTask($ref: String!) {
    viewer {
      username
    }
    task(ref: $ref) {
      id
      ref
      title
      deleted
      priority
      status {
        key
      }
      assignee {
        username
      }
      project {
        key
        statuses {
          key
          name
        }
      }
    }
  }
`);

const PaletteUpdateTask = graphql(`
  mutation PaletteUpdateTask($ref: String!, $input: UpdateTaskInput!) {
    updateTask(ref: $ref, input: $input) {
      ...TaskCardFields
    }
  }
`);

interface Item {
  key: string;
  kind: 'Action' | 'Task' | 'Project' | 'Wiki page' | 'Go to';
  label: string;
  /** Where it goes… */
  href?: string;
  /** …or what it does: the server's words when it failed, else null. */
  run?: () => Promise<string | null>;
}

const PLACES: Item[] = [
  { key: 'place:/', kind: 'Go to', label: 'Projects', href: '/' },
  { key: 'place:/my', kind: 'Go to', label: 'My tasks', href: '/my' },
  { key: 'place:/agents', kind: 'Go to', label: 'Agents', href: '/agents' },
  { key: 'place:/activity', kind: 'Go to', label: 'Activity', href: '/activity' },
  { key: 'place:/wiki', kind: 'Go to', label: 'Wiki', href: '/wiki' },
];

const REF = /^[A-Za-z][A-Za-z0-9_]*-\d+$/;

/** The actions on the focused task whose words hold every word typed. */
function useTaskActions(taskRef: string | null, text: string): { actions: Item[]; fetching: boolean } {
  const { readOnly } = useSession();
  const [{ data, fetching }] = useQuery({
    query: PaletteFocusedTask,
    variables: { ref: taskRef ?? '' },
    pause: taskRef === null,
    requestPolicy: 'network-only',
  });
  const [, update] = useMutation(PaletteUpdateTask);
  const task = taskRef !== null ? data?.task : undefined;
  if (!task) return { actions: [], fetching };
  const write = (input: UpdateTaskInput, focus?: string) => async () => {
    const result = await update({ ref: task.ref, input });
    if (result.error) return messageOf(result.error);
    // A moved card leaves its column: focus follows it there.
    if (focus) focusWhenThere(focus);
    return null;
  };
  const items: Item[] = [
    { key: 'action:open', kind: 'Action', label: `Open ${task.ref} ${task.title}`, href: `/t/${task.ref}` },
  ];
  if (!readOnly && !task.deleted) {
    for (const status of task.project?.statuses ?? []) {
      if (status.key === task.status?.key) continue;
      items.push({
        key: `action:move:${status.key}`,
        kind: 'Action',
        label: `Move ${task.ref} to ${status.name}`,
        run: write(
          { status: status.key },
          `[data-status="${CSS.escape(status.key)}"] [data-ref="${CSS.escape(task.ref)}"] a.card-title, .row[data-ref="${CSS.escape(task.ref)}"] a.row-title`,
        ),
      });
    }
    for (const priority of PRIORITIES) {
      if (priority === task.priority) continue;
      const words = priority === 'NONE' ? 'no priority' : `priority ${priority.toLowerCase()}`;
      items.push({
        key: `action:priority:${priority}`,
        kind: 'Action',
        label: `Set ${task.ref} to ${words}`,
        run: write({ priority }),
      });
    }
    if (task.assignee?.username !== data?.viewer.username)
      items.push({
        key: 'action:me',
        kind: 'Action',
        label: `Assign ${task.ref} to me`,
        run: write({ assignee: 'me' }),
      });
    if (task.assignee)
      items.push({
        key: 'action:nobody',
        kind: 'Action',
        label: `Unassign ${task.ref}`,
        run: write({ assignee: null }),
      });
  }
  const words = text.trim().toLowerCase().split(/\s+/).filter(Boolean);
  return { actions: items.filter((item) => words.every((word) => item.label.toLowerCase().includes(word))), fetching };
}

/** What the palette offers for `text`: actions on the focused task, the
 * task the ref names, then tasks, projects and wiki pages by words, then
 * the places whose name matches. */
function usePaletteItems(text: string, focusedTask: string | null): { items: Item[]; searching: boolean } {
  const words = useDebounced(text.trim(), 150);
  const ref = REF.test(words) ? words.toUpperCase() : '';
  const [byRef] = useQuery({ query: PaletteTask, variables: { ref }, pause: ref === '' });
  const [byWords] = useQuery({ query: PaletteSearch, variables: { words }, pause: words === '' });
  const { actions, fetching: acting } = useTaskActions(focusedTask, text);
  const items: Item[] = [];
  const seen = new Set<string>();
  const add = (item: Item) => {
    if (seen.has(item.key)) return;
    seen.add(item.key);
    items.push(item);
  };
  actions.forEach(add);
  const task = ref !== '' ? byRef.data?.task : undefined;
  if (task) add({ key: `task:${task.ref}`, kind: 'Task', label: `${task.ref} ${task.title}`, href: `/t/${task.ref}` });
  if (words !== '' && byWords.data) {
    const found = byWords.data;
    for (const t of found.tasks.nodes)
      add({ key: `task:${t.ref}`, kind: 'Task', label: `${t.ref} ${t.title}`, href: `/t/${t.ref}` });
    for (const p of found.projects.nodes)
      add({ key: `project:${p.key}`, kind: 'Project', label: `${p.key} ${p.name}`, href: `/p/${p.key}` });
    for (const { page } of found.searchWiki.nodes)
      add({
        key: `wiki:${page.workspace.key}/${page.path}`,
        kind: 'Wiki page',
        label: page.title,
        href: wikiHref(page.workspace.key, page.path),
      });
  }
  const lower = text.trim().toLowerCase();
  for (const place of PLACES) if (place.label.toLowerCase().includes(lower)) add(place);
  const settling = words !== text.trim();
  return { items, searching: settling || byWords.fetching || byRef.fetching || acting };
}

export function Palette({ onClose, focusedTask }: { onClose: () => void; focusedTask: string | null }) {
  const heading = useId();
  const list = useId();
  const [text, setText] = useState('');
  // The highlighted item by its key, not its place: results that arrive
  // late and land above it do not move the highlight onto another item.
  const [activeKey, setActiveKey] = useState<string | null>(null);
  const [location, navigate] = useLocation();
  const leaving = useRef(false);
  const [running, setRunning] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const { items, searching } = usePaletteItems(text, focusedTask);
  const at = activeKey === null ? -1 : items.findIndex((item) => item.key === activeKey);
  const chosen = at >= 0 ? at : items.length > 0 ? 0 : -1;
  const setActive = (index: number) => setActiveKey(items[index]?.key ?? null);

  const go = async (item: Item | undefined) => {
    if (!item || running) return;
    if (item.run) {
      // The palette stays open while the write runs, and says why it failed.
      setRunning(true);
      setProblem(null);
      const failed = await item.run();
      setRunning(false);
      if (failed !== null) return setProblem(`${item.label}: ${failed}`);
      onClose();
      return;
    }
    if (item.href === undefined) return;
    // Another page takes focus to its heading; the same page gives it back.
    leaving.current = item.href !== location;
    onClose();
    navigate(item.href);
  };
  const onKey = (event: KeyboardEvent) => {
    const last = items.length - 1;
    if (event.key === 'ArrowDown') setActive(chosen >= last ? 0 : chosen + 1);
    else if (event.key === 'ArrowUp') setActive(chosen <= 0 ? last : chosen - 1);
    else if (event.key === 'Enter') {
      // Not while results are still coming: one arriving could take the
      // highlight's place just as Enter acts on it.
      if (!searching && chosen >= 0) void go(items[chosen]);
    } else return;
    event.preventDefault();
  };

  return (
    <Dialog labelledBy={heading} onClose={onClose} className="palette" returnFocus={() => !leaving.current}>
      <h2 id={heading} className="visually-hidden">
        Command palette
      </h2>
      <input
        type="text"
        role="combobox"
        aria-label="Go to a task, project or page, or act on the focused task"
        aria-expanded={items.length > 0}
        aria-controls={list}
        aria-autocomplete="list"
        aria-activedescendant={chosen >= 0 ? `${list}-${chosen}` : undefined}
        placeholder={
          focusedTask
            ? `Act on ${focusedTask}, or find a task, project, page…`
            : 'Task ref or words, project, wiki page…'
        }
        autoComplete="off"
        spellCheck={false}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setActiveKey(null);
        }}
        onKeyDown={onKey}
        autoFocus
      />
      <ul id={list} role="listbox" aria-label="Results" className="palette-results">
        {items.map((item, index) => (
          <li
            key={item.key}
            id={`${list}-${index}`}
            role="option"
            aria-selected={index === chosen}
            onMouseDown={(e) => e.preventDefault()}
            onMouseMove={() => setActive(index)}
            onClick={() => void go(item)}
          >
            <span className="palette-kind">{item.kind}</span> {item.label}
          </li>
        ))}
      </ul>
      <p className="muted palette-status" role="status">
        {running ? 'Saving…' : searching ? 'Searching…' : items.length === 0 ? 'Nothing matches.' : ''}
      </p>
      {problem && (
        <p className="problem" role="alert">
          {problem}
        </p>
      )}
    </Dialog>
  );
}
