// Signed out: the sign-in page. Signed in: one connection for the token,
// the viewer looked up once, then the app. A token the server refuses (at
// sign-in or later, when it is revoked) lands back here with the reason.
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Provider, useQuery } from 'urql';
import { connect } from './client';
import { graphql } from './gql';
import { App } from './App';
import { SessionContext, type Session } from './session-context';
import { clearToken, loadToken, saveToken, takeTokenFromLink } from './session';
import { SignIn } from './pages/SignIn';

/** Where a page starts: the stored token, and a link's token when the
 * link brings another one (which waits for the person to accept it). */
function initial(): { token: string | null; linked: string | null } {
  const stored = loadToken();
  const fromLink = takeTokenFromLink();
  if (fromLink === null || fromLink === stored) return { token: stored, linked: null };
  if (stored === null) {
    saveToken(fromLink, false);
    return { token: fromLink, linked: null };
  }
  return { token: stored, linked: fromLink };
}

export function Root() {
  const [start] = useState(initial);
  const [token, setToken] = useState<string | null>(start.token);
  const [linked, setLinked] = useState<string | null>(start.linked);
  const [reason, setReason] = useState<string | null>(null);

  const signOut = useCallback((why?: string) => {
    clearToken();
    setReason(why ?? null);
    setToken(null);
    window.history.replaceState(null, '', `${window.location.pathname}#/`);
  }, []);
  const signIn = useCallback((next: string, remember: boolean) => {
    saveToken(next, remember);
    setReason(null);
    setToken(next);
  }, []);
  // A sign-in link opened in a tab that already shows the board: signed
  // out, it signs in; signed in, a link of another token must be accepted
  // (a link from someone else must not switch accounts unseen).
  useEffect(() => {
    const onHash = () => {
      const fromLink = takeTokenFromLink();
      if (fromLink === null || fromLink === token) return;
      if (token === null) signIn(fromLink, false);
      else setLinked(fromLink);
    };
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, [signIn, token]);

  if (linked !== null && token !== null) {
    return (
      <main className="page narrow">
        <h1>Switch to another token?</h1>
        <p>
          The link you opened signs in with a different token than the one this browser holds. Switch only if you made
          or asked for that link yourself: everything you do next happens as its user.
        </p>
        <div className="actions">
          <button
            type="button"
            className="primary"
            onClick={() => {
              signIn(linked, false);
              setLinked(null);
            }}
          >
            Switch to the link's token
          </button>
          <button type="button" onClick={() => setLinked(null)}>
            Stay signed in as before
          </button>
        </div>
      </main>
    );
  }
  if (token === null) return <SignIn reason={reason} onSignIn={signIn} />;
  return <SignedIn key={token} token={token} signOut={signOut} />;
}

const Me = graphql(`
  query Me {
    viewer {
      username
      displayName
    }
    viewerToken {
      readOnly
    }
  }
`);

function SignedIn({ token, signOut }: { token: string; signOut: (reason?: string) => void }) {
  const connection = useMemo(() => connect(token, signOut), [token, signOut]);
  useEffect(() => () => void connection.ws.dispose(), [connection]);
  return (
    <Provider value={connection.graphql}>
      <WhoAmI connection={connection} signOut={signOut} />
    </Provider>
  );
}

function WhoAmI({ connection, signOut }: { connection: Session['connection']; signOut: Session['signOut'] }) {
  const [{ data, error }] = useQuery({ query: Me });
  const session = useMemo<Session | null>(
    () =>
      data
        ? {
            connection,
            username: data.viewer.username,
            displayName: data.viewer.displayName,
            readOnly: data.viewerToken.readOnly,
            signOut,
          }
        : null,
    [data, connection, signOut],
  );
  if (error && !data) {
    return (
      <main className="page narrow">
        <h1>tasklens</h1>
        <p role="alert">The server could not be reached: {error.message}</p>
        <button type="button" onClick={() => signOut()}>
          Sign out
        </button>
      </main>
    );
  }
  if (session === null) return <p className="loading">Signing in…</p>;
  return (
    <SessionContext.Provider value={session}>
      <App />
    </SessionContext.Provider>
  );
}
