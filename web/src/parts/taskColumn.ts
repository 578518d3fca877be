// One list of tasks (a board column, a list view) read a page at a time by
// cursor, and kept current by the page's task changes (liveTasks.ts)
// without reading it again: a changed task is taken out and put back where
// the view's filter and order say (placement.ts), or left out when it now
// sorts past the pages read (the next page brings it, as the cursor is a
// place in the order). Only what cannot be known here reads again: the
// whole column when a task's place is unknown (a word only the description
// may hold; the board's manual order without a placement), its count alone
// when a task out of the pages read may or may not have been counted.
import type { Client, CombinedError } from 'urql';
import { graphql } from '../gql';
import type { TaskFilter, TaskOrder } from '../gql/graphql';
import type { FeedMessage, TaskChange, TaskFeed } from '../liveTasks';
import { compare, matchedBefore, matches, placeOf, type ListedTask, type MatchContext } from './placement';
import { unlessDragging } from './drag';

export const PAGE_SIZE = 50;
/** The API's largest page: a column read again in as few requests as it can. */
const MOST_PER_READ = 200;
/** Unknowns of one moment read the column once. */
const REREAD_MS = 20;
/** Long enough for a write's event and its task's read to arrive. */
const SETTLE_MS = 700;

const TaskPageQuery = graphql(`
  query TaskPage($filter: TaskFilter!, $order: TaskOrder!, $first: Int!, $after: String) {
    tasks(filter: $filter, order: $order, first: $first, after: $after) {
      totalCount
      pageInfo {
        hasNextPage
        endCursor
      }
      nodes {
        id
        ref
        ...TaskCardFields
        ...TaskPlaceFields
      }
    }
  }
`);

const TaskCount = graphql(`
  query TaskCount($filter: TaskFilter!) {
    tasks(filter: $filter, first: 0) {
      totalCount
    }
  }
`);

export interface ColumnView {
  /** Null until the first page is in. */
  tasks: ListedTask[] | null;
  total: number | null;
  hasNext: boolean;
  loadingMore: boolean;
  /** The last "load more" failed: no more are read until asked again. */
  moreFailed: boolean;
  /** The first read's failure (a later one keeps what is shown). */
  error: CombinedError | null;
}

/** A change as this column took it: whether the task is in it now. */
type Taken = TaskChange & { inside: boolean };

/** Whether a change may have changed the words of a task (a write made
 * here tells no events: it may). */
const changesText = (change: TaskChange) =>
  change.events.length === 0 || change.events.some((e) => e.field === 'title' || e.field === 'description');

export class TaskColumn {
  view: ColumnView = { tasks: null, total: null, hasNext: false, loadingMore: false, moreFailed: false, error: null };
  private listeners = new Set<() => void>();
  private list: ListedTask[] = [];
  /** The last task the server gave, while more pages follow: the cursor's place. */
  private boundary: ListedTask | null = null;
  private endCursor: string | null = null;
  private hasNext = false;
  private pages = 0;
  private loaded = false;
  /** What the view shows besides the tasks, as of now (the view itself
   * waits while a card is dragged). */
  private loadingMore = false;
  private moreFailed = false;
  private error: CombinedError | null = null;
  /** Each "load more" takes the next number: only the latest one ends the loading. */
  private moreRequest = 0;
  /** The count as the server last gave it, as of the feed's `countAsOf`, and the changes to it since. */
  private counted = 0;
  private countAsOf = 0;
  private deltas: { seq: number; delta: number; at: number }[] = [];
  /** The latest change of each task since the last whole read. */
  private changes = new Map<string, Taken>();
  /** Each whole read takes the next number; an older one's answer is dropped. */
  private generation = 0;
  private rereadTimer: ReturnType<typeof setTimeout> | undefined;
  private countTimer: ReturnType<typeof setTimeout> | undefined;
  private disposed = false;
  private readingAll = false;
  /** Something asked for a whole read while one was under way. */
  private again = false;
  private offFeed = () => {};
  private offRegistry = () => {};

  constructor(
    private client: Client,
    private filter: TaskFilter,
    private order: TaskOrder,
    private feed?: TaskFeed,
  ) {}

  start(): void {
    if (this.feed) {
      this.offFeed = this.feed.subscribe((message) => this.onFeed(message));
      this.offRegistry = this.feed.register((ref) => this.list.find((t) => t.ref === ref));
    }
    void this.readAll();
  }

