// A sign-in link's token, before it is kept: the page names the account it
// signs in as (asked with that token alone) and waits for the person.
// Signed out: "Sign in as NAME" or "Stay signed out". Signed in with
// another token: both accounts named, then switch or stay. A token the
// server refuses is never kept; its reason shows instead.
import { useEffect, useState } from 'react';
import { connect } from '../client';
import { graphql } from '../gql';

const LinkAccount = graphql(`
  query LinkAccount {
    viewer {
      username
      displayName
    }
  }
`);

type Account =
  | { state: 'loading' }
  | { state: 'known'; username: string; displayName: string }
  | { state: 'refused'; reason: string };

/** Whom a token signs in as, asked with that token alone (nothing kept). */
function useAccount(token: string | null): Account {
  const [account, setAccount] = useState<Account>({ state: 'loading' });
  useEffect(() => {
    if (token === null) return;
    let current = true;
    let refused: string | null = null;
    const connection = connect(token, (reason) => {
      refused = reason;
    });
    void connection.graphql
      .query(LinkAccount, {})
      .toPromise()
      .then(({ data, error }) => {
        if (!current) return;
        if (data) setAccount({ state: 'known', username: data.viewer.username, displayName: data.viewer.displayName });
        else setAccount({ state: 'refused', reason: refused ?? error?.message ?? 'the server did not answer' });
      });
    return () => {
      current = false;
      connection.close();
    };
  }, [token]);
  return account;
}

function Name({ account }: { account: { username: string; displayName: string } }) {
  if (account.displayName === '' || account.displayName === account.username)
    return <strong>{account.username}</strong>;
  return (
    <>
      <strong>{account.displayName}</strong> ({account.username})
    </>
  );
}

export function SignInLink({
  linked,
  current,
  onAccept,
  onDecline,
  onRefused,
}: {
  /** The link's token. */
  linked: string;
  /** The token this tab holds, if any. */
  current: string | null;
  onAccept: () => void;
  onDecline: () => void;
  /** Signed out only: the server refused the link's token, for this reason. */
  onRefused: (reason: string) => void;
}) {
  const account = useAccount(linked);
  const holder = useAccount(current);
  const signedOut = current === null;
  useEffect(() => {
    if (signedOut && account.state === 'refused') onRefused(account.reason);
  }, [signedOut, account, onRefused]);

  if (account.state === 'loading' || (!signedOut && holder.state === 'loading')) {
    return <p className="loading">Checking the sign-in link…</p>;
  }
  if (account.state === 'refused') {
    if (signedOut) return null;
    return (
      <main className="page narrow">
        <h1>The sign-in link was not used</h1>
        <p role="alert" className="notice">
          The server refused its token: {account.reason}
        </p>
        <p>This tab stays signed in with the token it had.</p>
        <div className="actions">
          <button type="button" className="primary" autoFocus onClick={onDecline}>
            Back to the board
          </button>
        </div>
      </main>
    );
  }
  if (signedOut) {
    return (
      <main className="page narrow">
        <h1>Sign in as {account.username}?</h1>
        <p>
          The link you opened signs in as <Name account={account} />. Everything you do next happens as that user:
          continue only if you made or asked for that link yourself.
        </p>
        <div className="actions">
          <button type="button" className="primary" autoFocus onClick={onAccept}>
            Sign in as {account.username}
          </button>
          <button type="button" onClick={onDecline}>
            Stay signed out
          </button>
        </div>
        <p className="muted">Signed in from a link, the token is forgotten when this tab closes.</p>
      </main>
    );
  }
  const same = holder.state === 'known' && holder.username === account.username;
  return (
    <main className="page narrow">
      <h1>Switch to another token?</h1>
      <p>
        {holder.state === 'known' ? (
          <>
            This tab is signed in as <Name account={holder} />.
          </>
        ) : (
          'This tab is signed in.'
        )}{' '}
        The link you opened signs in with a different token, as {same ? 'the same user' : <Name account={account} />}.
        Switch only if you made or asked for that link yourself: everything you do next happens as its user.
      </p>
      <div className="actions">
        <button type="button" className="primary" autoFocus onClick={onAccept}>
          Switch to the link's token
        </button>
        <button type="button" onClick={onDecline}>
          Stay signed in as before
        </button>
      </div>
    </main>
  );
}
