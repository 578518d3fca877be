/* eslint-disable */
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';
export type Maybe<T> = T | null;
export type InputMaybe<T> = T | null | undefined;
export type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
export type MakeOptional<T, K extends keyof T> = Omit<T, K> & { [SubKey in K]?: Maybe<T[SubKey]> };
export type MakeMaybe<T, K extends keyof T> = Omit<T, K> & { [SubKey in K]: Maybe<T[SubKey]> };
export type MakeEmpty<T extends { [key: string]: unknown }, K extends keyof T> = { [_ in K]?: never };
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
/** All built-in and custom scalars, mapped to their actual values */
export type Scalars = {
  ID: { input: string; output: string; }
  String: { input: string; output: string; }
  Boolean: { input: boolean; output: boolean; }
  Int: { input: number; output: number; }
  Float: { input: number; output: number; }
  /**
   * Implement the DateTime<Utc> scalar
   *
   * The input/output is a string in RFC3339 format.
   */
  DateTime: { input: string; output: string; }
  /** A scalar that can represent any JSON value. */
  JSON: { input: unknown; output: unknown; }
  /**
   * ISO 8601 calendar date without timezone.
   * Format: %Y-%m-%d
   *
   * # Examples
   *
   * * `1994-11-13`
   * * `2000-02-24`
   */
  NaiveDate: { input: string; output: string; }
};

/** Narrows the activity feed. */
export type ActivityFilter = {
  /** Username, or `me`. */
  actor?: InputMaybe<Scalars['String']['input']>;
  /** Project key. */
  project?: InputMaybe<Scalars['String']['input']>;
  since?: InputMaybe<Scalars['DateTime']['input']>;
};

export type AgentSession = {
  __typename?: 'AgentSession';
  endedAt?: Maybe<Scalars['DateTime']['output']>;
  heartbeatAt: Scalars['DateTime']['output'];
  /** The session id (`ag_...`), passed to heartbeatAgent and endAgent. */
  id: Scalars['ID']['output'];
  name: Scalars['String']['output'];
  startedAt: Scalars['DateTime']['output'];
  /** Free text the agent reports, like `running tests`. */
  status?: Maybe<Scalars['String']['output']>;
  /** The task being worked on, when the caller sees it. */
  task?: Maybe<Task>;
  user?: Maybe<User>;
};

export type AgentSessionConnection = {
  __typename?: 'AgentSessionConnection';
  /** A list of edges. */
  edges: Array<AgentSessionEdge>;
  /** A list of nodes. */
  nodes: Array<AgentSession>;
  /** Information to aid in pagination. */
  pageInfo: PageInfo;
  /** How many items the whole list holds, across all pages. */
  totalCount: Scalars['Int']['output'];
};

/** An edge in a connection. */
export type AgentSessionEdge = {
  __typename?: 'AgentSessionEdge';
  /** A cursor for use in pagination */
  cursor: Scalars['String']['output'];
  /** The item at the end of the edge */
  node: AgentSession;
};

export type ApiToken = {
  __typename?: 'ApiToken';
  createdAt: Scalars['DateTime']['output'];
  /**
   * The token's id, for `revokeApiToken`; `tasklens token list` shows
   * the same token by its number.
   */
  id: Scalars['ID']['output'];
  /** Within a minute. */
  lastUsedAt?: Maybe<Scalars['DateTime']['output']>;
  name: Scalars['String']['output'];
  /** The number `tasklens token revoke` takes. */
  number: Scalars['Int']['output'];
  readOnly: Scalars['Boolean']['output'];
  revokedAt?: Maybe<Scalars['DateTime']['output']>;
  /** The one workspace the token reaches, when it is scoped. */
  workspace?: Maybe<Workspace>;
};

export type ApiTokenConnection = {
  __typename?: 'ApiTokenConnection';
  /** A list of edges. */
  edges: Array<ApiTokenEdge>;
  /** A list of nodes. */
  nodes: Array<ApiToken>;
  /** Information to aid in pagination. */
  pageInfo: PageInfo;
  /** How many items the whole list holds, across all pages. */
  totalCount: Scalars['Int']['output'];
};

/** An edge in a connection. */
export type ApiTokenEdge = {
  __typename?: 'ApiTokenEdge';
  /** A cursor for use in pagination */
  cursor: Scalars['String']['output'];
  /** The item at the end of the edge */
  node: ApiToken;
};

export type Comment = Node & {
  __typename?: 'Comment';
  author?: Maybe<User>;
  /** HTML. */
  body: Scalars['String']['output'];
  /** The body as plain text or Markdown, in a window or an excerpt. */
  bodyText: TextWindow;
  createdAt: Scalars['DateTime']['output'];
  id: Scalars['ID']['output'];
  task?: Maybe<Task>;
  updatedAt: Scalars['DateTime']['output'];
};


export type CommentBodyTextArgs = {
  cursor?: Scalars['Int']['input'];
  cut?: TextCut;
  format?: TextFormat;
  maxChars?: Scalars['Int']['input'];
};

export type CommentConnection = {
  __typename?: 'CommentConnection';
  /** A list of edges. */
  edges: Array<CommentEdge>;
  /** A list of nodes. */
  nodes: Array<Comment>;
  /** Information to aid in pagination. */
  pageInfo: PageInfo;
  /** How many items the whole list holds, across all pages. */
  totalCount: Scalars['Int']['output'];
};

/** An edge in a connection. */
export type CommentEdge = {
  __typename?: 'CommentEdge';
  /** A cursor for use in pagination */
  cursor: Scalars['String']['output'];
  /** The item at the end of the edge */
  node: Comment;
};

export type CreateProjectInput = {
  /** HTML. */
  description?: InputMaybe<Scalars['String']['input']>;
  /** 2 to 16 capital letters or digits, starting with a letter. */
  key: Scalars['String']['input'];
  name: Scalars['String']['input'];
  /** Workspace key. */
  workspace: Scalars['String']['input'];
};

export type CreateTaskInput = {
  /** Username, or `me`. */
  assignee?: InputMaybe<Scalars['String']['input']>;
  coworkers?: Array<Scalars['String']['input']>;
  /** HTML. */
  description?: InputMaybe<Scalars['String']['input']>;
  /**
   * Markdown (CommonMark, GFM tables and task lists), stored as HTML;
   * instead of `description`.
   */
  descriptionMarkdown?: InputMaybe<Scalars['String']['input']>;
  dueDate?: InputMaybe<Scalars['NaiveDate']['input']>;
  kind?: InputMaybe<TaskKind>;
  /** Label names of the project. */
  labels?: Array<Scalars['String']['input']>;
  /** Parent task ref, in the same project. */
  parent?: InputMaybe<Scalars['String']['input']>;
  priority?: InputMaybe<Priority>;
  /** Project key. */
  project: Scalars['String']['input'];
  /** Status key; the project's first status when absent. */
  status?: InputMaybe<Scalars['String']['input']>;
  title: Scalars['String']['input'];
};

/** An endpoint to make. */
export type CreateWebhookInput = {
  /** The events sent; every one when left out. */
  events?: InputMaybe<Array<WebhookEvent>>;
  /** Only this project's changes (its key). */
  project?: InputMaybe<Scalars['String']['input']>;
  /** `https://...` (or `http://` to loopback, when the server allows it). */
  url: Scalars['String']['input'];
  /** Workspace key. */
  workspace: Scalars['String']['input'];
};

/** A new token: its text is shown here once and stored nowhere. */
export type CreatedApiToken = {
  __typename?: 'CreatedApiToken';
  apiToken: ApiToken;
  /** `tl_...`: send it as `Authorization: Bearer tl_...`. */
  token: Scalars['String']['output'];
};

export type Label = {
  __typename?: 'Label';
  color?: Maybe<Scalars['String']['output']>;
  id: Scalars['ID']['output'];
  name: Scalars['String']['output'];
};

export type Mutation = {
  __typename?: 'Mutation';
  /**
   * `body` is HTML; `bodyMarkdown` (instead) is Markdown (CommonMark,
   * GFM tables and task lists), stored as HTML.
   */
  addComment: Comment;
  addProjectMember: ProjectMember;
  /**
   * Claims the first open task nobody holds, most urgent then oldest,
   * of a project, with all of `labels` and of an assignee when given;
   * null when there is none. Agents asking at once get different tasks.
   */
  claimNextTask?: Maybe<Task>;
  /**
   * Claims a task for an agent session (`session`, or the token's open
   * one): no other session can claim it while the claim lives, which is
   * `ttlSeconds` (default 900, at most 86400) past the session's last
   * heartbeat. Claiming again renews. Another session's live claim is
   * CONFLICT, naming the holder and when the claim lapses.
   */
  claimTask: Task;
  /**
   * Creates an API token for the caller; its text is in the answer once.
   * A scoped token creates only tokens of its own scope.
   */
  createApiToken: CreatedApiToken;
  /** Creates a project with the default workflow; the caller manages it. */
  createProject: Project;
  createTask: Task;
  /** Makes an endpoint; its signing secret is in the answer once. */
  createWebhook: WebhookWithSecret;
  /**
   * Leaves a tombstone: the task leaves every list; `task(ref)` still
   * answers with `deleted: true`.
   */
  deleteTask: Task;
  /** Deletes one of the caller's views; the deleted view. */
  deleteView: SavedView;
  /** Removes an endpoint and its deliveries. */
  deleteWebhook: Webhook;
  /** Ends a session; without `id`, the token's open session. */
  endAgent: AgentSession;
  /** Marks a session alive; without `id`, the token's open session. */
  heartbeatAgent: AgentSession;
  /**
   * Changes part of a wiki page read at `baseRevision` (whole or
   * `.partial`; a stale one is CONFLICT). Give exactly one of: `find`, a
   * snippet that must occur exactly once (its count is reported
   * otherwise), replaced by `replace`; or `section`, a heading's text or
   * slug whose whole section, heading line included, becomes `replace`
   * (start `replace` with the heading to keep it).
   */
  patchWikiPage: WikiPage;
  /**
   * Creates a wiki page (`baseRevision` absent or "0"), or replaces its
   * whole content when `baseRevision` is its current revision (else
   * CONFLICT, with the current revision in the hint). A `"N.partial"`
   * revision (from a window or a section) is refused: read the whole page
   * or use patchWikiPage. `title` defaults to the frontmatter's `title`,
   * else the first heading, else the path's last segment. `workspace` (a
   * key) is needed to create a page; `project` (a key) files the page
   * under a project of that workspace, and left out keeps the page's.
   */
  putWikiPage: WikiPage;
  /** Sends a delivery again, under the same `webhook-id`. */
  redeliverWebhookDelivery: WebhookDelivery;
  /** Starts an agent session bound to the calling token. */
  registerAgent: AgentSession;
  /**
   * Gives a claim up; a task the session does not hold is answered as
   * it is.
   */
  releaseTask: Task;
  /**
   * Revokes one of the caller's tokens, and the tokens created with it:
   * refused from their next request on, and their open subscriptions end
   * within seconds.
   */
  revokeApiToken: ApiToken;
  /**
   * A new signing secret, in the answer once; the old one keeps signing
   * beside it for `graceHours` (24 by default, at most 168), so that
   * receivers can switch without losing a delivery. Another rotation
   * while an old secret still signs is refused (receivers may still hold
   * it), unless `graceHours` is 0, which ends every old secret at once.
   */
  rotateWebhookSecret: WebhookWithSecret;
  /**
   * Saves a view of a project's board under a name (replacing the
   * caller's own of that name); at most 50 per person and project.
   */
  saveView: SavedView;
  /**
   * Changes the given fields; each change is recorded as a task event
   * and moves `revision` on by one. With `expectedRevision`, only if the
   * task is still at that revision: else nothing is written and the
   * error (CONFLICT) carries `currentRevision` and `changedSince`.
   */
  updateTask: Task;
  updateWebhook: Webhook;
};


export type MutationAddCommentArgs = {
  body?: InputMaybe<Scalars['String']['input']>;
  bodyMarkdown?: InputMaybe<Scalars['String']['input']>;
  ref: Scalars['String']['input'];
};


export type MutationAddProjectMemberArgs = {
  project: Scalars['String']['input'];
  role?: ProjectRole;
  username: Scalars['String']['input'];
};


export type MutationClaimNextTaskArgs = {
  assignee?: InputMaybe<Scalars['String']['input']>;
  labels?: InputMaybe<Array<Scalars['String']['input']>>;
  project?: InputMaybe<Scalars['String']['input']>;
  session?: InputMaybe<Scalars['ID']['input']>;
  ttlSeconds?: InputMaybe<Scalars['Int']['input']>;
};


export type MutationClaimTaskArgs = {
  ref: Scalars['String']['input'];
  session?: InputMaybe<Scalars['ID']['input']>;
  ttlSeconds?: InputMaybe<Scalars['Int']['input']>;
};


export type MutationCreateApiTokenArgs = {
  name: Scalars['String']['input'];
  readOnly?: Scalars['Boolean']['input'];
  workspace?: InputMaybe<Scalars['String']['input']>;
};


export type MutationCreateProjectArgs = {
  input: CreateProjectInput;
};


export type MutationCreateTaskArgs = {
  input: CreateTaskInput;
};


export type MutationCreateWebhookArgs = {
  input: CreateWebhookInput;
};


export type MutationDeleteTaskArgs = {
  ref: Scalars['String']['input'];
};


export type MutationDeleteViewArgs = {
  id: Scalars['ID']['input'];
};


export type MutationDeleteWebhookArgs = {
  id: Scalars['ID']['input'];
};


export type MutationEndAgentArgs = {
  id?: InputMaybe<Scalars['ID']['input']>;
};


export type MutationHeartbeatAgentArgs = {
  id?: InputMaybe<Scalars['ID']['input']>;
  status?: InputMaybe<Scalars['String']['input']>;
  task?: InputMaybe<Scalars['String']['input']>;
};


export type MutationPatchWikiPageArgs = {
  baseRevision: Scalars['String']['input'];
  find?: InputMaybe<Scalars['String']['input']>;
  path: Scalars['String']['input'];
  replace: Scalars['String']['input'];
  section?: InputMaybe<Scalars['String']['input']>;
  workspace?: InputMaybe<Scalars['String']['input']>;
};


