// The codes the server puts in an error's `extensions.code` (the server's
// ErrorCode, docs/graphql.md), named once for the pages that act on them.
import type { CombinedError } from 'urql';

export type ErrorCode =
  | 'BAD_USER_INPUT'
  | 'NOT_FOUND'
  | 'FORBIDDEN'
  | 'UNAUTHENTICATED'
  | 'CONFLICT'
  | 'PERSISTED_QUERY_NOT_FOUND'
  | 'REPLY_TOO_LARGE'
  | 'UNAVAILABLE'
  | 'INTERNAL';

/** An error's code as the server sent it (a GraphQL error's extensions). */
export function codeIn(error: { extensions?: Record<string, unknown> } | undefined): ErrorCode | null {
  const code = error?.extensions?.code;
  return typeof code === 'string' ? (code as ErrorCode) : null;
}

/** The code of a request's first GraphQL error; null for a network failure. */
export function codeOf(error: CombinedError | null | undefined): ErrorCode | null {
  return codeIn(error?.graphQLErrors[0]);
}

/** Codes that a retry of the same request meets again: the server refused it. */
export const REFUSALS: ReadonlySet<ErrorCode> = new Set([
  'NOT_FOUND',
  'FORBIDDEN',
  'UNAUTHENTICATED',
  'BAD_USER_INPUT',
]);
