// Live task events of one project through the app's urql client (over
// graphql-ws), from the cursor of the read the page shows
// (`Project.lastEventCursor`), resumed after a drop: every (re)subscription
// asks for the events after the last one seen, so nothing is missed, and an
// event already seen is never applied twice. A refusal (the project out of
// sight, the token revoked) stops it.
import type { GraphQLFormattedError } from 'graphql';
import { useEffect, useRef, useState } from 'react';
import { onEnd, pipe, subscribe as forEach } from 'wonka';
import { graphql } from './gql';
import type { LiveTaskEventsSubscription } from './gql/graphql';
import { useConnection } from './session-context';
import { codeIn, REFUSALS } from './errors';

const LiveTaskEvents = graphql(`
  subscription LiveTaskEvents($project: String!, $after: String) {
    taskEvents(project: $project, after: $after) {
      id
      cursor
      field
      # The values a board places a card by: a status, an assignee, a due
      # date before the change, a board position after it (short: a long
      # description's text is cut, and never needed).
      oldText(maxChars: 200) {
        text
      }
      newText(maxChars: 200) {
        text
      }
      # Only its ref: the server gives a subscription's task as it first
      # read it, not as each event leaves it (liveTasks.ts reads it anew).
      task {
        ref
      }
    }
  }
`);

export type LiveEvent = LiveTaskEventsSubscription['taskEvents'];
export type LiveState = 'connecting' | 'live' | 'reconnecting' | 'stopped';

/** Whether a subscription's error is the server's refusal, not a drop. */
function refused(error: unknown): boolean {
  if (!Array.isArray(error)) return false;
  return (error as GraphQLFormattedError[]).some((e) => {
    const code = codeIn(e);
    return code !== null && REFUSALS.has(code);
  });
}

/** Waits before the n-th reconnect: 0.5 s, 1 s, 2 s, … at most 10 s. */
function backoff(attempt: number): number {
  return Math.min(10_000, 500 * 2 ** Math.min(attempt, 5));
}

/**
 * Calls `onEvent` once per event of `project` after `from` (an event
 * cursor; null: from now on; undefined: not known yet, so not started).
 * Returns the connection's state.
 */
export function useTaskEvents(
  project: string | null,
  from: string | null | undefined,
  onEvent: (event: LiveEvent) => void,
): LiveState {
  const { graphql, onConnected, wsConnected } = useConnection();
  const [state, setState] = useState<LiveState>('connecting');
  const handler = useRef(onEvent);
  handler.current = onEvent;

  useEffect(() => {
    if (project === null || from === undefined) return;
    let cursor = from;
    let stopped = false;
    let attempt = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let unsubscribe = () => {};
    const seen = new Set<string>();

    const subscribe = () => {
      setState(attempt === 0 ? 'connecting' : 'reconnecting');
      let ended = false;
      const end = (error?: unknown) => {
        if (ended || stopped) return;
        ended = true;
        // This subscription is over: a retry must not get it back shared.
        unsubscribe();
        if (refused(error)) {
          setState('stopped');
          return;
        }
        setState('reconnecting');
        timer = setTimeout(subscribe, backoff(attempt++));
      };
      // A refusal comes as GraphQL errors, a drop as a network error; either
      // way the subscription then ends.
      ({ unsubscribe } = pipe(
        graphql.subscription(LiveTaskEvents, { project, after: cursor }),
        onEnd(() => end()),
        forEach((result) => {
          // An event with an error in one of its fields still counts; only
          // an error without an event ends the subscription.
          const event = result.data?.taskEvents;
          if (!event) {
            if (result.error) end(result.error.graphQLErrors.length > 0 ? result.error.graphQLErrors : result.error);
            return;
          }
          attempt = 0;
          setState('live');
          cursor = event.cursor;
          if (seen.has(event.id)) return;
          seen.add(event.id);
          if (seen.size > 10_000) seen.clear();
          handler.current(event);
        }),
      ));
      // On a socket already up no `connected` event comes.
      if (wsConnected()) setState('live');
    };
    const offConnected = onConnected(() => {
      attempt = 0;
      setState('live');
    });
    subscribe();
    return () => {
      stopped = true;
      clearTimeout(timer);
      offConnected();
      unsubscribe();
    };
  }, [graphql, onConnected, wsConnected, project, from]);

  return state;
}
