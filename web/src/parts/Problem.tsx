// A failed request, in the server's words (its message and hint).
import type { CombinedError } from 'urql';

export function hintOf(error: CombinedError): string | null {
  const hint = error.graphQLErrors[0]?.extensions?.hint;
  return typeof hint === 'string' ? hint : null;
}

export function messageOf(error: CombinedError): string {
  const first = error.graphQLErrors[0];
  if (first) return first.message;
  return error.networkError ? `the server could not be reached (${error.networkError.message})` : error.message;
}

export function Problem({ error }: { error: CombinedError }) {
  const hint = hintOf(error);
  return (
    <p role="alert" className="problem">
      {messageOf(error)}
      {hint !== null && <span className="hint"> — {hint}</span>}
    </p>
  );
}
