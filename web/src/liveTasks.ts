// A project page's task changes, one task at a time: each live event's
// task is read by its ref in one small query (the event itself names it
// only: a subscription's task is the server's first read of it, stale by
// the next event), and each write made on the page has its answer; either
// becomes a change handed to every column and list of the page, which put
// the card in, out of, or among their tasks themselves
// (parts/taskColumn.ts). No column reads itself again unless it cannot
// know where the card goes. Events of one task that arrive together (a
// status and a place of one write) are read once; a burst of many tasks
// (an import, a bulk edit) makes every column read itself once instead.
import { useEffect, useMemo, useRef, useState } from 'react';
import { useClient } from 'urql';
import { graphql } from './gql';
import { codeOf, REFUSALS } from './errors';
import { useTaskEvents, type LiveEvent, type LiveState } from './live';
import {
  asRecent,
  parseBoardPlace,
  placeOf,
  type BoardPlace,
  type ListedTask,
  type SeenEvent,
} from './parts/placement';

/** A task read by itself: after its live event, or a write that failed. */
const LiveTask = graphql(`
  query LiveTask($ref: String!) {
    task(ref: $ref) {
      id
      ref
      ...TaskCardFields
      ...TaskPlaceFields
    }
  }
`);

/** One task's new state, and what brought it. */
export interface TaskChange {
  /** The feed's count when it was made: a column read that began before
   * it may not hold it, and applies it again. */
  seq: number;
  ref: string;
  /** Null: gone from sight. */
  task: ListedTask | null;
  /** The events it follows; empty for a write made here. */
  events: SeenEvent[];
  /** Where a placement put it in the board's order. */
  place: BoardPlace | null;
  /** Its place in the board's order is not known here (a write that
   * failed after its place was shown): a manual-order column reads again. */
  placeUnknown?: boolean;
}

export type FeedMessage = { kind: 'change'; change: TaskChange } | { kind: 'reread' };

/** What a column asks of the feed besides its changes. */
export interface TaskFeed {
  subscribe(listener: (message: FeedMessage) => void): () => void;
  /** The count of changes made so far. */
  seq(): number;
  /** A write made on this page, applied at once (optimistic, or its
   * answer); `events` as the log will tell them (`created`). */
  wrote(task: ListedTask, place?: BoardPlace | null, events?: SeenEvent[]): void;
  /** Reads a task again and applies it, even when it seems no newer than
   * what is shown (a write that failed: its optimistic copy is undone). */
  refresh(ref: string): void;
  /** The task as a column of the page holds it. */
  lookup(ref: string): ListedTask | undefined;
  /** A column's tasks, for `lookup`; returns its removal. */
  register(find: (ref: string) => ListedTask | undefined): () => void;
  /** The viewer's username (`me` in a filter). */
  viewer: string;
  /** The project's statuses' categories, by key. */
  categoryOf(status: string): string | undefined;
}

/** More tasks than this changing at once: the columns read themselves. */
const BURST = 25;
/** The events of one write come within a moment of one another: one read. */
const GATHER_MS = 3;