  dispose(): void {
    this.disposed = true;
    clearTimeout(this.rereadTimer);
    clearTimeout(this.countTimer);
    this.offFeed();
    this.offRegistry();
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
  snapshot = (): ColumnView => this.view;

  has(ref: string): boolean {
    return this.list.some((t) => t.ref === ref);
  }

  private emit() {
    // Shown once a card being dragged is dropped: nothing moves under the
    // pointer, and a render meanwhile still reads the view it was drawn from.
    unlessDragging(this.publish);
  }

  /** The view as of now, to every listener. */
  private publish = () => {
    if (this.disposed) return;
    const total = this.loaded ? this.counted + this.deltas.reduce((n, d) => n + d.delta, 0) : null;
    this.view = {
      tasks: this.loaded ? this.list : null,
      total,
      hasNext: this.hasNext,
      loadingMore: this.loadingMore,
      moreFailed: this.moreFailed,
      error: this.error,
    };
    this.listeners.forEach((listener) => listener());
  };

  private seq(): number {
    return this.feed?.seq() ?? 0;
  }

  private async page(first: number, after: string | null) {
    return this.client
      .query(TaskPageQuery, { filter: this.filter, order: this.order, first, after }, { requestPolicy: 'network-only' })
      .toPromise();
  }

  /** Reads every page shown (at least the first) again, in place of what is shown. */
  private async readAll(): Promise<void> {
    this.readingAll = true;
    this.again = false;
    let unknown = false;
    try {
      unknown = await this.readPages();
    } finally {
      this.readingAll = false;
    }
    if (unknown || this.again) this.reread();
  }

  /** True when a change that came meanwhile still has no known place. */
  private async readPages(): Promise<boolean> {
    const generation = ++this.generation;
    const asOf = this.seq();
    const wanted = Math.max(1, this.pages) * PAGE_SIZE;
    const nodes: ListedTask[] = [];
    let after: string | null = null;
    let total = 0;
    let hasNext = false;
    do {
      const result = await this.page(Math.min(MOST_PER_READ, wanted - nodes.length), after);
      if (generation !== this.generation || this.disposed) return false;
      const tasks = result.data?.tasks;
      if (!tasks) {
        // A failed read again keeps what is shown; a failed first read says
        // why. A "load more" it replaced has ended either way.
        if (!this.loaded) this.error = result.error ?? null;
        this.loadingMore = false;
        this.emit();
        return false;
      }
      if (after === null) total = tasks.totalCount;
      nodes.push(...(tasks.nodes as ListedTask[]));
      hasNext = tasks.pageInfo.hasNextPage;
      after = tasks.pageInfo.endCursor ?? null;
    } while (hasNext && nodes.length < wanted);
    const seen = new Set<string>();
    this.list = nodes.filter((t) => !seen.has(t.ref) && seen.add(t.ref));
    this.boundary = hasNext ? nodes[nodes.length - 1] : null;
    this.hasNext = hasNext;
    this.endCursor = after;
    this.pages = Math.ceil(nodes.length / PAGE_SIZE);
    this.loaded = true;
    this.counted = total;
    this.countAsOf = asOf;
    this.deltas = this.deltas.filter((d) => d.seq > asOf);
    // What changed after the read began may be missing from it: again.
    let unknown = false;
    for (const [ref, change] of this.changes) {
      if (change.seq <= asOf) this.changes.delete(ref);
      else if (!this.put(change)) unknown = true;
    }
    this.error = null;
    this.loadingMore = false;
    this.moreFailed = false;
    this.emit();
    this.settle(asOf);
    return unknown;
  }

  /** The next page, after the last one read. */
  async loadMore(): Promise<void> {
    if (!this.hasNext || this.loadingMore || this.endCursor === null) return;
    const generation = this.generation;
    const request = ++this.moreRequest;
    const asOf = this.seq();
    this.loadingMore = true;
    this.moreFailed = false;
    this.emit();
    const result = await this.page(PAGE_SIZE, this.endCursor);
    if (this.disposed || request !== this.moreRequest) return;
    if (generation !== this.generation) {
      // A whole read replaced it: that read's pages are shown instead.
      this.loadingMore = false;
      this.emit();
      return;
    }
    const tasks = result.data?.tasks;
    this.loadingMore = false;
    if (!tasks) {
      // Not read again by itself (the end of the list is still in view): a button retries.
      this.moreFailed = true;
      this.emit();
      return;
    }
    const nodes = tasks.nodes as ListedTask[];
    const shown = new Set(this.list.map((t) => t.ref));
    // A task this column already moved among the pages read stays there.
    this.list = [...this.list, ...nodes.filter((t) => !shown.has(t.ref))];
    this.hasNext = tasks.pageInfo.hasNextPage;
    this.endCursor = tasks.pageInfo.endCursor ?? null;
    this.boundary = this.hasNext ? (nodes[nodes.length - 1] ?? this.boundary) : null;
    this.pages += 1;
    for (const change of this.changes.values()) if (change.seq > asOf) this.put(change);
    this.emit();
  }

  private onFeed(message: FeedMessage) {
    if (message.kind === 'reread') this.reread();
    else this.take(message.change);
  }

  /** The whole column again, soon (unknowns of one moment read once). A
   * read under way already applies what came after it began, and reads
   * again if that is still unknown. */
  private reread() {
    if (this.readingAll) {
      // It may have begun before what made this unknown: once more after it.
      this.again = true;
      return;
    }
    clearTimeout(this.rereadTimer);
    this.rereadTimer = setTimeout(() => void this.readAll(), REREAD_MS);
  }

  /** The count alone again, soon (a read under way at most once more after it). */
  private recount() {
    if (this.countTimer) return;
    this.countTimer = setTimeout(async () => {
      this.countTimer = undefined;
      const asOf = this.seq();
      const result = await this.client
        .query(TaskCount, { filter: this.filter }, { requestPolicy: 'network-only' })
        .toPromise();
      if (this.disposed || !result.data) return;
      if (asOf < this.countAsOf) return;
      this.counted = result.data.tasks.totalCount;
      this.countAsOf = asOf;
      this.deltas = this.deltas.filter((d) => d.seq > asOf);
      this.emit();
      this.settle(asOf);
    }, REREAD_MS);
  }

  /**
   * A count read as of `asOf` may already hold a write whose change comes
   * after it (its event, then its task's read, are on their way): once
   * they have come, a change counted since then may be counted twice, and
   * the count alone is read again.
   */
  private settle(asOf: number) {
    const read = performance.now();
    setTimeout(() => {
      if (this.disposed || this.countAsOf !== asOf) return;
      // Only what came soon after it: a later change's write came later too.
      if (this.deltas.some((d) => d.seq > asOf && d.at - read < SETTLE_MS)) this.recount();
    }, SETTLE_MS);
  }

  private context(): MatchContext {
    return { viewer: this.feed?.viewer ?? '' };
  }

  /** A change of one task: in or out of this column, and where. */
  private take(change: TaskChange) {
    const ctx = this.context();
    let inside = change.task ? matches(this.filter, placeOf(change.task), ctx) : false;
    // A text filter's words the title lacks: a task shown here, whose text
    // did not change, still has them (in its description).
    if (inside === null && change.task && this.filter.text != null && this.has(change.ref) && !changesText(change))
      inside = matches({ ...this.filter, text: undefined }, placeOf(change.task), ctx);
    if (inside === null) {
      this.changes.delete(change.ref);
      this.reread();
      return;
    }
    if (!this.loaded) {
      // The first read is under way; it applies this when it comes (and
      // its count may or may not hold it: `settle` looks again).
      this.changes.set(change.ref, { ...change, inside });
      this.deltas.push({ seq: change.seq, delta: 0, at: performance.now() });
      return;
    }
    // Was it counted? Known when this column had it (or had its last
    // change), or holds every page; else from the events, undone.
    const earlier = this.changes.get(change.ref);
    let was: boolean | null;
    if (earlier) was = earlier.inside;
    else if (this.has(change.ref)) was = true;
    else if (!this.hasNext) was = false;
    else if (change.task && change.events.length > 0)
      was = matchedBefore(this.filter, placeOf(change.task), change.events, ctx, (s) => this.feed?.categoryOf(s));
    else was = null;
    if (was === null) this.recount();
    else if (was !== inside) this.deltas.push({ seq: change.seq, delta: inside ? 1 : -1, at: performance.now() });
    const taken = { ...change, inside };
    this.changes.set(change.ref, taken);
    if (!this.put(taken)) this.reread();
    this.emit();
  }

  /** Puts a changed task where it goes; false when that cannot be known. */
  private put(change: Taken): boolean {
    const at = this.list.findIndex((t) => t.ref === change.ref);
    const rest = at < 0 ? this.list : [...this.list.slice(0, at), ...this.list.slice(at + 1)];
    const task = change.task;
    if (!change.inside || !task) {
      this.list = rest;
      return true;
    }
    const index = this.order === 'BOARD' ? this.anchored(rest, change, at) : this.sorted(rest, task);
    if (index === null) {
      // Unknown: it stays where it was, fresh, until the column reads again.
      if (at >= 0) this.list = [...rest.slice(0, at), task, ...rest.slice(at)];
      return false;
    }
    this.list = index === 'past' ? rest : [...rest.slice(0, index), task, ...rest.slice(index)];
    return true;
  }

  /** By the order's keys; `past` when it sorts after the pages read. */
  private sorted(rest: ListedTask[], task: ListedTask): number | 'past' {
    const place = placeOf(task);
    if (this.boundary && (compare(this.order, place, placeOf(this.boundary)) ?? 0) > 0) return 'past';
    const index = rest.findIndex((t) => (compare(this.order, place, placeOf(t)) ?? 0) < 0);
    return index < 0 ? rest.length : index;
  }

  /** The board's manual order, whose ranks the API keeps to itself: a
   * placement names the neighbour; a new task goes on top; any other
   * change keeps the task where it was. Null when it cannot be known. */
  private anchored(rest: ListedTask[], change: Taken, at: number): number | null {
    const place = change.place;
    if (change.placeUnknown) return null;
    if (place) {
      if ('first' in place) return 0;
      const neighbour = 'after' in place ? place.after : place.before;
      const index = rest.findIndex((t) => t.ref === neighbour);
      if (index < 0) return null;
      // Right after the last task read is where it was dropped: shown there
      // (the next page, read after that task, leaves it out as shown).
      return 'before' in place ? index : index + 1;
    }
    if (change.events.some((e) => e.field === 'created')) return 0;
    return at >= 0 ? at : null;
  }
}