export type MutationPutWikiPageArgs = {
  baseRevision?: InputMaybe<Scalars['String']['input']>;
  content: Scalars['String']['input'];
  path: Scalars['String']['input'];
  project?: InputMaybe<Scalars['String']['input']>;
  title?: InputMaybe<Scalars['String']['input']>;
  workspace?: InputMaybe<Scalars['String']['input']>;
};


export type MutationRedeliverWebhookDeliveryArgs = {
  id: Scalars['ID']['input'];
};


export type MutationRegisterAgentArgs = {
  name: Scalars['String']['input'];
  status?: InputMaybe<Scalars['String']['input']>;
  task?: InputMaybe<Scalars['String']['input']>;
};


export type MutationReleaseTaskArgs = {
  ref: Scalars['String']['input'];
  session?: InputMaybe<Scalars['ID']['input']>;
};


export type MutationRevokeApiTokenArgs = {
  id: Scalars['ID']['input'];
};


export type MutationRotateWebhookSecretArgs = {
  graceHours?: Scalars['Int']['input'];
  id: Scalars['ID']['input'];
};


export type MutationSaveViewArgs = {
  input: SaveViewInput;
};


export type MutationUpdateTaskArgs = {
  expectedRevision?: InputMaybe<Scalars['Int']['input']>;
  input: UpdateTaskInput;
  ref: Scalars['String']['input'];
};


export type MutationUpdateWebhookArgs = {
  input: UpdateWebhookInput;
};

/** Anything with a global id. */
export type Node = {
  id: Scalars['ID']['output'];
};

/** Information about pagination in a connection */
export type PageInfo = {
  __typename?: 'PageInfo';
  /** When paginating forwards, the cursor to continue. */
  endCursor?: Maybe<Scalars['String']['output']>;
  /** When paginating forwards, are there more items? */
  hasNextPage: Scalars['Boolean']['output'];
  /** When paginating backwards, are there more items? */
  hasPreviousPage: Scalars['Boolean']['output'];
  /** When paginating backwards, the cursor to continue. */
  startCursor?: Maybe<Scalars['String']['output']>;
};

export type Priority =
  | 'HIGH'
  | 'LOW'
  | 'MEDIUM'
  | 'NONE'
  | 'URGENT';

export type Project = Node & {
  __typename?: 'Project';
  archivedAt?: Maybe<Scalars['DateTime']['output']>;
  createdAt: Scalars['DateTime']['output'];
  /** HTML. */
  description?: Maybe<Scalars['String']['output']>;
  /** The description as plain text or Markdown, in a window or an excerpt. */
  descriptionText?: Maybe<TextWindow>;
  id: Scalars['ID']['output'];
  /** Short unique key; task refs are `KEY-number`. */
  key: Scalars['String']['output'];
  labels: Array<Label>;
  /**
   * The `cursor` of the project's latest change, to pass as `after` to
   * `taskEvents`: a front end that reads a board, then subscribes from
   * here, misses no change made in between. Null before any change.
   */
  lastEventCursor?: Maybe<Scalars['String']['output']>;
  /**
   * The project's members; with `search`, those whose username or
   * display name holds every word of it, any case.
   */
  members: ProjectMemberConnection;
  name: Scalars['String']['output'];
  /** Tasks neither done nor canceled nor deleted. */
  openTaskCount: Scalars['Int']['output'];
  /** The workflow, in order. */
  statuses: Array<Status>;
  /** This project's tasks; tombstones are never listed. */
  tasks: TaskConnection;
  updatedAt: Scalars['DateTime']['output'];
  /** The project's page in the tracker, when the server knows where that is. */
  url?: Maybe<Scalars['String']['output']>;
  workspace?: Maybe<Workspace>;
};


export type ProjectDescriptionTextArgs = {
  cursor?: Scalars['Int']['input'];
  cut?: TextCut;
  format?: TextFormat;
  maxChars?: Scalars['Int']['input'];
};


export type ProjectMembersArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  before?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
  last?: InputMaybe<Scalars['Int']['input']>;
  search?: InputMaybe<Scalars['String']['input']>;
};


export type ProjectTasksArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  before?: InputMaybe<Scalars['String']['input']>;
  filter?: InputMaybe<TaskFilter>;
  first?: InputMaybe<Scalars['Int']['input']>;
  last?: InputMaybe<Scalars['Int']['input']>;
  order?: TaskOrder;
};

export type ProjectConnection = {
  __typename?: 'ProjectConnection';
  /** A list of edges. */
  edges: Array<ProjectEdge>;
  /** A list of nodes. */
  nodes: Array<Project>;
  /** Information to aid in pagination. */
  pageInfo: PageInfo;
  /** How many items the whole list holds, across all pages. */
  totalCount: Scalars['Int']['output'];
};

/** An edge in a connection. */
export type ProjectEdge = {
  __typename?: 'ProjectEdge';
  /** A cursor for use in pagination */
  cursor: Scalars['String']['output'];
  /** The item at the end of the edge */
  node: Project;
};

/** Narrows the project list. */
export type ProjectFilter = {
  /** true: archived projects only; false: active ones only. */
  archived?: InputMaybe<Scalars['Boolean']['input']>;
  /**
   * Projects whose name holds all these words, ignoring case; when none
   * does and there are several words, those holding any one of them.
   */
  name?: InputMaybe<Scalars['String']['input']>;
  /** Workspace key. */
  workspace?: InputMaybe<Scalars['String']['input']>;
};

export type ProjectMember = {
  __typename?: 'ProjectMember';
  role: ProjectRole;
  user?: Maybe<User>;
};

export type ProjectMemberConnection = {
  __typename?: 'ProjectMemberConnection';
  /** A list of edges. */
  edges: Array<ProjectMemberEdge>;
  /** A list of nodes. */
  nodes: Array<ProjectMember>;
  /** Information to aid in pagination. */
  pageInfo: PageInfo;
  /** How many items the whole list holds, across all pages. */
  totalCount: Scalars['Int']['output'];
};

/** An edge in a connection. */
export type ProjectMemberEdge = {
  __typename?: 'ProjectMemberEdge';
  /** A cursor for use in pagination */
  cursor: Scalars['String']['output'];
  /** The item at the end of the edge */
  node: ProjectMember;
};

export type ProjectRole =
  | 'MANAGER'
  | 'PARTICIPANT';

export type Query = {
  __typename?: 'Query';
  /** Changes across the projects the caller sees, most recent first. */
  activity: TaskEventConnection;
  /**
   * Agent sessions: the caller's own and those on tasks the caller sees,
   * most recent heartbeat first.
   */
  agentSessions: AgentSessionConnection;
  /**
   * The caller's own API tokens, newest first (a scoped token sees the
   * tokens of its scope). Their text is never shown again.
   */
  apiTokens: ApiTokenConnection;
  /** Any object by its global id. */
  node: Node;
  project: Project;
  /** Projects the caller sees, by name. */
  projects: ProjectConnection;
  /**
   * The project's saved views the caller sees, by name: their own and
   * the ones shared with the project.
   */
  savedViews: SavedViewConnection;
  /**
   * Wiki pages whose title or content holds every word of `query`, any
   * case: pages whose title holds them all first, then the most recently
   * updated. `workspace` is a key.
   */
  searchWiki: WikiSearchHitConnection;
  /** A task by ref (`PROJ-42`); a deleted task answers with `deleted: true`. */
  task: Task;
  /** Tasks of every project the caller sees; tombstones are never listed. */
  tasks: TaskConnection;
  /** A user by username (`me` for the caller). */
  user: User;
  /** The caller. */
  viewer: User;
  /**
   * The token this request came with: its scope, and whether it may write
   * (a front end hides its edit controls for a read-only token).
   */
  viewerToken: ApiToken;
  /** An endpoint's deliveries, newest first. */
  webhookDeliveries: WebhookDeliveryConnection;
  /** The workspace's webhook endpoints, oldest first (its admins only). */
  webhooks: WebhookConnection;
  /**
   * Saved revisions of the wiki pages the caller sees, oldest first.
   * Resume with the end cursor: revisions that share an instant are
   * never lost or repeated across pages. `workspace` is a key; `since`
   * keeps revisions saved strictly after that instant.
   */
  wikiChanges: WikiRevisionConnection;
  /**
   * A wiki page by path (`guides/setup`). `workspace` (a key) may be left
   * out when the path exists in exactly one workspace the caller sees.
   */
  wikiPage: WikiPage;
  /**
   * Wiki pages the caller sees, in tree order: by path, a page right
   * before the pages under it (`guides`, `guides/setup`, `guides-old`).
   * `workspace` and `project` are keys; `pathPrefix` keeps the page at
   * that path and every page under it (`guides` holds `guides/setup`, not
   * `guides-old`).
   */
  wikiPages: WikiPageConnection;
  /**
   * The page hierarchy: every page the caller sees, by workspace, then in
   * tree order (each page right before the pages under it). `workspace`
   * is a key; `pathPrefix` keeps one page and the pages under it.
   */
  wikiTree: WikiTreeNodeConnection;
  workspace: Workspace;
  workspaces: WorkspaceConnection;
};


export type QueryActivityArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  before?: InputMaybe<Scalars['String']['input']>;
  filter?: InputMaybe<ActivityFilter>;
  first?: InputMaybe<Scalars['Int']['input']>;
  last?: InputMaybe<Scalars['Int']['input']>;
};


export type QueryAgentSessionsArgs = {
  active?: InputMaybe<Scalars['Boolean']['input']>;
  after?: InputMaybe<Scalars['String']['input']>;
  before?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
  last?: InputMaybe<Scalars['Int']['input']>;
};


export type QueryApiTokensArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  before?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
  last?: InputMaybe<Scalars['Int']['input']>;
};


export type QueryNodeArgs = {
  id: Scalars['ID']['input'];
};


export type QueryProjectArgs = {
  key: Scalars['String']['input'];
};


export type QueryProjectsArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  before?: InputMaybe<Scalars['String']['input']>;
  filter?: InputMaybe<ProjectFilter>;
  first?: InputMaybe<Scalars['Int']['input']>;
  last?: InputMaybe<Scalars['Int']['input']>;
};


export type QuerySavedViewsArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  before?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
  last?: InputMaybe<Scalars['Int']['input']>;
  project: Scalars['String']['input'];
};


export type QuerySearchWikiArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  before?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
  last?: InputMaybe<Scalars['Int']['input']>;
  query: Scalars['String']['input'];
  workspace?: InputMaybe<Scalars['String']['input']>;
};


export type QueryTaskArgs = {
  ref: Scalars['String']['input'];
};


export type QueryTasksArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  before?: InputMaybe<Scalars['String']['input']>;
  filter?: InputMaybe<TaskFilter>;
  first?: InputMaybe<Scalars['Int']['input']>;
  last?: InputMaybe<Scalars['Int']['input']>;
  order?: TaskOrder;
};


export type QueryUserArgs = {
  username: Scalars['String']['input'];
};


export type QueryWebhookDeliveriesArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  before?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
  last?: InputMaybe<Scalars['Int']['input']>;
  status?: InputMaybe<WebhookDeliveryStatus>;
  webhook: Scalars['ID']['input'];
};


export type QueryWebhooksArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  before?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
  last?: InputMaybe<Scalars['Int']['input']>;
  workspace: Scalars['String']['input'];
};


export type QueryWikiChangesArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  before?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
  last?: InputMaybe<Scalars['Int']['input']>;
  since?: InputMaybe<Scalars['DateTime']['input']>;
  workspace?: InputMaybe<Scalars['String']['input']>;
};


export type QueryWikiPageArgs = {
  path: Scalars['String']['input'];
  workspace?: InputMaybe<Scalars['String']['input']>;
};


export type QueryWikiPagesArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  before?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
  last?: InputMaybe<Scalars['Int']['input']>;
  pathPrefix?: InputMaybe<Scalars['String']['input']>;
  project?: InputMaybe<Scalars['String']['input']>;
  workspace?: InputMaybe<Scalars['String']['input']>;
};


export type QueryWikiTreeArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  before?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
  last?: InputMaybe<Scalars['Int']['input']>;
  pathPrefix?: InputMaybe<Scalars['String']['input']>;
  workspace?: InputMaybe<Scalars['String']['input']>;
};


export type QueryWorkspaceArgs = {
  key: Scalars['String']['input'];
};


export type QueryWorkspacesArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  before?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
  last?: InputMaybe<Scalars['Int']['input']>;
};

/** A view to save. */
export type SaveViewInput = {
  /**
   * Replaces the caller's own view of this name in the project; at most
   * 80 characters.
   */
  name: Scalars['String']['input'];
  /** Project key. */
  project: Scalars['String']['input'];
  /**
   * The view's address query (`status=todo&order=due`), at most 2,000
   * characters of what a URL's query holds.
   */
  query: Scalars['String']['input'];
  /** Seen by everyone who sees the project. */
  shared?: Scalars['Boolean']['input'];
};

export type SavedView = {
  __typename?: 'SavedView';
  createdAt: Scalars['DateTime']['output'];
  id: Scalars['ID']['output'];
  /** Whether the caller owns it (and so may change or delete it). */
  mine: Scalars['Boolean']['output'];
  name: Scalars['String']['output'];
  owner?: Maybe<User>;
  /**
   * The view's address query, as the board writes it:
   * `status=todo&assignee=me&order=due`.
   */
  query: Scalars['String']['output'];
  /** Seen by everyone who sees the project (else by its owner only). */
  shared: Scalars['Boolean']['output'];
  updatedAt: Scalars['DateTime']['output'];
};

export type SavedViewConnection = {
  __typename?: 'SavedViewConnection';
  /** A list of edges. */
  edges: Array<SavedViewEdge>;
  /** A list of nodes. */
  nodes: Array<SavedView>;
  /** Information to aid in pagination. */
  pageInfo: PageInfo;
  /** How many items the whole list holds, across all pages. */
  totalCount: Scalars['Int']['output'];
};

/** An edge in a connection. */
export type SavedViewEdge = {
  __typename?: 'SavedViewEdge';
  /** A cursor for use in pagination */
  cursor: Scalars['String']['output'];
  /** The item at the end of the edge */
  node: SavedView;
};