/** The live events of `project` from `from`, as task changes. */
export function useLiveTasks(
  project: string | null,
  from: string | null | undefined,
  viewer: string,
  statuses: { key: string; category: string }[],
): { feed: TaskFeed; state: LiveState; events: number } {
  const client = useClient();
  const [events, setEvents] = useState(0);
  const known = useRef(statuses);
  known.current = statuses;

  const live = useMemo(() => {
    const listeners = new Set<(message: FeedMessage) => void>();
    const finders = new Set<(ref: string) => ListedTask | undefined>();
    let seq = 0;
    /** The most recent state applied per task: an older one never wins. */
    const latest = new Map<string, ListedTask>();
    /** Events waiting for their task's read, and the reads under way. */
    const waiting = new Map<string, SeenEvent[]>();
    const reading = new Set<string>();
    /** Tasks whose next read undoes a write that failed. */
    const forced = new Set<string>();
    let gather: ReturnType<typeof setTimeout> | undefined;

    const send = (message: FeedMessage) => listeners.forEach((listener) => listener(message));
    const emit = (change: Omit<TaskChange, 'seq'>, force = false) => {
      if (change.task) {
        const before = latest.get(change.ref);
        if (!force && before && !asRecent(placeOf(change.task), placeOf(before))) {
          // A move alone changes no revision: its place, as the log tells
          // it, is the latest by arrival, on the newest task known.
          const moveOnly =
            change.place && change.events.length > 0 && change.events.every((e) => e.field === 'position');
          if (!moveOnly) return;
          change = { ...change, task: before };
        }
        latest.set(change.ref, change.task!);
      } else latest.delete(change.ref);
      seq += 1;
      send({ kind: 'change', change: { ...change, seq } });
    };

    /** Reads a task and hands its change on; events that came meanwhile read it once more. */
    const read = async (ref: string, seen: SeenEvent[]) => {
      reading.add(ref);
      const force = forced.delete(ref);
      const result = await client
        .query(LiveTask, { ref }, { requestPolicy: 'network-only' })
        .toPromise()
        .catch(() => null);
      reading.delete(ref);
      const task = result?.data?.task;
      let place: BoardPlace | null = null;
      for (const e of seen) if (e.field === 'position') place = parseBoardPlace(e.new);
      // A forced read (a failed write) shows the server's task whatever was
      // shown; its place in the manual order is read by the columns again.
      if (task) emit({ ref, task: task as ListedTask, events: seen, place, placeUnknown: force && !place }, force);
      // Refused (gone, or no longer visible): out of sight, out of every column.
      else if (result && !result.data?.task && REFUSALS.has(codeOf(result.error) ?? 'INTERNAL'))
        emit({ ref, task: null, events: seen, place: null });
      // Not read (offline, a server error): the columns read themselves.
      else {
        if (force) forced.add(ref);
        send({ kind: 'reread' });
      }
      const more = waiting.get(ref);
      if (more && !gather) {
        waiting.delete(ref);
        void read(ref, more);
      }
    };

    const flush = () => {
      gather = undefined;
      const ready = [...waiting].filter(([ref]) => !reading.has(ref));
      for (const [ref] of ready) waiting.delete(ref);
      if (ready.length > BURST) return send({ kind: 'reread' });
      for (const [ref, seen] of ready) void read(ref, seen);
    };

    const feed: TaskFeed = {
      subscribe(listener) {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
      seq: () => seq,
      wrote(task, place = null, events = []) {
        emit({ ref: task.ref, task, events, place });
      },
      refresh(ref) {
        forced.add(ref);
        if (!waiting.has(ref)) waiting.set(ref, []);
        if (!gather) gather = setTimeout(flush, 0);
      },
      lookup(ref) {
        for (const find of finders) {
          const task = find(ref);
          if (task) return task;
        }
        return undefined;
      },
      register(find) {
        finders.add(find);
        return () => finders.delete(find);
      },
      viewer,
      categoryOf: (status) => known.current.find((s) => s.key === status)?.category,
    };
    return {
      feed,
      /** One live event: its task is read in a moment, with the others of the moment. */
      onEvent(event: LiveEvent) {
        const ref = event.task?.ref;
        if (!ref) return;
        const seen = waiting.get(ref) ?? [];
        seen.push({ field: event.field, old: event.oldText?.text ?? null, new: event.newText?.text ?? null });
        waiting.set(ref, seen);
        if (!gather) gather = setTimeout(flush, GATHER_MS);
      },
      reread: () => send({ kind: 'reread' }),
      dispose() {
        clearTimeout(gather);
        gather = undefined;
      },
    };
  }, [client, viewer]);

  // No gathered read starts after the page is gone.
  useEffect(() => () => live.dispose(), [live]);

  const state = useTaskEvents(project, from, (event) => {
    setEvents((n) => n + 1);
    live.onEvent(event);
  });
  // After a reconnect every column reads again: cheap insurance, as the
  // resume itself misses nothing.
  const previous = useRef(state);
  useEffect(() => {
    if (previous.current === 'reconnecting' && state === 'live') live.reread();
    previous.current = state;
  }, [state, live]);
  return { feed: live.feed, state, events };
}
