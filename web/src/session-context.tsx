// Who is signed in, for every page: the connection (GraphQL and
// graphql-ws), the viewer's name, whether the token may write, and sign-out.
import { createContext, useContext } from 'react';
import type { Connection } from './client';

export interface Session {
  connection: Connection;
  username: string;
  displayName: string;
  /** The token is read-only: no edit control is shown. */
  readOnly: boolean;
  signOut: (reason?: string) => void;
}

export const SessionContext = createContext<Session | null>(null);

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (session === null) throw new Error('useSession outside a signed-in page');
  return session;
}

export function useConnection(): Connection {
  return useSession().connection;
}