/** The trackers tasks are imported from. */
export type SourceSystem =
  | 'GITHUB'
  | 'JIRA'
  | 'LINEAR';

export type Status = {
  __typename?: 'Status';
  category: StatusCategory;
  id: Scalars['ID']['output'];
  key: Scalars['String']['output'];
  name: Scalars['String']['output'];
  position: Scalars['Int']['output'];
};

export type StatusCategory =
  | 'CANCELED'
  | 'DONE'
  | 'IN_PROGRESS'
  | 'TODO';

export type Subscription = {
  __typename?: 'Subscription';
  /**
   * Every change of a task of the project (by key), in the log's order,
   * each once. With `after` (an event's `cursor`), first the events
   * since that one, then live: a client that reconnects misses nothing.
   * Ends when the token is revoked or the project goes out of sight.
   */
  taskEvents: TaskEvent;
};


export type SubscriptionTaskEventsArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  project: Scalars['String']['input'];
};

export type Task = Node & {
  __typename?: 'Task';
  assignee?: Maybe<User>;
  /** The agent session holding the task, while its claim lives. */
  claim?: Maybe<TaskClaim>;
  commentCount: Scalars['Int']['output'];
  /** Comments, oldest first. */
  comments: CommentConnection;
  completedAt?: Maybe<Scalars['DateTime']['output']>;
  /** People working on the task beside its assignee. */
  coworkers: Array<User>;
  createdAt: Scalars['DateTime']['output'];
  createdBy?: Maybe<User>;
  /** A deleted task is a tombstone: out of every list, still readable by ref. */
  deleted: Scalars['Boolean']['output'];
  deletedAt?: Maybe<Scalars['DateTime']['output']>;
  /** HTML, as stored. */
  description?: Maybe<Scalars['String']['output']>;
  /**
   * The description as plain text (tags and entities removed, one line per
   * block) or Markdown, in a window or an excerpt; null without a
   * description.
   */
  descriptionText?: Maybe<TextWindow>;
  /** Done or canceled. */
  done: Scalars['Boolean']['output'];
  dueDate?: Maybe<Scalars['NaiveDate']['output']>;
  /** The change log, oldest first. */
  events: TaskEventConnection;
  id: Scalars['ID']['output'];
  kind: TaskKind;
  labels: Array<Label>;
  number: Scalars['Int']['output'];
  parent?: Maybe<Task>;
  priority: Priority;
  project?: Maybe<Project>;
  /** `KEY-number`, the task's name everywhere. */
  ref: Scalars['String']['output'];
  /**
   * 1 when made, +1 on each write that changes the task (its fields,
   * status, labels or coworkers; not a comment). Pass it to
   * `updateTask(expectedRevision:)` to be refused if another wrote since.
   */
  revision: Scalars['Int']['output'];
  /** The tracker it was imported from; null for a task made here. */
  source?: Maybe<TaskSource>;
  status?: Maybe<Status>;
  title: Scalars['String']['output'];
  /** Last activity: any change or comment. */
  updatedAt: Scalars['DateTime']['output'];
  /** The task's page in the tracker, when the server knows where that is. */
  url?: Maybe<Scalars['String']['output']>;
};


export type TaskCommentsArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  before?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
  last?: InputMaybe<Scalars['Int']['input']>;
};


export type TaskDescriptionTextArgs = {
  cursor?: Scalars['Int']['input'];
  cut?: TextCut;
  format?: TextFormat;
  maxChars?: Scalars['Int']['input'];
};


export type TaskEventsArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  before?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
  last?: InputMaybe<Scalars['Int']['input']>;
};

export type TaskClaim = {
  __typename?: 'TaskClaim';
  /** The user whose session holds the task. */
  holder?: Maybe<User>;
  /** The session holding it, with its last status line. */
  session?: Maybe<AgentSession>;
  since?: Maybe<Scalars['DateTime']['output']>;
  /** When the claim lapses unless its session heartbeats first. */
  until: Scalars['DateTime']['output'];
};

export type TaskConnection = {
  __typename?: 'TaskConnection';
  /** A list of edges. */
  edges: Array<TaskEdge>;
  /** A list of nodes. */
  nodes: Array<Task>;
  /** Information to aid in pagination. */
  pageInfo: PageInfo;
  /** How many items the whole list holds, across all pages. */
  totalCount: Scalars['Int']['output'];
};

/** An edge in a connection. */
export type TaskEdge = {
  __typename?: 'TaskEdge';
  /** A cursor for use in pagination */
  cursor: Scalars['String']['output'];
  /** The item at the end of the edge */
  node: Task;
};

export type TaskEvent = Node & {
  __typename?: 'TaskEvent';
  actor?: Maybe<User>;
  at: Scalars['DateTime']['output'];
  /**
   * This event's place in the log: pass it as `after` to `taskEvents`
   * to receive what came after it.
   */
  cursor: Scalars['String']['output'];
  /**
   * `created`, `deleted`, `comment`, or the changed field: `title`, `description`,
   * `status`, `priority`, `kind`, `assignee`, `due_date`, `parent`, `labels`, `coworkers`;
   * `position`, a move in the board's order (`after KEY-3`, `before KEY-4`, `first`).
   */
  field: Scalars['String']['output'];
  id: Scalars['ID']['output'];
  /** The new value as text, like `oldText`. */
  newText?: Maybe<TextWindow>;
  newValue?: Maybe<Scalars['String']['output']>;
  /**
   * The old value as text (a description's HTML as plain text or
   * Markdown, a comment's global id, a deletion's instant to the
   * second), in a window or an excerpt; `oldValue` is the value as stored.
   */
  oldText?: Maybe<TextWindow>;
  oldValue?: Maybe<Scalars['String']['output']>;
  project?: Maybe<Project>;
  task?: Maybe<Task>;
};


export type TaskEventNewTextArgs = {
  cursor?: Scalars['Int']['input'];
  cut?: TextCut;
  format?: TextFormat;
  maxChars?: Scalars['Int']['input'];
};


export type TaskEventOldTextArgs = {
  cursor?: Scalars['Int']['input'];
  cut?: TextCut;
  format?: TextFormat;
  maxChars?: Scalars['Int']['input'];
};

export type TaskEventConnection = {
  __typename?: 'TaskEventConnection';
  /** A list of edges. */
  edges: Array<TaskEventEdge>;
  /** A list of nodes. */
  nodes: Array<TaskEvent>;
  /** Information to aid in pagination. */
  pageInfo: PageInfo;
  /** How many items the whole list holds, across all pages. */
  totalCount: Scalars['Int']['output'];
};

/** An edge in a connection. */
export type TaskEventEdge = {
  __typename?: 'TaskEventEdge';
  /** A cursor for use in pagination */
  cursor: Scalars['String']['output'];
  /** The item at the end of the edge */
  node: TaskEvent;
};

/** Narrows a task list; every field given must hold. Tombstones are never listed. */
export type TaskFilter = {
  /** Username, or `me`. */
  assignee?: InputMaybe<Scalars['String']['input']>;
  /** Active (changed or commented) at or after this instant. */
  changedSince?: InputMaybe<Scalars['DateTime']['input']>;
  /** true: held by an agent session (`claimTask`); false: by none. */
  claimed?: InputMaybe<Scalars['Boolean']['input']>;
  /** Held by this user's session: username, or `me`. */
  claimedBy?: InputMaybe<Scalars['String']['input']>;
  completedSince?: InputMaybe<Scalars['DateTime']['input']>;
  /** true: done or canceled tasks; false: open ones. */
  done?: InputMaybe<Scalars['Boolean']['input']>;
  /** Due on or after this date (with `dueBefore`, a range: this week's). */
  dueAfter?: InputMaybe<Scalars['NaiveDate']['input']>;
  /** Due strictly before this date. */
  dueBefore?: InputMaybe<Scalars['NaiveDate']['input']>;
  /** Assignee or coworker: username, or `me`. */
  involves?: InputMaybe<Scalars['String']['input']>;
  kind?: InputMaybe<TaskKind>;
  /** Label name. */
  label?: InputMaybe<Scalars['String']['input']>;
  /** Parent task ref. */
  parent?: InputMaybe<Scalars['String']['input']>;
  /** Project key. */
  project?: InputMaybe<Scalars['String']['input']>;
  /** Imported from this tracker. */
  source?: InputMaybe<SourceSystem>;
  /** Imported with this key there (`owner/repo#123`, `PROJ-42`). */
  sourceKey?: InputMaybe<Scalars['String']['input']>;
  /** A status key of the project, or a category: todo, in_progress, done, canceled. */
  status?: InputMaybe<Scalars['String']['input']>;
  /** Every word in the title or description, ignoring case. */
  text?: InputMaybe<Scalars['String']['input']>;
  /** true: no assignee; false: an assignee. */
  unassigned?: InputMaybe<Scalars['Boolean']['input']>;
  /** true: no due date; false: a due date. */
  unscheduled?: InputMaybe<Scalars['Boolean']['input']>;
};

export type TaskKind =
  | 'BUG'
  | 'EPIC'
  | 'FEATURE'
  | 'TASK';

export type TaskOrder =
  /**
   * The board's manual order, the same for everyone: where people
   * placed tasks (`UpdateTaskInput.place`), new tasks on top.
   */
  | 'BOARD'
  /** Most recently created first. */
  | 'CREATED'
  /** Soonest due date first; unscheduled tasks last. */
  | 'DUE'
  /** By project, then task number ascending. */
  | 'REF'
  /** Most recently active first. */
  | 'UPDATED';

/**
 * Where a task goes in the board's order: right after `after`, or right
 * before `before`; neither puts it first.
 */
export type TaskPlacement = {
  /** Right after this task (a ref of the same project); wins over `before`. */
  after?: InputMaybe<Scalars['String']['input']>;
  /** Right before this task (a ref of the same project). */
  before?: InputMaybe<Scalars['String']['input']>;
};

/**
 * Where an imported task came from: `tasklens import` finds it again by
 * this, so a second run updates it instead of adding it twice.
 */
export type TaskSource = {
  __typename?: 'TaskSource';
  /** Its key there: `owner/repo#123` (GitHub), `PROJ-42` (Jira), `ENG-7` (Linear). */
  key: Scalars['String']['output'];
  system: SourceSystem;
  /** Its address there, when the export gives one. */
  url?: Maybe<Scalars['String']['output']>;
};

/** How a text is cut to `maxChars`. */
export type TextCut =
  /** The first non-empty line, cut after the last whole word that fits. */
  | 'FIRST_LINE'
  /** A window from `cursor`, ending on a character boundary; read on with `next`. */
  | 'WINDOW'
  /** The beginning, cut after the last whole word that fits. */
  | 'WORD';

/** What a stored HTML text is read as. */
export type TextFormat =
  /**
   * Markdown (CommonMark, GFM tables and task lists): written back as
   * Markdown, it keeps the text's structure.
   */
  | 'MARKDOWN'
  /** Tags removed, one line per block. */
  | 'PLAIN';

/**
 * A piece of a text (plain or Markdown). Lengths and offsets count UTF-16
 * code units.
 */
export type TextWindow = {
  __typename?: 'TextWindow';
  /** Where the next window starts (pass it as `cursor`); null at the end. */
  next?: Maybe<Scalars['Int']['output']>;
  /** Where this piece starts. */
  start: Scalars['Int']['output'];
  text: Scalars['String']['output'];
  /** Length of the whole text. */
  totalChars: Scalars['Int']['output'];
  /** True when the text goes on beyond this piece. */
  truncated: Scalars['Boolean']['output'];
};

/** Fields to change; a field left out stays, `null` clears a clearable one. */
export type UpdateTaskInput = {
  /**
   * Usernames (or `me`) to add to the coworkers the write finds
   * (instead of `coworkers`).
   */
  addCoworkers?: InputMaybe<Array<Scalars['String']['input']>>;
  /**
   * Label names to add to the set the write finds (instead of `labels`):
   * concurrent additions all stay.
   */
  addLabels?: InputMaybe<Array<Scalars['String']['input']>>;
  assignee?: InputMaybe<Scalars['String']['input']>;
  /** The whole new set of coworker usernames. */
  coworkers?: InputMaybe<Array<Scalars['String']['input']>>;
  /** HTML. */
  description?: InputMaybe<Scalars['String']['input']>;
  /** Markdown, stored as HTML; instead of `description`. */
  descriptionMarkdown?: InputMaybe<Scalars['String']['input']>;
  dueDate?: InputMaybe<Scalars['NaiveDate']['input']>;
  kind?: InputMaybe<TaskKind>;
  /** The whole new set of label names. */
  labels?: InputMaybe<Array<Scalars['String']['input']>>;
  parent?: InputMaybe<Scalars['String']['input']>;
  /**
   * A new place in the board's order (`order: BOARD`), among the tasks
   * of the same project. A move alone files a `position` event and
   * leaves `updatedAt` and the revision as they are.
   */
  place?: InputMaybe<TaskPlacement>;
  priority?: InputMaybe<Priority>;
  /** Usernames (or `me`) to take out of the coworkers the write finds. */
  removeCoworkers?: InputMaybe<Array<Scalars['String']['input']>>;
  /** Label names to take out of the set the write finds. */
  removeLabels?: InputMaybe<Array<Scalars['String']['input']>>;
  /** Status key. */
  status?: InputMaybe<Scalars['String']['input']>;
  title?: InputMaybe<Scalars['String']['input']>;
};

/** What to change on an endpoint; what is left out stays. */
export type UpdateWebhookInput = {
  /** Enabling an endpoint clears why it was disabled. */
  enabled?: InputMaybe<Scalars['Boolean']['input']>;
  events?: InputMaybe<Array<WebhookEvent>>;
  id: Scalars['ID']['input'];
  /** A project key, or null for every project. */
  project?: InputMaybe<Scalars['String']['input']>;
  url?: InputMaybe<Scalars['String']['input']>;
};

export type User = Node & {
  __typename?: 'User';
  displayName: Scalars['String']['output'];
  id: Scalars['ID']['output'];
  /** True for AI agents. */
  isAgent: Scalars['Boolean']['output'];
  username: Scalars['String']['output'];
};

