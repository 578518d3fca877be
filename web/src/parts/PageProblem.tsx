// A page whose first read failed: "Not found" when its address names
// nothing this token may see, the server's words either way, and a way on.
import type { CombinedError } from 'urql';
import { Link } from 'wouter';
import { codeOf } from '../errors';
import { Problem } from './Problem';

export function PageProblem({ error, what }: { error: CombinedError; what: string }) {
  const missing = codeOf(error) === 'NOT_FOUND';
  return (
    <main className="page">
      <h1>{missing ? 'Not found' : `Could not load ${what}`}</h1>
      <Problem error={error} />
      <p>
        <Link href="/">See your projects</Link>
      </p>
    </main>
  );
}
