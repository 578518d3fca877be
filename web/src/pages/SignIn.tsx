// Sign-in with an API token (`tasklens token create`, or the link
// `tasklens serve --demo` prints, once its account is confirmed).
import { useState, type FormEvent } from 'react';
import { isToken } from '../session';

export function SignIn({
  notice,
  onSignIn,
}: {
  /** Why this page shows: signed out, or a sign-in link refused. */
  notice: string | null;
  onSignIn: (token: string, remember: boolean) => void;
}) {
  const [token, setToken] = useState('');
  const [remember, setRemember] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = token.trim();
    if (!isToken(text)) {
      setProblem('A token starts with tl_ and holds letters, digits, - and _.');
      return;
    }
    onSignIn(text, remember);
  };

  return (
    <main className="page narrow">
      <h1>Sign in to tasklens</h1>
      {notice !== null && (
        <p role="alert" className="notice">
          {notice}
        </p>
      )}
      <form onSubmit={submit} className="stack">
        <label>
          API token
          <input
            type="password"
            name="token"
            autoComplete="off"
            spellCheck={false}
            value={token}
            onChange={(e) => setToken(e.target.value)}
            aria-invalid={problem !== null}
            aria-describedby={problem !== null ? 'token-problem' : undefined}
            required
          />
        </label>
        {problem !== null && (
          <p id="token-problem" className="field-error">
            {problem}
          </p>
        )}
        <label className="inline">
          <input type="checkbox" checked={remember} onChange={(e) => setRemember(e.target.checked)} />
          Stay signed in on this browser
        </label>
        <button type="submit">Sign in</button>
      </form>
      <p className="muted">
        Make a token with <code>tasklens token create --user NAME</code>. Without “stay signed in” the token is
        forgotten when this tab closes.
      </p>
    </main>
  );
}