export type Webhook = {
  __typename?: 'Webhook';
  createdAt: Scalars['DateTime']['output'];
  /** Why it was disabled: by an admin, out of retries, or 410 Gone. */
  disabledReason?: Maybe<Scalars['String']['output']>;
  enabled: Scalars['Boolean']['output'];
  events: Array<WebhookEvent>;
  id: Scalars['ID']['output'];
  /** The number `tasklens webhook` commands take. */
  number: Scalars['Int']['output'];
  /** Until when the secret a rotation replaced still signs beside the new one. */
  previousSecretUntil?: Maybe<Scalars['DateTime']['output']>;
  /** Only this project's changes are sent, when set. */
  projectKey?: Maybe<Scalars['String']['output']>;
  url: Scalars['String']['output'];
  workspace?: Maybe<Workspace>;
};

export type WebhookConnection = {
  __typename?: 'WebhookConnection';
  /** A list of edges. */
  edges: Array<WebhookEdge>;
  /** A list of nodes. */
  nodes: Array<Webhook>;
  /** Information to aid in pagination. */
  pageInfo: PageInfo;
  /** How many items the whole list holds, across all pages. */
  totalCount: Scalars['Int']['output'];
};

export type WebhookDelivery = {
  __typename?: 'WebhookDelivery';
  attempts: Scalars['Int']['output'];
  createdAt: Scalars['DateTime']['output'];
  durationMs?: Maybe<Scalars['Int']['output']>;
  /** Why the last attempt got no answer (a refused address, a timeout). */
  error?: Maybe<Scalars['String']['output']>;
  event?: Maybe<WebhookEvent>;
  id: Scalars['ID']['output'];
  lastAttemptAt?: Maybe<Scalars['DateTime']['output']>;
  /** The `webhook-id` header, the same on every attempt. */
  messageId: Scalars['String']['output'];
  /** When the next attempt is due, while pending. */
  nextAttemptAt?: Maybe<Scalars['DateTime']['output']>;
  number: Scalars['Int']['output'];
  /** The JSON body sent. */
  payload: Scalars['String']['output'];
  /** The first kilobyte of the last answer. */
  responseBody?: Maybe<Scalars['String']['output']>;
  /** The last answer's HTTP status. */
  responseStatus?: Maybe<Scalars['Int']['output']>;
  status: WebhookDeliveryStatus;
};

export type WebhookDeliveryConnection = {
  __typename?: 'WebhookDeliveryConnection';
  /** A list of edges. */
  edges: Array<WebhookDeliveryEdge>;
  /** A list of nodes. */
  nodes: Array<WebhookDelivery>;
  /** Information to aid in pagination. */
  pageInfo: PageInfo;
  /** How many items the whole list holds, across all pages. */
  totalCount: Scalars['Int']['output'];
};

/** An edge in a connection. */
export type WebhookDeliveryEdge = {
  __typename?: 'WebhookDeliveryEdge';
  /** A cursor for use in pagination */
  cursor: Scalars['String']['output'];
  /** The item at the end of the edge */
  node: WebhookDelivery;
};

/** Where a delivery stands. */
export type WebhookDeliveryStatus =
  /** Answered 2xx. */
  | 'DELIVERED'
  /** Out of retries, or answered 410 Gone: the endpoint was disabled. */
  | 'FAILED'
  /** Waiting for its first attempt or its next retry. */
  | 'PENDING';

/** An edge in a connection. */
export type WebhookEdge = {
  __typename?: 'WebhookEdge';
  /** A cursor for use in pagination */
  cursor: Scalars['String']['output'];
  /** The item at the end of the edge */
  node: Webhook;
};

/** The changes an endpoint may be sent. */
export type WebhookEvent =
  /** `project.created` */
  | 'PROJECT_CREATED'
  /** `task.claimed`: a claim taken, released or lapsed. */
  | 'TASK_CLAIMED'
  /** `task.commented` */
  | 'TASK_COMMENTED'
  /** `task.created` */
  | 'TASK_CREATED'
  /** `task.deleted` */
  | 'TASK_DELETED'
  /** `task.updated`: any field, label or coworker, or a status. */
  | 'TASK_UPDATED'
  /** `wiki_page.changed` */
  | 'WIKI_PAGE_CHANGED';

/** A new endpoint, or a new secret: the secret is shown here once. */
export type WebhookWithSecret = {
  __typename?: 'WebhookWithSecret';
  /** `whsec_...`: what a Standard Webhooks library verifies with. */
  secret: Scalars['String']['output'];
  webhook: Webhook;
};

/**
 * A piece of a page's Markdown. Lengths and offsets count UTF-16 code
 * units of the whole content, frontmatter included.
 */
export type WikiContent = {
  __typename?: 'WikiContent';
  /**
   * Pass to putWikiPage/patchWikiPage as `baseRevision`. `"N"` when this
   * reply holds the whole page; `"N.partial"` after a window or a section,
   * which putWikiPage refuses (a partial read must not overwrite the page)
   * and patchWikiPage accepts.
   */
  baseRevision: Scalars['String']['output'];
  /**
   * Where the next piece starts (pass it back as `cursor`, with the same
   * `section`); null at the end.
   */
  next?: Maybe<Scalars['Int']['output']>;
  /** False when `section` names no heading of the page (then `text` is empty). */
  sectionFound: Scalars['Boolean']['output'];
  /** Where this piece starts in the content. */
  start: Scalars['Int']['output'];
  text: Scalars['String']['output'];
  /** Length of the whole content, or of the section when one was asked for. */
  totalChars: Scalars['Int']['output'];
  /** True when the content (or section) goes on beyond this piece. */
  truncated: Scalars['Boolean']['output'];
};

/** One heading of a page. */
export type WikiHeading = {
  __typename?: 'WikiHeading';
  /** 1 for `#` through 6 for `######`. */
  level: Scalars['Int']['output'];
  /** GitHub-style anchor, unique in the page; usable as `section`. */
  slug: Scalars['String']['output'];
  /**
   * Where the heading's line starts in the content (UTF-16 units): a
   * valid `cursor`.
   */
  start: Scalars['Int']['output'];
  text: Scalars['String']['output'];
};

export type WikiPage = Node & {
  __typename?: 'WikiPage';
  /**
   * The revision as putWikiPage/patchWikiPage take it (`baseRevision`),
   * for a client that holds the whole page: `"N"`. A read of part of the
   * page carries its own, `"N.partial"`, on its `content`.
   */
  baseRevision: Scalars['String']['output'];
  /**
   * The Markdown (frontmatter included) in a window of at most `maxChars`
   * (1 to 20000) from `cursor`, never splitting a character. With
   * `section` (a heading's text or slug, any case): that heading's line
   * through just before the next heading of the same or a higher level,
   * itself windowed; an unknown section answers `sectionFound: false`.
   */
  content: WikiContent;
  createdAt: Scalars['DateTime']['output'];
  /**
   * The leading `---` YAML block, parsed; null without one or when it is
   * not valid YAML.
   */
  frontmatter?: Maybe<Scalars['JSON']['output']>;
  id: Scalars['ID']['output'];
  /** The page's headings in order (not those in code blocks, lists or quotes). */
  outline: Array<WikiHeading>;
  /** Names separated by `/`, like `guides/setup`; unique in the workspace. */
  path: Scalars['String']['output'];
  /** The project the page belongs to, if any. */
  project?: Maybe<Project>;
  /** Bumped by every save. */
  revision: Scalars['Int']['output'];
  title: Scalars['String']['output'];
  /** Length of the content in UTF-16 units. */
  totalChars: Scalars['Int']['output'];
  updatedAt: Scalars['DateTime']['output'];
  updatedBy?: Maybe<User>;
  workspace: Workspace;
};


export type WikiPageContentArgs = {
  cursor?: Scalars['Int']['input'];
  maxChars?: Scalars['Int']['input'];
  section?: InputMaybe<Scalars['String']['input']>;
};

export type WikiPageConnection = {
  __typename?: 'WikiPageConnection';
  /** A list of edges. */
  edges: Array<WikiPageEdge>;
  /** A list of nodes. */
  nodes: Array<WikiPage>;
  /** Information to aid in pagination. */
  pageInfo: PageInfo;
  /** How many items the whole list holds, across all pages. */
  totalCount: Scalars['Int']['output'];
};

/** An edge in a connection. */
export type WikiPageEdge = {
  __typename?: 'WikiPageEdge';
  /** A cursor for use in pagination */
  cursor: Scalars['String']['output'];
  /** The item at the end of the edge */
  node: WikiPage;
};

export type WikiRevision = {
  __typename?: 'WikiRevision';
  at: Scalars['DateTime']['output'];
  author?: Maybe<User>;
  page?: Maybe<WikiPage>;
  path: Scalars['String']['output'];
  revision: Scalars['Int']['output'];
  /**
   * One line on what changed since the revision before: `created (N
   * chars)`, `edited section Setup (+12/-3 chars)`, `edited 3 sections
   * (...)`, `added section X (...)`, `removed section X (...)`.
   */
  summary: Scalars['String']['output'];
};

export type WikiRevisionConnection = {
  __typename?: 'WikiRevisionConnection';
  /** A list of edges. */
  edges: Array<WikiRevisionEdge>;
  /** A list of nodes. */
  nodes: Array<WikiRevision>;
  /** Information to aid in pagination. */
  pageInfo: PageInfo;
  /** How many items the whole list holds, across all pages. */
  totalCount: Scalars['Int']['output'];
};

/** An edge in a connection. */
export type WikiRevisionEdge = {
  __typename?: 'WikiRevisionEdge';
  /** A cursor for use in pagination */
  cursor: Scalars['String']['output'];
  /** The item at the end of the edge */
  node: WikiRevision;
};

export type WikiSearchHit = {
  __typename?: 'WikiSearchHit';
  /**
   * About 160 characters of the content on one line, around the first
   * match (or from the start), cut on word boundaries; `…` marks a cut.
   */
  excerpt: Scalars['String']['output'];
  page: WikiPage;
  /** True when the title holds every word of the query (such hits come first). */
  titleMatch: Scalars['Boolean']['output'];
};

export type WikiSearchHitConnection = {
  __typename?: 'WikiSearchHitConnection';
  /** A list of edges. */
  edges: Array<WikiSearchHitEdge>;
  /** A list of nodes. */
  nodes: Array<WikiSearchHit>;
  /** Information to aid in pagination. */
  pageInfo: PageInfo;
  /** How many items the whole list holds, across all pages. */
  totalCount: Scalars['Int']['output'];
};

/** An edge in a connection. */
export type WikiSearchHitEdge = {
  __typename?: 'WikiSearchHitEdge';
  /** A cursor for use in pagination */
  cursor: Scalars['String']['output'];
  /** The item at the end of the edge */
  node: WikiSearchHit;
};

export type WikiTreeNode = {
  __typename?: 'WikiTreeNode';
  /** 0 for a top-level page, 1 for `guides/setup`, and so on. */
  depth: Scalars['Int']['output'];
  /** Whether any page the caller sees lies under this one. */
  hasChildren: Scalars['Boolean']['output'];
  /**
   * The path one level up (`guides` for `guides/setup`), whether or not a
   * page exists there; null at the top.
   */
  parent?: Maybe<Scalars['String']['output']>;
  path: Scalars['String']['output'];
  revision: Scalars['Int']['output'];
  title: Scalars['String']['output'];
  updatedAt: Scalars['DateTime']['output'];
  workspace?: Maybe<Workspace>;
};

export type WikiTreeNodeConnection = {
  __typename?: 'WikiTreeNodeConnection';
  /** A list of edges. */
  edges: Array<WikiTreeNodeEdge>;
  /** A list of nodes. */
  nodes: Array<WikiTreeNode>;
  /** Information to aid in pagination. */
  pageInfo: PageInfo;
  /** How many items the whole list holds, across all pages. */
  totalCount: Scalars['Int']['output'];
};

/** An edge in a connection. */
export type WikiTreeNodeEdge = {
  __typename?: 'WikiTreeNodeEdge';
  /** A cursor for use in pagination */
  cursor: Scalars['String']['output'];
  /** The item at the end of the edge */
  node: WikiTreeNode;
};

export type Workspace = Node & {
  __typename?: 'Workspace';
  createdAt: Scalars['DateTime']['output'];
  id: Scalars['ID']['output'];
  key: Scalars['String']['output'];
  name: Scalars['String']['output'];
  /** Projects of this workspace the caller sees, by name. */
  projects: ProjectConnection;
};


export type WorkspaceProjectsArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  before?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
  last?: InputMaybe<Scalars['Int']['input']>;
};

export type WorkspaceConnection = {
  __typename?: 'WorkspaceConnection';
  /** A list of edges. */
  edges: Array<WorkspaceEdge>;
  /** A list of nodes. */
  nodes: Array<Workspace>;
  /** Information to aid in pagination. */
  pageInfo: PageInfo;
  /** How many items the whole list holds, across all pages. */
  totalCount: Scalars['Int']['output'];
};

/** An edge in a connection. */
export type WorkspaceEdge = {
  __typename?: 'WorkspaceEdge';
  /** A cursor for use in pagination */
  cursor: Scalars['String']['output'];
  /** The item at the end of the edge */
  node: Workspace;
};

export type MeQueryVariables = Exact<{ [key: string]: never; }>;


export type MeQuery = { __typename?: 'Query', viewer: { __typename?: 'User', username: string, displayName: string }, viewerToken: { __typename?: 'ApiToken', readOnly: boolean } };

export type LiveTaskEventsSubscriptionVariables = Exact<{
  project: Scalars['String']['input'];
  after?: InputMaybe<Scalars['String']['input']>;
}>;


export type LiveTaskEventsSubscription = { __typename?: 'Subscription', taskEvents: { __typename?: 'TaskEvent', id: string, cursor: string, field: string, oldText?: { __typename?: 'TextWindow', text: string } | null, newText?: { __typename?: 'TextWindow', text: string } | null, task?: { __typename?: 'Task', ref: string } | null } };

export type LiveTaskQueryVariables = Exact<{
  ref: Scalars['String']['input'];
}>;


