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

function initialToken(): string | null {
  const fromLink = takeTokenFromLink();
  if (fromLink !== null) {
    saveToken(fromLink, false);
    return fromLink;
  }
  return loadToken();
}

export function Root() {
  const [token, setToken] = useState<string | null>(initialToken);
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
  // A sign-in link opened in a tab that already shows the board.
  useEffect(() => {
    const onHash = () => {
      const fromLink = takeTokenFromLink();
      if (fromLink !== null) signIn(fromLink, false);
    };
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, [signIn]);

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
