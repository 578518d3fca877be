// One GraphQL client per signed-in token, the only store of server data:
// queries and mutations as `POST /graphql` through urql's document cache,
// subscriptions through the same client over graphql-ws at `/graphql/ws`.
// An answer of 401 (a revoked or unknown token) signs the person out with
// the server's reason.
import { Client, cacheExchange, fetchExchange, subscriptionExchange } from 'urql';
import { createClient as createWsClient } from 'graphql-ws';

export interface Connection {
  graphql: Client;
  /** Whether the socket is up now (a subscription sent on it starts at once). */
  wsConnected: () => boolean;
  /** Calls `listener` each time the socket (re)connects; returns its removal. */
  onConnected: (listener: () => void) => () => void;
  /** Closes the socket for good (sign-out, another account). */
  close: () => void;
}

/** The server's words for a refused token: its message and hint. */
async function refusal(response: Response): Promise<string> {
  try {
    const body = JSON.parse(await response.clone().text());
    const error = body?.errors?.[0];
    const hint = error?.extensions?.hint;
    if (typeof error?.message === 'string') return hint ? `${error.message}: ${hint}` : error.message;
  } catch {
    // Not JSON, or the read was cut short: the status says enough.
  }
  return `the server refused the token (HTTP ${response.status}): it is unknown or was revoked`;
}

export function connect(token: string, onRefused: (reason: string) => void): Connection {
  const authorization = `Bearer ${token}`;
  let refused = false;
  const refuse = (reason: string) => {
    if (refused) return;
    refused = true;
    onRefused(reason);
  };

  let connected = false;
  let socket: WebSocket | null = null;
  let pongDue: ReturnType<typeof setTimeout> | undefined;
  const scheme = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
  const ws = createWsClient({
    url: `${scheme}//${window.location.host}/graphql/ws`,
    connectionParams: () => ({ Authorization: authorization }),
    lazy: true,
    // Reconnects are the subscriber's (see live.ts): each resumes from the
    // last event it saw, which a blind retry of the first request would not.
    retryAttempts: 0,
    // A ping every 15 s; no pong within 5 s means the socket is dead (a
    // laptop woke up, a proxy dropped it): close it, and the subscribers
    // resume.
    keepAlive: 15_000,
    on: {
      connected: (opened) => {
        connected = true;
        socket = opened as WebSocket;
      },
      ping: (received) => {
        if (received) return;
        pongDue = setTimeout(() => {
          if (socket?.readyState === WebSocket.OPEN) socket.close(4408, 'no pong');
        }, 5_000);
      },
      pong: (received) => {
        if (received) clearTimeout(pongDue);
      },
      closed: (event) => {
        connected = false;
        socket = null;
        clearTimeout(pongDue);
        const close = event as CloseEvent;
        // 4401/4403: the token was refused or revoked while connected.
        if (close?.code === 4401 || close?.code === 4403) refuse(close.reason || 'the token was refused');
      },
    },
  });

  const graphql = new Client({
    url: '/graphql',
    exchanges: [
      cacheExchange,
      fetchExchange,
      subscriptionExchange({
        forwardSubscription: (request) => ({
          subscribe: (sink) => ({ unsubscribe: ws.subscribe({ ...request, query: request.query ?? '' }, sink) }),
        }),
      }),
    ],
    preferGetMethod: false,
    fetchOptions: () => ({
      headers: { authorization, accept: 'application/graphql-response+json, application/json' },
    }),
    fetch: async (input, init) => {
      const response = await fetch(input, init);
      if (response.status === 401) refuse(await refusal(response));
      return response;
    },
  });

  return {
    graphql,
    wsConnected: () => connected,
    onConnected: (listener) => ws.on('connected', listener),
    close: () => void ws.dispose(),
  };
}