export type LiveTaskQuery = { __typename?: 'Query', task: (
    { __typename?: 'Task', id: string, ref: string }
    & { ' $fragmentRefs'?: { 'TaskCardFieldsFragment': TaskCardFieldsFragment;'TaskPlaceFieldsFragment': TaskPlaceFieldsFragment } }
  ) };

export type ActivityPageQueryVariables = Exact<{
  filter?: InputMaybe<ActivityFilter>;
  after?: InputMaybe<Scalars['String']['input']>;
}>;


export type ActivityPageQuery = { __typename?: 'Query', activity: { __typename?: 'TaskEventConnection', pageInfo: { __typename?: 'PageInfo', hasNextPage: boolean, endCursor?: string | null }, nodes: Array<{ __typename?: 'TaskEvent', id: string, at: string, field: string, actor?: { __typename?: 'User', username: string } | null, task?: { __typename?: 'Task', ref: string, title: string } | null, project?: { __typename?: 'Project', key: string, statuses: Array<{ __typename?: 'Status', key: string, name: string }> } | null, oldText?: { __typename?: 'TextWindow', text: string, truncated: boolean } | null, newText?: { __typename?: 'TextWindow', text: string, truncated: boolean } | null }> } };

export type AgentSessionsQueryVariables = Exact<{
  active?: InputMaybe<Scalars['Boolean']['input']>;
  after?: InputMaybe<Scalars['String']['input']>;
}>;


export type AgentSessionsQuery = { __typename?: 'Query', agentSessions: { __typename?: 'AgentSessionConnection', totalCount: number, pageInfo: { __typename?: 'PageInfo', hasNextPage: boolean, endCursor?: string | null }, nodes: Array<{ __typename?: 'AgentSession', id: string, name: string, status?: string | null, startedAt: string, heartbeatAt: string, endedAt?: string | null, user?: { __typename?: 'User', username: string, displayName: string } | null, task?: { __typename?: 'Task', ref: string, title: string } | null }> } };

export type LiveClaimsQueryVariables = Exact<{ [key: string]: never; }>;


export type LiveClaimsQuery = { __typename?: 'Query', tasks: { __typename?: 'TaskConnection', totalCount: number, nodes: Array<{ __typename?: 'Task', id: string, ref: string, title: string, claim?: (
        { __typename?: 'TaskClaim' }
        & { ' $fragmentRefs'?: { 'ClaimFieldsFragment': ClaimFieldsFragment } }
      ) | null }> } };

export type ProjectsPageQueryVariables = Exact<{
  name?: InputMaybe<Scalars['String']['input']>;
  after?: InputMaybe<Scalars['String']['input']>;
}>;


export type ProjectsPageQuery = { __typename?: 'Query', projects: { __typename?: 'ProjectConnection', totalCount: number, pageInfo: { __typename?: 'PageInfo', hasNextPage: boolean, endCursor?: string | null }, nodes: Array<{ __typename?: 'Project', id: string, key: string, name: string, openTaskCount: number, workspace?: { __typename?: 'Workspace', key: string, name: string } | null }> } };

export type LinkAccountQueryVariables = Exact<{ [key: string]: never; }>;


export type LinkAccountQuery = { __typename?: 'Query', viewer: { __typename?: 'User', username: string, displayName: string } };

export type TaskPageDetailsQueryVariables = Exact<{
  ref: Scalars['String']['input'];
}>;


export type TaskPageDetailsQuery = { __typename?: 'Query', task: { __typename?: 'Task', id: string, ref: string, title: string, description?: string | null, done: boolean, deleted: boolean, deletedAt?: string | null, priority: Priority, kind: TaskKind, dueDate?: string | null, createdAt: string, updatedAt: string, completedAt?: string | null, commentCount: number, revision: number, status?: { __typename?: 'Status', key: string, name: string } | null, assignee?: { __typename?: 'User', username: string, displayName: string } | null, coworkers: Array<{ __typename?: 'User', username: string, displayName: string }>, labels: Array<{ __typename?: 'Label', name: string, color?: string | null }>, parent?: { __typename?: 'Task', ref: string, title: string } | null, createdBy?: { __typename?: 'User', username: string, displayName: string } | null, claim?: (
      { __typename?: 'TaskClaim' }
      & { ' $fragmentRefs'?: { 'ClaimFieldsFragment': ClaimFieldsFragment } }
    ) | null, project?: (
      { __typename?: 'Project', key: string, name: string, lastEventCursor?: string | null }
      & { ' $fragmentRefs'?: { 'ProjectChoicesFieldsFragment': ProjectChoicesFieldsFragment } }
    ) | null }, agentSessions: { __typename?: 'AgentSessionConnection', nodes: Array<{ __typename?: 'AgentSession', id: string, name: string, status?: string | null, heartbeatAt: string, user?: { __typename?: 'User', username: string } | null, task?: { __typename?: 'Task', ref: string } | null }> } };

export type UpdateTaskMutationVariables = Exact<{
  ref: Scalars['String']['input'];
  input: UpdateTaskInput;
  expectedRevision?: InputMaybe<Scalars['Int']['input']>;
}>;


export type UpdateTaskMutation = { __typename?: 'Mutation', updateTask: { __typename?: 'Task', id: string, ref: string, updatedAt: string, revision: number } };

export type ProjectBoardQueryVariables = Exact<{
  key: Scalars['String']['input'];
}>;


export type ProjectBoardQuery = { __typename?: 'Query', project: (
    { __typename?: 'Project', id: string, key: string, name: string, openTaskCount: number, lastEventCursor?: string | null, statuses: Array<{ __typename?: 'Status', key: string, name: string, category: StatusCategory }> }
    & { ' $fragmentRefs'?: { 'ProjectChoicesFieldsFragment': ProjectChoicesFieldsFragment } }
  ) };

export type MoveTaskMutationVariables = Exact<{
  ref: Scalars['String']['input'];
  status?: InputMaybe<Scalars['String']['input']>;
  place?: InputMaybe<TaskPlacement>;
}>;


export type MoveTaskMutation = { __typename?: 'Mutation', updateTask: (
    { __typename?: 'Task' }
    & { ' $fragmentRefs'?: { 'TaskCardFieldsFragment': TaskCardFieldsFragment;'TaskPlaceFieldsFragment': TaskPlaceFieldsFragment } }
  ) };

export type AssignTaskMutationVariables = Exact<{
  ref: Scalars['String']['input'];
  assignee?: InputMaybe<Scalars['String']['input']>;
}>;


export type AssignTaskMutation = { __typename?: 'Mutation', updateTask: (
    { __typename?: 'Task' }
    & { ' $fragmentRefs'?: { 'TaskCardFieldsFragment': TaskCardFieldsFragment;'TaskPlaceFieldsFragment': TaskPlaceFieldsFragment } }
  ) };

export type PrioritizeTaskMutationVariables = Exact<{
  ref: Scalars['String']['input'];
  priority: Priority;
}>;


export type PrioritizeTaskMutation = { __typename?: 'Mutation', updateTask: (
    { __typename?: 'Task' }
    & { ' $fragmentRefs'?: { 'TaskCardFieldsFragment': TaskCardFieldsFragment;'TaskPlaceFieldsFragment': TaskPlaceFieldsFragment } }
  ) };

export type WikiTreePageQueryVariables = Exact<{
  after?: InputMaybe<Scalars['String']['input']>;
}>;


export type WikiTreePageQuery = { __typename?: 'Query', wikiTree: { __typename?: 'WikiTreeNodeConnection', pageInfo: { __typename?: 'PageInfo', hasNextPage: boolean, endCursor?: string | null }, nodes: Array<{ __typename?: 'WikiTreeNode', path: string, title: string, depth: number, workspace?: { __typename?: 'Workspace', key: string, name: string } | null }> } };

export type WikiSearchQueryVariables = Exact<{
  query: Scalars['String']['input'];
}>;


export type WikiSearchQuery = { __typename?: 'Query', searchWiki: { __typename?: 'WikiSearchHitConnection', totalCount: number, nodes: Array<{ __typename?: 'WikiSearchHit', excerpt: string, page: { __typename?: 'WikiPage', id: string, path: string, title: string, workspace: { __typename?: 'Workspace', key: string } } }> } };

export type WikiPageWindowQueryVariables = Exact<{
  workspace: Scalars['String']['input'];
  path: Scalars['String']['input'];
  cursor: Scalars['Int']['input'];
}>;


export type WikiPageWindowQuery = { __typename?: 'Query', wikiPage: { __typename?: 'WikiPage', id: string, path: string, title: string, revision: number, baseRevision: string, updatedAt: string, updatedBy?: { __typename?: 'User', username: string } | null, outline: Array<{ __typename?: 'WikiHeading', level: number, text: string, slug: string }>, content: { __typename?: 'WikiContent', text: string, next?: number | null } } };

export type PutWikiPageMutationVariables = Exact<{
  workspace: Scalars['String']['input'];
  path: Scalars['String']['input'];
  content: Scalars['String']['input'];
  baseRevision: Scalars['String']['input'];
}>;


export type PutWikiPageMutation = { __typename?: 'Mutation', putWikiPage: { __typename?: 'WikiPage', id: string, revision: number } };

export type BulkUpdateTaskMutationVariables = Exact<{
  ref: Scalars['String']['input'];
  input: UpdateTaskInput;
}>;


export type BulkUpdateTaskMutation = { __typename?: 'Mutation', updateTask: (
    { __typename?: 'Task' }
    & { ' $fragmentRefs'?: { 'TaskCardFieldsFragment': TaskCardFieldsFragment } }
  ) };

export type ClaimFieldsFragment = { __typename?: 'TaskClaim', since?: string | null, until: string, holder?: { __typename?: 'User', username: string } | null, session?: { __typename?: 'AgentSession', name: string, status?: string | null } | null } & { ' $fragmentName'?: 'ClaimFieldsFragment' };

export type AddCommentMutationVariables = Exact<{
  ref: Scalars['String']['input'];
  bodyMarkdown: Scalars['String']['input'];
}>;


export type AddCommentMutation = { __typename?: 'Mutation', addComment: { __typename?: 'Comment', id: string } };

export type CreateTaskMutationVariables = Exact<{
  input: CreateTaskInput;
}>;


export type CreateTaskMutation = { __typename?: 'Mutation', createTask: (
    { __typename?: 'Task', id: string, ref: string }
    & { ' $fragmentRefs'?: { 'TaskCardFieldsFragment': TaskCardFieldsFragment;'TaskPlaceFieldsFragment': TaskPlaceFieldsFragment } }
  ) };

export type ProjectChoicesFieldsFragment = { __typename?: 'Project', key: string, statuses: Array<{ __typename?: 'Status', key: string, name: string }>, labels: Array<{ __typename?: 'Label', name: string }>, members: { __typename?: 'ProjectMemberConnection', pageInfo: { __typename?: 'PageInfo', hasNextPage: boolean }, nodes: Array<{ __typename?: 'ProjectMember', user?: { __typename?: 'User', username: string, displayName: string } | null }> } } & { ' $fragmentName'?: 'ProjectChoicesFieldsFragment' };

export type PaletteSearchQueryVariables = Exact<{
  words: Scalars['String']['input'];
}>;


export type PaletteSearchQuery = { __typename?: 'Query', tasks: { __typename?: 'TaskConnection', nodes: Array<{ __typename?: 'Task', id: string, ref: string, title: string }> }, projects: { __typename?: 'ProjectConnection', nodes: Array<{ __typename?: 'Project', id: string, key: string, name: string }> }, searchWiki: { __typename?: 'WikiSearchHitConnection', nodes: Array<{ __typename?: 'WikiSearchHit', page: { __typename?: 'WikiPage', id: string, path: string, title: string, workspace: { __typename?: 'Workspace', key: string } } }> } };

export type PaletteTaskQueryVariables = Exact<{
  ref: Scalars['String']['input'];
}>;


export type PaletteTaskQuery = { __typename?: 'Query', task: { __typename?: 'Task', id: string, ref: string, title: string } };

export type PaletteFocusedTaskQueryVariables = Exact<{
  ref: Scalars['String']['input'];
}>;


export type PaletteFocusedTaskQuery = { __typename?: 'Query', viewer: { __typename?: 'User', username: string }, task: { __typename?: 'Task', id: string, ref: string, title: string, deleted: boolean, priority: Priority, status?: { __typename?: 'Status', key: string } | null, assignee?: { __typename?: 'User', username: string } | null, project?: { __typename?: 'Project', key: string, statuses: Array<{ __typename?: 'Status', key: string, name: string }> } | null } };

export type PaletteUpdateTaskMutationVariables = Exact<{
  ref: Scalars['String']['input'];
  input: UpdateTaskInput;
}>;


export type PaletteUpdateTaskMutation = { __typename?: 'Mutation', updateTask: (
    { __typename?: 'Task' }
    & { ' $fragmentRefs'?: { 'TaskCardFieldsFragment': TaskCardFieldsFragment } }
  ) };

export type ProjectViewsQueryVariables = Exact<{
  project: Scalars['String']['input'];
}>;


export type ProjectViewsQuery = { __typename?: 'Query', savedViews: { __typename?: 'SavedViewConnection', nodes: Array<{ __typename?: 'SavedView', id: string, name: string, query: string, shared: boolean, mine: boolean, owner?: { __typename?: 'User', username: string, displayName: string } | null }> } };

export type SaveViewMutationVariables = Exact<{
  input: SaveViewInput;
}>;


export type SaveViewMutation = { __typename?: 'Mutation', saveView: { __typename?: 'SavedView', id: string, name: string, query: string, shared: boolean, mine: boolean } };

export type DeleteViewMutationVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type DeleteViewMutation = { __typename?: 'Mutation', deleteView: { __typename?: 'SavedView', id: string, name: string } };

export type SubTaskListQueryVariables = Exact<{
  parent: Scalars['String']['input'];
  first: Scalars['Int']['input'];
}>;


export type SubTaskListQuery = { __typename?: 'Query', all: { __typename?: 'TaskConnection', totalCount: number, nodes: Array<{ __typename?: 'Task', id: string, ref: string, title: string, done: boolean, status?: { __typename?: 'Status', key: string, name: string } | null, assignee?: { __typename?: 'User', username: string, displayName: string } | null }> }, finished: { __typename?: 'TaskConnection', totalCount: number } };

