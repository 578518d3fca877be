// Signed out: the sign-in page. Signed in: one connection for the token,
// the viewer looked up once, then the app. A token the server refuses (at
// sign-in or later, when it is revoked) lands back here with the reason. A
// sign-in link's token is never taken unseen: the person confirms the
// account it signs in as (pages/SignInLink.tsx), unless this browser
// already holds that very token.
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Provider, useQuery } from 'urql';
import { connect } from './client';
import { graphql } from './gql';
import { App } from './App';
import { SessionContext, type Session } from './session-context';
import { clearToken, loadToken, saveToken, takeTokenFromLink } from './session';
import { SignIn } from './pages/SignIn';
import { SignInLink } from './pages/SignInLink';

/** Where a page starts: the stored token, and a link's token when the
 * link brings another one (which waits for the person to accept it). */
function initial(): { token: string | null; linked: string | null } {
  const stored = loadToken();
  const fromLink = takeTokenFromLink();
  return { token: stored, linked: fromLink === stored ? null : fromLink };
}

export function Root() {
  const [start] = useState(initial);
  const [token, setToken] = useState<string | null>(start.token);
  const [linked, setLinked] = useState<string | null>(start.linked);
  const [notice, setNotice] = useState<string | null>(null);

  const signOut = useCallback((why?: string) => {
    clearToken();
    setNotice(why === undefined ? null : `You were signed out: ${why}`);
    setToken(null);
    window.history.replaceState(null, '', `${window.location.pathname}#/`);
  }, []);
  const signIn = useCallback((next: string, remember: boolean) => {
    saveToken(next, remember);
    setNotice(null);
    setToken(next);
  }, []);
  // A sign-in link opened in a tab that already shows the board waits for
  // the person too, signed in or not (a link from someone else must not
  // move anyone into another account unseen).
  useEffect(() => {
    const onHash = () => {
      const fromLink = takeTokenFromLink();
      if (fromLink !== null && fromLink !== token) setLinked(fromLink);
    };
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, [token]);

  if (linked !== null) {
    return (
      <SignInLink
        key={linked}
        linked={linked}
        current={token}
        onAccept={() => {
          signIn(linked, false);
          setLinked(null);
        }}
        onDecline={() => {
          setNotice(null);
          setLinked(null);
        }}
        onRefused={(why) => {
          setLinked(null);
          setNotice(`The sign-in link was not used: ${why}`);
        }}
      />
    );
  }
  if (token === null) return <SignIn notice={notice} onSignIn={signIn} />;
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
  useEffect(() => () => connection.close(), [connection]);
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
