// The next page of a connection, on demand: a button until it is pressed,
// then the page itself (drawn by `next` from the end cursor).
import { useState, type ReactNode } from 'react';

export function More({
  pageInfo,
  label,
  next,
}: {
  pageInfo: { hasNextPage: boolean; endCursor?: string | null };
  label: string;
  next: (after: string | null) => ReactNode;
}) {
  const [shown, setShown] = useState(false);
  if (!pageInfo.hasNextPage) return null;
  if (shown) return <>{next(pageInfo.endCursor ?? null)}</>;
  return (
    <button type="button" onClick={() => setShown(true)}>
      {label}
    </button>
  );
}