export type TaskCardFieldsFragment = { __typename?: 'Task', id: string, ref: string, title: string, done: boolean, priority: Priority, dueDate?: string | null, createdAt: string, updatedAt: string, status?: { __typename?: 'Status', key: string, name: string } | null, assignee?: { __typename?: 'User', username: string, displayName: string } | null, labels: Array<{ __typename?: 'Label', name: string, color?: string | null }>, claim?: (
    { __typename?: 'TaskClaim' }
    & { ' $fragmentRefs'?: { 'ClaimFieldsFragment': ClaimFieldsFragment } }
  ) | null } & { ' $fragmentName'?: 'TaskCardFieldsFragment' };

export type DeleteTaskMutationVariables = Exact<{
  ref: Scalars['String']['input'];
}>;


export type DeleteTaskMutation = { __typename?: 'Mutation', deleteTask: { __typename?: 'Task', id: string, deleted: boolean } };

export type DescriptionMarkdownQueryVariables = Exact<{
  ref: Scalars['String']['input'];
  cursor: Scalars['Int']['input'];
}>;


export type DescriptionMarkdownQuery = { __typename?: 'Query', task: { __typename?: 'Task', id: string, revision: number, descriptionText?: { __typename?: 'TextWindow', text: string, next?: number | null } | null } };

export type TimelineCommentsQueryVariables = Exact<{
  ref: Scalars['String']['input'];
  after?: InputMaybe<Scalars['String']['input']>;
}>;


export type TimelineCommentsQuery = { __typename?: 'Query', task: { __typename?: 'Task', id: string, comments: { __typename?: 'CommentConnection', pageInfo: { __typename?: 'PageInfo', hasNextPage: boolean, endCursor?: string | null }, nodes: Array<{ __typename?: 'Comment', id: string, createdAt: string, body: string, author?: { __typename?: 'User', username: string, displayName: string } | null }> } } };

export type TimelineEventsQueryVariables = Exact<{
  ref: Scalars['String']['input'];
  after?: InputMaybe<Scalars['String']['input']>;
}>;


export type TimelineEventsQuery = { __typename?: 'Query', task: { __typename?: 'Task', id: string, events: { __typename?: 'TaskEventConnection', pageInfo: { __typename?: 'PageInfo', hasNextPage: boolean, endCursor?: string | null }, nodes: Array<{ __typename?: 'TaskEvent', id: string, at: string, field: string, actor?: { __typename?: 'User', username: string } | null, oldText?: { __typename?: 'TextWindow', text: string, truncated: boolean } | null, newText?: { __typename?: 'TextWindow', text: string, truncated: boolean } | null }> } } };

export type MemberSearchQueryVariables = Exact<{
  project: Scalars['String']['input'];
  search: Scalars['String']['input'];
  first: Scalars['Int']['input'];
}>;


export type MemberSearchQuery = { __typename?: 'Query', project: { __typename?: 'Project', id: string, members: { __typename?: 'ProjectMemberConnection', pageInfo: { __typename?: 'PageInfo', hasNextPage: boolean }, nodes: Array<{ __typename?: 'ProjectMember', user?: { __typename?: 'User', username: string, displayName: string } | null }> } } };

export type TaskPlaceFieldsFragment = { __typename?: 'Task', id: string, ref: string, number: number, revision: number, title: string, done: boolean, deleted: boolean, updatedAt: string, createdAt: string, dueDate?: string | null, status?: { __typename?: 'Status', key: string, category: StatusCategory } | null, assignee?: { __typename?: 'User', username: string } | null, labels: Array<{ __typename?: 'Label', name: string }> } & { ' $fragmentName'?: 'TaskPlaceFieldsFragment' };

export type TaskPageQueryVariables = Exact<{
  filter: TaskFilter;
  order: TaskOrder;
  first: Scalars['Int']['input'];
  after?: InputMaybe<Scalars['String']['input']>;
}>;


export type TaskPageQuery = { __typename?: 'Query', tasks: { __typename?: 'TaskConnection', totalCount: number, pageInfo: { __typename?: 'PageInfo', hasNextPage: boolean, endCursor?: string | null }, nodes: Array<(
      { __typename?: 'Task', id: string, ref: string }
      & { ' $fragmentRefs'?: { 'TaskCardFieldsFragment': TaskCardFieldsFragment;'TaskPlaceFieldsFragment': TaskPlaceFieldsFragment } }
    )> } };

export type TaskCountQueryVariables = Exact<{
  filter: TaskFilter;
}>;


export type TaskCountQuery = { __typename?: 'Query', tasks: { __typename?: 'TaskConnection', totalCount: number } };

