// The signed-in app: a header with the places and sign-out, and the page
// the address names (hash routes: `#/p/KEY`, `#/t/KEY-12`, …, so that the
// server serves one page at `/`).
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, Route, Router, Switch, useLocation } from 'wouter';
import { useHashPath } from './hashLocation';
import { useSession } from './session-context';
import { Projects } from './pages/Projects';
import { ProjectTasks, MyTasks } from './pages/Tasks';
import { TaskPage } from './pages/TaskPage';
import { Agents } from './pages/Agents';
import { Activity } from './pages/Activity';
import { Wiki } from './pages/Wiki';
import { focusWhenThere } from './parts/focus';
import { ErrorBoundary } from './parts/ErrorBoundary';
import { ShortcutHelp, useGlobalShortcuts } from './parts/Shortcuts';
import { Palette } from './parts/Palette';
import { ThemeToggle } from './parts/ThemeToggle';

/** A path segment as typed; a malformed escape is kept as it is. */
function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** On a move to another place, focus goes to its heading, as a page load
 * would put a screen reader at the top of the new page. */
function FocusOnNavigation() {
  const [location] = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    focusWhenThere('main h1');
  }, [location]);
  return null;
}

/** The pages' error boundary, cleared by a move to another address. */
function PageBoundary({ children }: { children: ReactNode }) {
  const [location] = useLocation();
  return <ErrorBoundary address={location}>{children}</ErrorBoundary>;
}

/** The task a card or row with focus shows, else the one whose page this is. */
function taskInFocus(): string | null {
  const card = document.activeElement?.closest('[data-ref]')?.getAttribute('data-ref');
  if (card) return card;
  const page = /^#\/t\/([^/?]+)/.exec(window.location.hash);
  return page ? decode(page[1]) : null;
}

/** The dialog open over every page: the command palette or the shortcuts. */
type Overlay = 'palette' | 'help' | null;

export function App() {
  const { displayName, readOnly, signOut } = useSession();
  const [overlay, setOverlay] = useState<Overlay>(null);
  // The task the palette's actions are about: the card or row with focus
  // as it opens (the palette then takes focus), else the task page's.
  const [focusedTask, setFocusedTask] = useState<string | null>(null);
  const openPalette = useCallback(() => {
    setFocusedTask(taskInFocus());
    setOverlay('palette');
  }, []);
  const openHelp = useCallback(() => setOverlay('help'), []);
  const close = useCallback(() => setOverlay(null), []);
  useGlobalShortcuts({ openPalette, openHelp });
  return (
    <Router hook={useHashPath}>
      <FocusOnNavigation />
      <a
        className="skip"
        href="#main"
        onClick={(e) => {
          e.preventDefault();
          focusWhenThere('main');
        }}
      >
        Skip to the page
      </a>
      <header className="top">
        <nav aria-label="Main">
          <Link href="/" className="brand">
            tasklens
          </Link>
          <Link href="/">Projects</Link>
          <Link href="/my">My tasks</Link>
          <Link href="/agents">Agents</Link>
          <Link href="/activity">Activity</Link>
          <Link href="/wiki">Wiki</Link>
          <a href="/graphql">GraphiQL</a>
        </nav>
        <div className="who">
          <button type="button" onClick={openPalette} aria-keyshortcuts="Control+K Meta+K">
            Search <kbd className="hint-key">Ctrl K</kbd>
          </button>
          <button type="button" onClick={openHelp} aria-keyshortcuts="?" aria-label="Keyboard shortcuts">
            ?
          </button>
          <ThemeToggle />
          <span>
            {displayName}
            {readOnly && <span className="badge">read-only</span>}
          </span>
          <button type="button" onClick={() => signOut()}>
            Sign out
          </button>
        </div>
      </header>
      {/* The skip link's target: the page below, whichever it is. */}
      <div id="main">
        <PageBoundary>
          <Switch>
            <Route path="/" component={Projects} />
            <Route path="/my">{() => <MyTasks />}</Route>
            <Route path="/p/:key">
              {(params) => <ProjectTasks key={params.key} project={params.key} view="board" />}
            </Route>
            <Route path="/p/:key/list">
              {(params) => <ProjectTasks key={params.key} project={params.key} view="list" />}
            </Route>
            <Route path="/t/:ref">{(params) => <TaskPage key={params.ref} taskRef={params.ref} />}</Route>
            <Route path="/agents" component={Agents} />
            <Route path="/activity" component={Activity} />
            <Route path="/wiki">{() => <Wiki />}</Route>
            <Route path="/wiki/:workspace/*">
              {(params) => (
                <Wiki workspace={decode(params.workspace)} path={params['*'].split('/').map(decode).join('/')} />
              )}
            </Route>
            <Route>
              <main className="page">
                <h1>Not found</h1>
                <p>
                  Nothing lives at this address. <Link href="/">See your projects</Link>.
                </p>
              </main>
            </Route>
          </Switch>
        </PageBoundary>
      </div>
      {overlay === 'palette' && <Palette onClose={close} focusedTask={focusedTask} />}
      {overlay === 'help' && <ShortcutHelp onClose={close} />}
    </Router>
  );
}