export const ProjectChoicesFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ProjectChoicesFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Project"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"statuses"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}},{"kind":"Field","name":{"kind":"Name","value":"labels"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}}]}},{"kind":"Field","name":{"kind":"Name","value":"members"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"20"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}}]}},{"kind":"Field","name":{"kind":"Name","value":"nodes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"user"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"username"}},{"kind":"Field","name":{"kind":"Name","value":"displayName"}}]}}]}}]}}]}}]} as unknown as DocumentNode<ProjectChoicesFieldsFragment, unknown>;
export const ClaimFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ClaimFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"TaskClaim"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"since"}},{"kind":"Field","name":{"kind":"Name","value":"until"}},{"kind":"Field","name":{"kind":"Name","value":"holder"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"username"}}]}},{"kind":"Field","name":{"kind":"Name","value":"session"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"status"}}]}}]}}]} as unknown as DocumentNode<ClaimFieldsFragment, unknown>;
export const TaskCardFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"TaskCardFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Task"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"ref"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"done"}},{"kind":"Field","name":{"kind":"Name","value":"priority"}},{"kind":"Field","name":{"kind":"Name","value":"dueDate"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"status"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}},{"kind":"Field","name":{"kind":"Name","value":"assignee"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"username"}},{"kind":"Field","name":{"kind":"Name","value":"displayName"}}]}},{"kind":"Field","name":{"kind":"Name","value":"labels"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"color"}}]}},{"kind":"Field","name":{"kind":"Name","value":"claim"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ClaimFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ClaimFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"TaskClaim"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"since"}},{"kind":"Field","name":{"kind":"Name","value":"until"}},{"kind":"Field","name":{"kind":"Name","value":"holder"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"username"}}]}},{"kind":"Field","name":{"kind":"Name","value":"session"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"status"}}]}}]}}]} as unknown as DocumentNode<TaskCardFieldsFragment, unknown>;
export const TaskPlaceFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"TaskPlaceFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Task"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"ref"}},{"kind":"Field","name":{"kind":"Name","value":"number"}},{"kind":"Field","name":{"kind":"Name","value":"revision"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"done"}},{"kind":"Field","name":{"kind":"Name","value":"deleted"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"dueDate"}},{"kind":"Field","name":{"kind":"Name","value":"status"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"category"}}]}},{"kind":"Field","name":{"kind":"Name","value":"assignee"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"username"}}]}},{"kind":"Field","name":{"kind":"Name","value":"labels"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}}]}}]}}]} as unknown as DocumentNode<TaskPlaceFieldsFragment, unknown>;
export const MeDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Me"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"viewer"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"username"}},{"kind":"Field","name":{"kind":"Name","value":"displayName"}}]}},{"kind":"Field","name":{"kind":"Name","value":"viewerToken"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"readOnly"}}]}}]}}]} as unknown as DocumentNode<MeQuery, MeQueryVariables>;
export const LiveTaskEventsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"subscription","name":{"kind":"Name","value":"LiveTaskEvents"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"project"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"taskEvents"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"project"},"value":{"kind":"Variable","name":{"kind":"Name","value":"project"}}},{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"cursor"}},{"kind":"Field","name":{"kind":"Name","value":"field"}},{"kind":"Field","name":{"kind":"Name","value":"oldText"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"maxChars"},"value":{"kind":"IntValue","value":"200"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"text"}}]}},{"kind":"Field","name":{"kind":"Name","value":"newText"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"maxChars"},"value":{"kind":"IntValue","value":"200"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"text"}}]}},{"kind":"Field","name":{"kind":"Name","value":"task"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"ref"}}]}}]}}]}}]} as unknown as DocumentNode<LiveTaskEventsSubscription, LiveTaskEventsSubscriptionVariables>;
export const LiveTaskDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"LiveTask"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"ref"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"task"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"ref"},"value":{"kind":"Variable","name":{"kind":"Name","value":"ref"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"ref"}},{"kind":"FragmentSpread","name":{"kind":"Name","value":"TaskCardFields"}},{"kind":"FragmentSpread","name":{"kind":"Name","value":"TaskPlaceFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ClaimFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"TaskClaim"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"since"}},{"kind":"Field","name":{"kind":"Name","value":"until"}},{"kind":"Field","name":{"kind":"Name","value":"holder"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"username"}}]}},{"kind":"Field","name":{"kind":"Name","value":"session"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"status"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"TaskCardFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Task"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"ref"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"done"}},{"kind":"Field","name":{"kind":"Name","value":"priority"}},{"kind":"Field","name":{"kind":"Name","value":"dueDate"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"status"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}},{"kind":"Field","name":{"kind":"Name","value":"assignee"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"username"}},{"kind":"Field","name":{"kind":"Name","value":"displayName"}}]}},{"kind":"Field","name":{"kind":"Name","value":"labels"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"color"}}]}},{"kind":"Field","name":{"kind":"Name","value":"claim"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ClaimFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"TaskPlaceFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Task"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"ref"}},{"kind":"Field","name":{"kind":"Name","value":"number"}},{"kind":"Field","name":{"kind":"Name","value":"revision"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"done"}},{"kind":"Field","name":{"kind":"Name","value":"deleted"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"dueDate"}},{"kind":"Field","name":{"kind":"Name","value":"status"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"category"}}]}},{"kind":"Field","name":{"kind":"Name","value":"assignee"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"username"}}]}},{"kind":"Field","name":{"kind":"Name","value":"labels"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}}]}}]}}]} as unknown as DocumentNode<LiveTaskQuery, LiveTaskQueryVariables>;
export const ActivityPageDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ActivityPage"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"filter"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"ActivityFilter"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"activity"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"Variable","name":{"kind":"Name","value":"filter"}}},{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"50"}},{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"endCursor"}}]}},{"kind":"Field","name":{"kind":"Name","value":"nodes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"at"}},{"kind":"Field","name":{"kind":"Name","value":"field"}},{"kind":"Field","name":{"kind":"Name","value":"actor"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"username"}}]}},{"kind":"Field","name":{"kind":"Name","value":"task"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"ref"}},{"kind":"Field","name":{"kind":"Name","value":"title"}}]}},{"kind":"Field","name":{"kind":"Name","value":"project"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"statuses"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"oldText"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"cut"},"value":{"kind":"EnumValue","value":"FIRST_LINE"}},{"kind":"Argument","name":{"kind":"Name","value":"maxChars"},"value":{"kind":"IntValue","value":"80"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"text"}},{"kind":"Field","name":{"kind":"Name","value":"truncated"}}]}},{"kind":"Field","name":{"kind":"Name","value":"newText"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"cut"},"value":{"kind":"EnumValue","value":"FIRST_LINE"}},{"kind":"Argument","name":{"kind":"Name","value":"maxChars"},"value":{"kind":"IntValue","value":"80"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"text"}},{"kind":"Field","name":{"kind":"Name","value":"truncated"}}]}}]}}]}}]}}]} as unknown as DocumentNode<ActivityPageQuery, ActivityPageQueryVariables>;
export const AgentSessionsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"AgentSessions"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"active"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Boolean"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"agentSessions"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"active"},"value":{"kind":"Variable","name":{"kind":"Name","value":"active"}}},{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"50"}},{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"totalCount"}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"endCursor"}}]}},{"kind":"Field","name":{"kind":"Name","value":"nodes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"startedAt"}},{"kind":"Field","name":{"kind":"Name","value":"heartbeatAt"}},{"kind":"Field","name":{"kind":"Name","value":"endedAt"}},{"kind":"Field","name":{"kind":"Name","value":"user"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"username"}},{"kind":"Field","name":{"kind":"Name","value":"displayName"}}]}},{"kind":"Field","name":{"kind":"Name","value":"task"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"ref"}},{"kind":"Field","name":{"kind":"Name","value":"title"}}]}}]}}]}}]}}]} as unknown as DocumentNode<AgentSessionsQuery, AgentSessionsQueryVariables>;
export const LiveClaimsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"LiveClaims"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"tasks"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"ObjectValue","fields":[{"kind":"ObjectField","name":{"kind":"Name","value":"claimed"},"value":{"kind":"BooleanValue","value":true}}]}},{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"50"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"totalCount"}},{"kind":"Field","name":{"kind":"Name","value":"nodes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"ref"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"claim"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ClaimFields"}}]}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ClaimFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"TaskClaim"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"since"}},{"kind":"Field","name":{"kind":"Name","value":"until"}},{"kind":"Field","name":{"kind":"Name","value":"holder"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"username"}}]}},{"kind":"Field","name":{"kind":"Name","value":"session"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"status"}}]}}]}}]} as unknown as DocumentNode<LiveClaimsQuery, LiveClaimsQueryVariables>;
export const ProjectsPageDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ProjectsPage"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"name"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"projects"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"ObjectValue","fields":[{"kind":"ObjectField","name":{"kind":"Name","value":"name"},"value":{"kind":"Variable","name":{"kind":"Name","value":"name"}}}]}},{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"50"}},{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"totalCount"}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"endCursor"}}]}},{"kind":"Field","name":{"kind":"Name","value":"nodes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"openTaskCount"}},{"kind":"Field","name":{"kind":"Name","value":"workspace"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}}]}}]}}]}}]} as unknown as DocumentNode<ProjectsPageQuery, ProjectsPageQueryVariables>;
export const LinkAccountDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"LinkAccount"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"viewer"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"username"}},{"kind":"Field","name":{"kind":"Name","value":"displayName"}}]}}]}}]} as unknown as DocumentNode<LinkAccountQuery, LinkAccountQueryVariables>;
export const TaskPageDetailsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"TaskPageDetails"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"ref"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"task"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"ref"},"value":{"kind":"Variable","name":{"kind":"Name","value":"ref"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"ref"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"done"}},{"kind":"Field","name":{"kind":"Name","value":"deleted"}},{"kind":"Field","name":{"kind":"Name","value":"deletedAt"}},{"kind":"Field","name":{"kind":"Name","value":"priority"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"dueDate"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"completedAt"}},{"kind":"Field","name":{"kind":"Name","value":"commentCount"}},{"kind":"Field","name":{"kind":"Name","value":"revision"}},{"kind":"Field","name":{"kind":"Name","value":"status"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}},{"kind":"Field","name":{"kind":"Name","value":"assignee"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"username"}},{"kind":"Field","name":{"kind":"Name","value":"displayName"}}]}},{"kind":"Field","name":{"kind":"Name","value":"coworkers"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"username"}},{"kind":"Field","name":{"kind":"Name","value":"displayName"}}]}},{"kind":"Field","name":{"kind":"Name","value":"labels"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"color"}}]}},{"kind":"Field","name":{"kind":"Name","value":"parent"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"ref"}},{"kind":"Field","name":{"kind":"Name","value":"title"}}]}},{"kind":"Field","name":{"kind":"Name","value":"createdBy"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"username"}},{"kind":"Field","name":{"kind":"Name","value":"displayName"}}]}},{"kind":"Field","name":{"kind":"Name","value":"claim"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ClaimFields"}}]}},{"kind":"Field","name":{"kind":"Name","value":"project"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"lastEventCursor"}},{"kind":"FragmentSpread","name":{"kind":"Name","value":"ProjectChoicesFields"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"agentSessions"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"active"},"value":{"kind":"BooleanValue","value":true}},{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"100"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"nodes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"heartbeatAt"}},{"kind":"Field","name":{"kind":"Name","value":"user"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"username"}}]}},{"kind":"Field","name":{"kind":"Name","value":"task"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"ref"}}]}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ClaimFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"TaskClaim"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"since"}},{"kind":"Field","name":{"kind":"Name","value":"until"}},{"kind":"Field","name":{"kind":"Name","value":"holder"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"username"}}]}},{"kind":"Field","name":{"kind":"Name","value":"session"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"status"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ProjectChoicesFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Project"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"statuses"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}},{"kind":"Field","name":{"kind":"Name","value":"labels"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}}]}},{"kind":"Field","name":{"kind":"Name","value":"members"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"20"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}}]}},{"kind":"Field","name":{"kind":"Name","value":"nodes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"user"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"username"}},{"kind":"Field","name":{"kind":"Name","value":"displayName"}}]}}]}}]}}]}}]} as unknown as DocumentNode<TaskPageDetailsQuery, TaskPageDetailsQueryVariables>;
export const UpdateTaskDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"UpdateTask"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"ref"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UpdateTaskInput"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"expectedRevision"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updateTask"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"ref"},"value":{"kind":"Variable","name":{"kind":"Name","value":"ref"}}},{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}},{"kind":"Argument","name":{"kind":"Name","value":"expectedRevision"},"value":{"kind":"Variable","name":{"kind":"Name","value":"expectedRevision"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"ref"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"revision"}}]}}]}}]} as unknown as DocumentNode<UpdateTaskMutation, UpdateTaskMutationVariables>;
export const ProjectBoardDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ProjectBoard"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"key"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"project"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"key"},"value":{"kind":"Variable","name":{"kind":"Name","value":"key"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"openTaskCount"}},{"kind":"Field","name":{"kind":"Name","value":"lastEventCursor"}},{"kind":"Field","name":{"kind":"Name","value":"statuses"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"category"}}]}},{"kind":"FragmentSpread","name":{"kind":"Name","value":"ProjectChoicesFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ProjectChoicesFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Project"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"statuses"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}},{"kind":"Field","name":{"kind":"Name","value":"labels"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}}]}},{"kind":"Field","name":{"kind":"Name","value":"members"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"20"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}}]}},{"kind":"Field","name":{"kind":"Name","value":"nodes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"user"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"username"}},{"kind":"Field","name":{"kind":"Name","value":"displayName"}}]}}]}}]}}]}}]} as unknown as DocumentNode<ProjectBoardQuery, ProjectBoardQueryVariables>;
export const MoveTaskDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"MoveTask"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"ref"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"status"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"place"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"TaskPlacement"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updateTask"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"ref"},"value":{"kind":"Variable","name":{"kind":"Name","value":"ref"}}},{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"ObjectValue","fields":[{"kind":"ObjectField","name":{"kind":"Name","value":"status"},"value":{"kind":"Variable","name":{"kind":"Name","value":"status"}}},{"kind":"ObjectField","name":{"kind":"Name","value":"place"},"value":{"kind":"Variable","name":{"kind":"Name","value":"place"}}}]}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"TaskCardFields"}},{"kind":"FragmentSpread","name":{"kind":"Name","value":"TaskPlaceFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ClaimFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"TaskClaim"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"since"}},{"kind":"Field","name":{"kind":"Name","value":"until"}},{"kind":"Field","name":{"kind":"Name","value":"holder"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"username"}}]}},{"kind":"Field","name":{"kind":"Name","value":"session"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"status"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"TaskCardFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Task"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"ref"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"done"}},{"kind":"Field","name":{"kind":"Name","value":"priority"}},{"kind":"Field","name":{"kind":"Name","value":"dueDate"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"status"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}},{"kind":"Field","name":{"kind":"Name","value":"assignee"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"username"}},{"kind":"Field","name":{"kind":"Name","value":"displayName"}}]}},{"kind":"Field","name":{"kind":"Name","value":"labels"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"color"}}]}},{"kind":"Field","name":{"kind":"Name","value":"claim"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ClaimFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"TaskPlaceFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Task"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"ref"}},{"kind":"Field","name":{"kind":"Name","value":"number"}},{"kind":"Field","name":{"kind":"Name","value":"revision"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"done"}},{"kind":"Field","name":{"kind":"Name","value":"deleted"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"dueDate"}},{"kind":"Field","name":{"kind":"Name","value":"status"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"category"}}]}},{"kind":"Field","name":{"kind":"Name","value":"assignee"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"username"}}]}},{"kind":"Field","name":{"kind":"Name","value":"labels"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}}]}}]}}]} as unknown as DocumentNode<MoveTaskMutation, MoveTaskMutationVariables>;
export const AssignTaskDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"AssignTask"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"ref"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"assignee"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updateTask"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"ref"},"value":{"kind":"Variable","name":{"kind":"Name","value":"ref"}}},{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"ObjectValue","fields":[{"kind":"ObjectField","name":{"kind":"Name","value":"assignee"},"value":{"kind":"Variable","name":{"kind":"Name","value":"assignee"}}}]}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"TaskCardFields"}},{"kind":"FragmentSpread","name":{"kind":"Name","value":"TaskPlaceFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ClaimFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"TaskClaim"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"since"}},{"kind":"Field","name":{"kind":"Name","value":"until"}},{"kind":"Field","name":{"kind":"Name","value":"holder"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"username"}}]}},{"kind":"Field","name":{"kind":"Name","value":"session"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"status"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"TaskCardFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Task"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"ref"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"done"}},{"kind":"Field","name":{"kind":"Name","value":"priority"}},{"kind":"Field","name":{"kind":"Name","value":"dueDate"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"status"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}},{"kind":"Field","name":{"kind":"Name","value":"assignee"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"username"}},{"kind":"Field","name":{"kind":"Name","value":"displayName"}}]}},{"kind":"Field","name":{"kind":"Name","value":"labels"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"color"}}]}},{"kind":"Field","name":{"kind":"Name","value":"claim"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ClaimFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"TaskPlaceFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Task"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"ref"}},{"kind":"Field","name":{"kind":"Name","value":"number"}},{"kind":"Field","name":{"kind":"Name","value":"revision"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"done"}},{"kind":"Field","name":{"kind":"Name","value":"deleted"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"dueDate"}},{"kind":"Field","name":{"kind":"Name","value":"status"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"category"}}]}},{"kind":"Field","name":{"kind":"Name","value":"assignee"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"username"}}]}},{"kind":"Field","name":{"kind":"Name","value":"labels"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}}]}}]}}]} as unknown as DocumentNode<AssignTaskMutation, AssignTaskMutationVariables>;
export const PrioritizeTaskDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"PrioritizeTask"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"ref"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"priority"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Priority"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updateTask"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"ref"},"value":{"kind":"Variable","name":{"kind":"Name","value":"ref"}}},{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"ObjectValue","fields":[{"kind":"ObjectField","name":{"kind":"Name","value":"priority"},"value":{"kind":"Variable","name":{"kind":"Name","value":"priority"}}}]}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"TaskCardFields"}},{"kind":"FragmentSpread","name":{"kind":"Name","value":"TaskPlaceFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ClaimFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"TaskClaim"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"since"}},{"kind":"Field","name":{"kind":"Name","value":"until"}},{"kind":"Field","name":{"kind":"Name","value":"holder"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"username"}}]}},{"kind":"Field","name":{"kind":"Name","value":"session"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"status"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"TaskCardFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Task"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"ref"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"done"}},{"kind":"Field","name":{"kind":"Name","value":"priority"}},{"kind":"Field","name":{"kind":"Name","value":"dueDate"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"status"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}},{"kind":"Field","name":{"kind":"Name","value":"assignee"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"username"}},{"kind":"Field","name":{"kind":"Name","value":"displayName"}}]}},{"kind":"Field","name":{"kind":"Name","value":"labels"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"color"}}]}},{"kind":"Field","name":{"kind":"Name","value":"claim"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ClaimFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"TaskPlaceFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Task"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"ref"}},{"kind":"Field","name":{"kind":"Name","value":"number"}},{"kind":"Field","name":{"kind":"Name","value":"revision"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"done"}},{"kind":"Field","name":{"kind":"Name","value":"deleted"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"dueDate"}},{"kind":"Field","name":{"kind":"Name","value":"status"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"category"}}]}},{"kind":"Field","name":{"kind":"Name","value":"assignee"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"username"}}]}},{"kind":"Field","name":{"kind":"Name","value":"labels"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}}]}}]}}]} as unknown as DocumentNode<PrioritizeTaskMutation, PrioritizeTaskMutationVariables>;
export const WikiTreePageDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"WikiTreePage"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"wikiTree"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"200"}},{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"endCursor"}}]}},{"kind":"Field","name":{"kind":"Name","value":"nodes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"depth"}},{"kind":"Field","name":{"kind":"Name","value":"workspace"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}}]}}]}}]}}]} as unknown as DocumentNode<WikiTreePageQuery, WikiTreePageQueryVariables>;
export const WikiSearchDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"WikiSearch"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"query"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"searchWiki"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"query"},"value":{"kind":"Variable","name":{"kind":"Name","value":"query"}}},{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"20"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"totalCount"}},{"kind":"Field","name":{"kind":"Name","value":"nodes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"excerpt"}},{"kind":"Field","name":{"kind":"Name","value":"page"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"workspace"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}}]}}]}}]}}]}}]}}]} as unknown as DocumentNode<WikiSearchQuery, WikiSearchQueryVariables>;
export const WikiPageWindowDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"WikiPageWindow"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"workspace"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"path"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"cursor"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"wikiPage"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"workspace"},"value":{"kind":"Variable","name":{"kind":"Name","value":"workspace"}}},{"kind":"Argument","name":{"kind":"Name","value":"path"},"value":{"kind":"Variable","name":{"kind":"Name","value":"path"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"revision"}},{"kind":"Field","name":{"kind":"Name","value":"baseRevision"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedBy"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"username"}}]}},{"kind":"Field","name":{"kind":"Name","value":"outline"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"level"}},{"kind":"Field","name":{"kind":"Name","value":"text"}},{"kind":"Field","name":{"kind":"Name","value":"slug"}}]}},{"kind":"Field","name":{"kind":"Name","value":"content"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"maxChars"},"value":{"kind":"IntValue","value":"20000"}},{"kind":"Argument","name":{"kind":"Name","value":"cursor"},"value":{"kind":"Variable","name":{"kind":"Name","value":"cursor"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"text"}},{"kind":"Field","name":{"kind":"Name","value":"next"}}]}}]}}]}}]} as unknown as DocumentNode<WikiPageWindowQuery, WikiPageWindowQueryVariables>;
export const PutWikiPageDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"PutWikiPage"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"workspace"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"path"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"content"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"baseRevision"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"putWikiPage"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"workspace"},"value":{"kind":"Variable","name":{"kind":"Name","value":"workspace"}}},{"kind":"Argument","name":{"kind":"Name","value":"path"},"value":{"kind":"Variable","name":{"kind":"Name","value":"path"}}},{"kind":"Argument","name":{"kind":"Name","value":"content"},"value":{"kind":"Variable","name":{"kind":"Name","value":"content"}}},{"kind":"Argument","name":{"kind":"Name","value":"baseRevision"},"value":{"kind":"Variable","name":{"kind":"Name","value":"baseRevision"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"revision"}}]}}]}}]} as unknown as DocumentNode<PutWikiPageMutation, PutWikiPageMutationVariables>;
export const BulkUpdateTaskDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"BulkUpdateTask"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"ref"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UpdateTaskInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updateTask"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"ref"},"value":{"kind":"Variable","name":{"kind":"Name","value":"ref"}}},{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"TaskCardFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ClaimFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"TaskClaim"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"since"}},{"kind":"Field","name":{"kind":"Name","value":"until"}},{"kind":"Field","name":{"kind":"Name","value":"holder"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"username"}}]}},{"kind":"Field","name":{"kind":"Name","value":"session"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"status"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"TaskCardFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Task"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"ref"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"done"}},{"kind":"Field","name":{"kind":"Name","value":"priority"}},{"kind":"Field","name":{"kind":"Name","value":"dueDate"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"status"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}},{"kind":"Field","name":{"kind":"Name","value":"assignee"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"username"}},{"kind":"Field","name":{"kind":"Name","value":"displayName"}}]}},{"kind":"Field","name":{"kind":"Name","value":"labels"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"color"}}]}},{"kind":"Field","name":{"kind":"Name","value":"claim"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ClaimFields"}}]}}]}}]} as unknown as DocumentNode<BulkUpdateTaskMutation, BulkUpdateTaskMutationVariables>;
export const AddCommentDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"AddComment"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"ref"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"bodyMarkdown"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"addComment"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"ref"},"value":{"kind":"Variable","name":{"kind":"Name","value":"ref"}}},{"kind":"Argument","name":{"kind":"Name","value":"bodyMarkdown"},"value":{"kind":"Variable","name":{"kind":"Name","value":"bodyMarkdown"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}}]}}]} as unknown as DocumentNode<AddCommentMutation, AddCommentMutationVariables>;
export const CreateTaskDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CreateTask"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateTaskInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createTask"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"ref"}},{"kind":"FragmentSpread","name":{"kind":"Name","value":"TaskCardFields"}},{"kind":"FragmentSpread","name":{"kind":"Name","value":"TaskPlaceFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ClaimFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"TaskClaim"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"since"}},{"kind":"Field","name":{"kind":"Name","value":"until"}},{"kind":"Field","name":{"kind":"Name","value":"holder"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"username"}}]}},{"kind":"Field","name":{"kind":"Name","value":"session"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"status"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"TaskCardFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Task"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"ref"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"done"}},{"kind":"Field","name":{"kind":"Name","value":"priority"}},{"kind":"Field","name":{"kind":"Name","value":"dueDate"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"status"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}},{"kind":"Field","name":{"kind":"Name","value":"assignee"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"username"}},{"kind":"Field","name":{"kind":"Name","value":"displayName"}}]}},{"kind":"Field","name":{"kind":"Name","value":"labels"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"color"}}]}},{"kind":"Field","name":{"kind":"Name","value":"claim"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ClaimFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"TaskPlaceFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Task"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"ref"}},{"kind":"Field","name":{"kind":"Name","value":"number"}},{"kind":"Field","name":{"kind":"Name","value":"revision"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"done"}},{"kind":"Field","name":{"kind":"Name","value":"deleted"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"dueDate"}},{"kind":"Field","name":{"kind":"Name","value":"status"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"category"}}]}},{"kind":"Field","name":{"kind":"Name","value":"assignee"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"username"}}]}},{"kind":"Field","name":{"kind":"Name","value":"labels"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}}]}}]}}]} as unknown as DocumentNode<CreateTaskMutation, CreateTaskMutationVariables>;
export const PaletteSearchDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"PaletteSearch"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"words"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"tasks"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"ObjectValue","fields":[{"kind":"ObjectField","name":{"kind":"Name","value":"text"},"value":{"kind":"Variable","name":{"kind":"Name","value":"words"}}}]}},{"kind":"Argument","name":{"kind":"Name","value":"order"},"value":{"kind":"EnumValue","value":"UPDATED"}},{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"6"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"nodes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"ref"}},{"kind":"Field","name":{"kind":"Name","value":"title"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"projects"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"ObjectValue","fields":[{"kind":"ObjectField","name":{"kind":"Name","value":"name"},"value":{"kind":"Variable","name":{"kind":"Name","value":"words"}}}]}},{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"5"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"nodes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"searchWiki"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"query"},"value":{"kind":"Variable","name":{"kind":"Name","value":"words"}}},{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"5"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"nodes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"page"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"path"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"workspace"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}}]}}]}}]}}]}}]}}]} as unknown as DocumentNode<PaletteSearchQuery, PaletteSearchQueryVariables>;
export const PaletteTaskDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"PaletteTask"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"ref"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"task"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"ref"},"value":{"kind":"Variable","name":{"kind":"Name","value":"ref"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"ref"}},{"kind":"Field","name":{"kind":"Name","value":"title"}}]}}]}}]} as unknown as DocumentNode<PaletteTaskQuery, PaletteTaskQueryVariables>;
export const PaletteFocusedTaskDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"PaletteFocusedTask"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"ref"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"viewer"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"username"}}]}},{"kind":"Field","name":{"kind":"Name","value":"task"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"ref"},"value":{"kind":"Variable","name":{"kind":"Name","value":"ref"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"ref"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"deleted"}},{"kind":"Field","name":{"kind":"Name","value":"priority"}},{"kind":"Field","name":{"kind":"Name","value":"status"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}}]}},{"kind":"Field","name":{"kind":"Name","value":"assignee"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"username"}}]}},{"kind":"Field","name":{"kind":"Name","value":"project"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"statuses"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}}]}}]}}]}}]} as unknown as DocumentNode<PaletteFocusedTaskQuery, PaletteFocusedTaskQueryVariables>;
export const PaletteUpdateTaskDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"PaletteUpdateTask"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"ref"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UpdateTaskInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updateTask"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"ref"},"value":{"kind":"Variable","name":{"kind":"Name","value":"ref"}}},{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"TaskCardFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ClaimFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"TaskClaim"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"since"}},{"kind":"Field","name":{"kind":"Name","value":"until"}},{"kind":"Field","name":{"kind":"Name","value":"holder"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"username"}}]}},{"kind":"Field","name":{"kind":"Name","value":"session"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"status"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"TaskCardFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Task"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"ref"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"done"}},{"kind":"Field","name":{"kind":"Name","value":"priority"}},{"kind":"Field","name":{"kind":"Name","value":"dueDate"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"status"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}},{"kind":"Field","name":{"kind":"Name","value":"assignee"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"username"}},{"kind":"Field","name":{"kind":"Name","value":"displayName"}}]}},{"kind":"Field","name":{"kind":"Name","value":"labels"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"color"}}]}},{"kind":"Field","name":{"kind":"Name","value":"claim"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ClaimFields"}}]}}]}}]} as unknown as DocumentNode<PaletteUpdateTaskMutation, PaletteUpdateTaskMutationVariables>;
export const ProjectViewsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ProjectViews"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"project"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"savedViews"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"project"},"value":{"kind":"Variable","name":{"kind":"Name","value":"project"}}},{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"50"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"nodes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"query"}},{"kind":"Field","name":{"kind":"Name","value":"shared"}},{"kind":"Field","name":{"kind":"Name","value":"mine"}},{"kind":"Field","name":{"kind":"Name","value":"owner"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"username"}},{"kind":"Field","name":{"kind":"Name","value":"displayName"}}]}}]}}]}}]}}]} as unknown as DocumentNode<ProjectViewsQuery, ProjectViewsQueryVariables>;
export const SaveViewDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"SaveView"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"SaveViewInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"saveView"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"query"}},{"kind":"Field","name":{"kind":"Name","value":"shared"}},{"kind":"Field","name":{"kind":"Name","value":"mine"}}]}}]}}]} as unknown as DocumentNode<SaveViewMutation, SaveViewMutationVariables>;
export const DeleteViewDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"DeleteView"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"deleteView"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}}]}}]} as unknown as DocumentNode<DeleteViewMutation, DeleteViewMutationVariables>;
export const SubTaskListDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"SubTaskList"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"parent"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","alias":{"kind":"Name","value":"all"},"name":{"kind":"Name","value":"tasks"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"ObjectValue","fields":[{"kind":"ObjectField","name":{"kind":"Name","value":"parent"},"value":{"kind":"Variable","name":{"kind":"Name","value":"parent"}}}]}},{"kind":"Argument","name":{"kind":"Name","value":"order"},"value":{"kind":"EnumValue","value":"REF"}},{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"totalCount"}},{"kind":"Field","name":{"kind":"Name","value":"nodes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"ref"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"done"}},{"kind":"Field","name":{"kind":"Name","value":"status"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}},{"kind":"Field","name":{"kind":"Name","value":"assignee"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"username"}},{"kind":"Field","name":{"kind":"Name","value":"displayName"}}]}}]}}]}},{"kind":"Field","alias":{"kind":"Name","value":"finished"},"name":{"kind":"Name","value":"tasks"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"ObjectValue","fields":[{"kind":"ObjectField","name":{"kind":"Name","value":"parent"},"value":{"kind":"Variable","name":{"kind":"Name","value":"parent"}}},{"kind":"ObjectField","name":{"kind":"Name","value":"done"},"value":{"kind":"BooleanValue","value":true}}]}},{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"0"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"totalCount"}}]}}]}}]} as unknown as DocumentNode<SubTaskListQuery, SubTaskListQueryVariables>;
export const DeleteTaskDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"DeleteTask"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"ref"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"deleteTask"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"ref"},"value":{"kind":"Variable","name":{"kind":"Name","value":"ref"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"deleted"}}]}}]}}]} as unknown as DocumentNode<DeleteTaskMutation, DeleteTaskMutationVariables>;
export const DescriptionMarkdownDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"DescriptionMarkdown"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"ref"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"cursor"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"task"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"ref"},"value":{"kind":"Variable","name":{"kind":"Name","value":"ref"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"revision"}},{"kind":"Field","name":{"kind":"Name","value":"descriptionText"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"format"},"value":{"kind":"EnumValue","value":"MARKDOWN"}},{"kind":"Argument","name":{"kind":"Name","value":"maxChars"},"value":{"kind":"IntValue","value":"200000"}},{"kind":"Argument","name":{"kind":"Name","value":"cursor"},"value":{"kind":"Variable","name":{"kind":"Name","value":"cursor"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"text"}},{"kind":"Field","name":{"kind":"Name","value":"next"}}]}}]}}]}}]} as unknown as DocumentNode<DescriptionMarkdownQuery, DescriptionMarkdownQueryVariables>;
export const TimelineCommentsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"TimelineComments"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"ref"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"task"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"ref"},"value":{"kind":"Variable","name":{"kind":"Name","value":"ref"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"comments"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"100"}},{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"endCursor"}}]}},{"kind":"Field","name":{"kind":"Name","value":"nodes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"body"}},{"kind":"Field","name":{"kind":"Name","value":"author"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"username"}},{"kind":"Field","name":{"kind":"Name","value":"displayName"}}]}}]}}]}}]}}]}}]} as unknown as DocumentNode<TimelineCommentsQuery, TimelineCommentsQueryVariables>;
export const TimelineEventsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"TimelineEvents"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"ref"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"task"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"ref"},"value":{"kind":"Variable","name":{"kind":"Name","value":"ref"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"events"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"100"}},{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"endCursor"}}]}},{"kind":"Field","name":{"kind":"Name","value":"nodes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"at"}},{"kind":"Field","name":{"kind":"Name","value":"field"}},{"kind":"Field","name":{"kind":"Name","value":"actor"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"username"}}]}},{"kind":"Field","name":{"kind":"Name","value":"oldText"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"cut"},"value":{"kind":"EnumValue","value":"FIRST_LINE"}},{"kind":"Argument","name":{"kind":"Name","value":"maxChars"},"value":{"kind":"IntValue","value":"80"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"text"}},{"kind":"Field","name":{"kind":"Name","value":"truncated"}}]}},{"kind":"Field","name":{"kind":"Name","value":"newText"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"cut"},"value":{"kind":"EnumValue","value":"FIRST_LINE"}},{"kind":"Argument","name":{"kind":"Name","value":"maxChars"},"value":{"kind":"IntValue","value":"80"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"text"}},{"kind":"Field","name":{"kind":"Name","value":"truncated"}}]}}]}}]}}]}}]}}]} as unknown as DocumentNode<TimelineEventsQuery, TimelineEventsQueryVariables>;
export const MemberSearchDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"MemberSearch"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"project"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"search"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"project"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"key"},"value":{"kind":"Variable","name":{"kind":"Name","value":"project"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"members"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"search"},"value":{"kind":"Variable","name":{"kind":"Name","value":"search"}}},{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}}]}},{"kind":"Field","name":{"kind":"Name","value":"nodes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"user"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"username"}},{"kind":"Field","name":{"kind":"Name","value":"displayName"}}]}}]}}]}}]}}]}}]} as unknown as DocumentNode<MemberSearchQuery, MemberSearchQueryVariables>;
export const TaskPageDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"TaskPage"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"filter"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"TaskFilter"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"order"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"TaskOrder"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"tasks"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"Variable","name":{"kind":"Name","value":"filter"}}},{"kind":"Argument","name":{"kind":"Name","value":"order"},"value":{"kind":"Variable","name":{"kind":"Name","value":"order"}}},{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}},{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"totalCount"}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"endCursor"}}]}},{"kind":"Field","name":{"kind":"Name","value":"nodes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"ref"}},{"kind":"FragmentSpread","name":{"kind":"Name","value":"TaskCardFields"}},{"kind":"FragmentSpread","name":{"kind":"Name","value":"TaskPlaceFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ClaimFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"TaskClaim"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"since"}},{"kind":"Field","name":{"kind":"Name","value":"until"}},{"kind":"Field","name":{"kind":"Name","value":"holder"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"username"}}]}},{"kind":"Field","name":{"kind":"Name","value":"session"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"status"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"TaskCardFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Task"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"ref"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"done"}},{"kind":"Field","name":{"kind":"Name","value":"priority"}},{"kind":"Field","name":{"kind":"Name","value":"dueDate"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"status"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}},{"kind":"Field","name":{"kind":"Name","value":"assignee"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"username"}},{"kind":"Field","name":{"kind":"Name","value":"displayName"}}]}},{"kind":"Field","name":{"kind":"Name","value":"labels"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"color"}}]}},{"kind":"Field","name":{"kind":"Name","value":"claim"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ClaimFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"TaskPlaceFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Task"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"ref"}},{"kind":"Field","name":{"kind":"Name","value":"number"}},{"kind":"Field","name":{"kind":"Name","value":"revision"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"done"}},{"kind":"Field","name":{"kind":"Name","value":"deleted"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"dueDate"}},{"kind":"Field","name":{"kind":"Name","value":"status"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"category"}}]}},{"kind":"Field","name":{"kind":"Name","value":"assignee"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"username"}}]}},{"kind":"Field","name":{"kind":"Name","value":"labels"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}}]}}]}}]} as unknown as DocumentNode<TaskPageQuery, TaskPageQueryVariables>;
export const TaskCountDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"TaskCount"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"filter"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"TaskFilter"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"tasks"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"Variable","name":{"kind":"Name","value":"filter"}}},{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"0"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"totalCount"}}]}}]}}]} as unknown as DocumentNode<TaskCountQuery, TaskCountQueryVariables>;