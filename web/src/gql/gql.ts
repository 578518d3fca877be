/* eslint-disable */
import * as types from './graphql';
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';

/**
 * Map of all GraphQL operations in the project.
 *
 * This map has several performance disadvantages:
 * 1. It is not tree-shakeable, so it will include all operations in the project.
 * 2. It is not minifiable, so the string of a GraphQL query will be multiple times inside the bundle.
 * 3. It does not support dead code elimination, so it will add unused operations.
 *
 * Therefore it is highly recommended to use the babel or swc plugin for production.
 * Learn more about it here: https://the-guild.dev/graphql/codegen/plugins/presets/preset-client#reducing-bundle-size
 */
type Documents = {
    "\n  query Me {\n    viewer {\n      username\n      displayName\n    }\n    viewerToken {\n      readOnly\n    }\n  }\n": typeof types.MeDocument,
    "\n  subscription LiveTaskEvents($project: String!, $after: String) {\n    taskEvents(project: $project, after: $after) {\n      id\n      cursor\n      field\n      task {\n        ref\n      }\n    }\n  }\n": typeof types.LiveTaskEventsDocument,
    "\n  query ActivityPage($filter: ActivityFilter, $after: String) {\n    activity(filter: $filter, first: 50, after: $after) {\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n      nodes {\n        id\n        at\n        field\n        actor {\n          username\n        }\n        task {\n          ref\n          title\n        }\n        newText(cut: FIRST_LINE, maxChars: 80) {\n          text\n          truncated\n        }\n      }\n    }\n  }\n": typeof types.ActivityPageDocument,
    "\n  query AgentSessions($active: Boolean, $after: String) {\n    agentSessions(active: $active, first: 50, after: $after) {\n      totalCount\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n      nodes {\n        id\n        name\n        status\n        startedAt\n        heartbeatAt\n        endedAt\n        user {\n          username\n          displayName\n        }\n        task {\n          ref\n          title\n        }\n      }\n    }\n  }\n": typeof types.AgentSessionsDocument,
    "\n  query LiveClaims {\n    tasks(filter: { claimed: true }, first: 50) {\n      totalCount\n      nodes {\n        id\n        ref\n        title\n        claim {\n          ...ClaimFields\n        }\n      }\n    }\n  }\n": typeof types.LiveClaimsDocument,
    "\n  query ProjectsPage($name: String, $after: String) {\n    projects(filter: { name: $name }, first: 50, after: $after) {\n      totalCount\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n      nodes {\n        id\n        key\n        name\n        openTaskCount\n        workspace {\n          key\n          name\n        }\n      }\n    }\n  }\n": typeof types.ProjectsPageDocument,
    "\n  query LinkAccount {\n    viewer {\n      username\n      displayName\n    }\n  }\n": typeof types.LinkAccountDocument,
    "\n  query TaskPageDetails($ref: String!) {\n    task(ref: $ref) {\n      id\n      ref\n      title\n      description\n      done\n      deleted\n      deletedAt\n      priority\n      kind\n      dueDate\n      createdAt\n      updatedAt\n      completedAt\n      commentCount\n      revision\n      status {\n        key\n        name\n      }\n      assignee {\n        username\n        displayName\n      }\n      coworkers {\n        username\n        displayName\n      }\n      labels {\n        name\n        color\n      }\n      createdBy {\n        username\n        displayName\n      }\n      claim {\n        ...ClaimFields\n      }\n      project {\n        key\n        name\n        lastEventCursor\n        ...ProjectChoicesFields\n      }\n    }\n    agentSessions(active: true, first: 100) {\n      nodes {\n        id\n        name\n        status\n        heartbeatAt\n        user {\n          username\n        }\n        task {\n          ref\n        }\n      }\n    }\n  }\n": typeof types.TaskPageDetailsDocument,
    "\n  mutation UpdateTask($ref: String!, $input: UpdateTaskInput!, $expectedRevision: Int) {\n    updateTask(ref: $ref, input: $input, expectedRevision: $expectedRevision) {\n      id\n      ref\n      updatedAt\n      revision\n    }\n  }\n": typeof types.UpdateTaskDocument,
    "\n  mutation DeleteTask($ref: String!) {\n    deleteTask(ref: $ref) {\n      id\n      deleted\n    }\n  }\n": typeof types.DeleteTaskDocument,
    "\n  query DescriptionMarkdown($ref: String!, $cursor: Int!) {\n    task(ref: $ref) {\n      id\n      descriptionText(format: MARKDOWN, maxChars: 200000, cursor: $cursor) {\n        text\n        next\n      }\n    }\n  }\n": typeof types.DescriptionMarkdownDocument,
    "\n  query ProjectBoard($key: String!) {\n    project(key: $key) {\n      id\n      key\n      name\n      openTaskCount\n      lastEventCursor\n      statuses {\n        key\n        name\n        category\n      }\n      ...ProjectChoicesFields\n    }\n  }\n": typeof types.ProjectBoardDocument,
    "\n  mutation MoveTask($ref: String!, $status: String!) {\n    updateTask(ref: $ref, input: { status: $status }) {\n      ...TaskCardFields\n    }\n  }\n": typeof types.MoveTaskDocument,
    "\n  query WikiTreePage($after: String) {\n    wikiTree(first: 200, after: $after) {\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n      nodes {\n        path\n        title\n        depth\n        workspace {\n          key\n          name\n        }\n      }\n    }\n  }\n": typeof types.WikiTreePageDocument,
    "\n  query WikiSearch($query: String!) {\n    searchWiki(query: $query, first: 20) {\n      totalCount\n      nodes {\n        excerpt\n        page {\n          id\n          path\n          title\n          workspace {\n            key\n          }\n        }\n      }\n    }\n  }\n": typeof types.WikiSearchDocument,
    "\n  query WikiPageWindow($workspace: String!, $path: String!, $cursor: Int!) {\n    wikiPage(workspace: $workspace, path: $path) {\n      id\n      path\n      title\n      revision\n      baseRevision\n      updatedAt\n      updatedBy {\n        username\n      }\n      outline {\n        level\n        text\n        slug\n      }\n      content(maxChars: 20000, cursor: $cursor) {\n        text\n        next\n      }\n    }\n  }\n": typeof types.WikiPageWindowDocument,
    "\n  mutation PutWikiPage($workspace: String!, $path: String!, $content: String!, $baseRevision: String!) {\n    putWikiPage(workspace: $workspace, path: $path, content: $content, baseRevision: $baseRevision) {\n      id\n      revision\n    }\n  }\n": typeof types.PutWikiPageDocument,
    "\n  query TaskChanges($ref: String!, $after: String) {\n    task(ref: $ref) {\n      id\n      events(first: 50, after: $after) {\n        pageInfo {\n          hasNextPage\n          endCursor\n        }\n        nodes {\n          id\n          at\n          field\n          actor {\n            username\n          }\n          oldText(cut: FIRST_LINE, maxChars: 80) {\n            text\n            truncated\n          }\n          newText(cut: FIRST_LINE, maxChars: 80) {\n            text\n            truncated\n          }\n        }\n      }\n    }\n  }\n": typeof types.TaskChangesDocument,
    "\n  fragment ClaimFields on TaskClaim {\n    since\n    until\n    holder {\n      username\n    }\n    session {\n      name\n      status\n    }\n  }\n": typeof types.ClaimFieldsFragmentDoc,
    "\n  query CommentOutline($ref: String!, $after: String) {\n    task(ref: $ref) {\n      id\n      comments(first: 50, after: $after) {\n        pageInfo {\n          hasNextPage\n          endCursor\n        }\n        nodes {\n          id\n          createdAt\n          author {\n            username\n            displayName\n          }\n          bodyText(cut: FIRST_LINE, maxChars: 140) {\n            text\n            truncated\n          }\n        }\n      }\n    }\n  }\n": typeof types.CommentOutlineDocument,
    "\n  query CommentBody($id: ID!) {\n    node(id: $id) {\n      ... on Comment {\n        id\n        body\n      }\n    }\n  }\n": typeof types.CommentBodyDocument,
    "\n  mutation AddComment($ref: String!, $bodyMarkdown: String!) {\n    addComment(ref: $ref, bodyMarkdown: $bodyMarkdown) {\n      id\n    }\n  }\n": typeof types.AddCommentDocument,
    "\n  mutation CreateTask($input: CreateTaskInput!) {\n    createTask(input: $input) {\n      id\n      ref\n    }\n  }\n": typeof types.CreateTaskDocument,
    "\n  fragment ProjectChoicesFields on Project {\n    statuses {\n      key\n      name\n    }\n    labels {\n      name\n    }\n    members(first: 100) {\n      nodes {\n        user {\n          username\n          displayName\n        }\n      }\n    }\n  }\n": typeof types.ProjectChoicesFieldsFragmentDoc,
    "\n  fragment TaskCardFields on Task {\n    id\n    ref\n    title\n    done\n    priority\n    dueDate\n    status {\n      key\n      name\n    }\n    assignee {\n      username\n      displayName\n    }\n    labels {\n      name\n      color\n    }\n    claim {\n      ...ClaimFields\n    }\n  }\n": typeof types.TaskCardFieldsFragmentDoc,
    "\n  query TaskPage($filter: TaskFilter!, $order: TaskOrder!, $first: Int!, $after: String) {\n    tasks(filter: $filter, order: $order, first: $first, after: $after) {\n      totalCount\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n      nodes {\n        id\n        ref\n        ...TaskCardFields\n      }\n    }\n  }\n": typeof types.TaskPageDocument,
};
const documents: Documents = {
    "\n  query Me {\n    viewer {\n      username\n      displayName\n    }\n    viewerToken {\n      readOnly\n    }\n  }\n": types.MeDocument,
    "\n  subscription LiveTaskEvents($project: String!, $after: String) {\n    taskEvents(project: $project, after: $after) {\n      id\n      cursor\n      field\n      task {\n        ref\n      }\n    }\n  }\n": types.LiveTaskEventsDocument,
    "\n  query ActivityPage($filter: ActivityFilter, $after: String) {\n    activity(filter: $filter, first: 50, after: $after) {\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n      nodes {\n        id\n        at\n        field\n        actor {\n          username\n        }\n        task {\n          ref\n          title\n        }\n        newText(cut: FIRST_LINE, maxChars: 80) {\n          text\n          truncated\n        }\n      }\n    }\n  }\n": types.ActivityPageDocument,
    "\n  query AgentSessions($active: Boolean, $after: String) {\n    agentSessions(active: $active, first: 50, after: $after) {\n      totalCount\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n      nodes {\n        id\n        name\n        status\n        startedAt\n        heartbeatAt\n        endedAt\n        user {\n          username\n          displayName\n        }\n        task {\n          ref\n          title\n        }\n      }\n    }\n  }\n": types.AgentSessionsDocument,
    "\n  query LiveClaims {\n    tasks(filter: { claimed: true }, first: 50) {\n      totalCount\n      nodes {\n        id\n        ref\n        title\n        claim {\n          ...ClaimFields\n        }\n      }\n    }\n  }\n": types.LiveClaimsDocument,
    "\n  query ProjectsPage($name: String, $after: String) {\n    projects(filter: { name: $name }, first: 50, after: $after) {\n      totalCount\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n      nodes {\n        id\n        key\n        name\n        openTaskCount\n        workspace {\n          key\n          name\n        }\n      }\n    }\n  }\n": types.ProjectsPageDocument,
    "\n  query LinkAccount {\n    viewer {\n      username\n      displayName\n    }\n  }\n": types.LinkAccountDocument,
    "\n  query TaskPageDetails($ref: String!) {\n    task(ref: $ref) {\n      id\n      ref\n      title\n      description\n      done\n      deleted\n      deletedAt\n      priority\n      kind\n      dueDate\n      createdAt\n      updatedAt\n      completedAt\n      commentCount\n      revision\n      status {\n        key\n        name\n      }\n      assignee {\n        username\n        displayName\n      }\n      coworkers {\n        username\n        displayName\n      }\n      labels {\n        name\n        color\n      }\n      createdBy {\n        username\n        displayName\n      }\n      claim {\n        ...ClaimFields\n      }\n      project {\n        key\n        name\n        lastEventCursor\n        ...ProjectChoicesFields\n      }\n    }\n    agentSessions(active: true, first: 100) {\n      nodes {\n        id\n        name\n        status\n        heartbeatAt\n        user {\n          username\n        }\n        task {\n          ref\n        }\n      }\n    }\n  }\n": types.TaskPageDetailsDocument,
    "\n  mutation UpdateTask($ref: String!, $input: UpdateTaskInput!, $expectedRevision: Int) {\n    updateTask(ref: $ref, input: $input, expectedRevision: $expectedRevision) {\n      id\n      ref\n      updatedAt\n      revision\n    }\n  }\n": types.UpdateTaskDocument,
    "\n  mutation DeleteTask($ref: String!) {\n    deleteTask(ref: $ref) {\n      id\n      deleted\n    }\n  }\n": types.DeleteTaskDocument,
    "\n  query DescriptionMarkdown($ref: String!, $cursor: Int!) {\n    task(ref: $ref) {\n      id\n      descriptionText(format: MARKDOWN, maxChars: 200000, cursor: $cursor) {\n        text\n        next\n      }\n    }\n  }\n": types.DescriptionMarkdownDocument,
    "\n  query ProjectBoard($key: String!) {\n    project(key: $key) {\n      id\n      key\n      name\n      openTaskCount\n      lastEventCursor\n      statuses {\n        key\n        name\n        category\n      }\n      ...ProjectChoicesFields\n    }\n  }\n": types.ProjectBoardDocument,
    "\n  mutation MoveTask($ref: String!, $status: String!) {\n    updateTask(ref: $ref, input: { status: $status }) {\n      ...TaskCardFields\n    }\n  }\n": types.MoveTaskDocument,
    "\n  query WikiTreePage($after: String) {\n    wikiTree(first: 200, after: $after) {\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n      nodes {\n        path\n        title\n        depth\n        workspace {\n          key\n          name\n        }\n      }\n    }\n  }\n": types.WikiTreePageDocument,
    "\n  query WikiSearch($query: String!) {\n    searchWiki(query: $query, first: 20) {\n      totalCount\n      nodes {\n        excerpt\n        page {\n          id\n          path\n          title\n          workspace {\n            key\n          }\n        }\n      }\n    }\n  }\n": types.WikiSearchDocument,
    "\n  query WikiPageWindow($workspace: String!, $path: String!, $cursor: Int!) {\n    wikiPage(workspace: $workspace, path: $path) {\n      id\n      path\n      title\n      revision\n      baseRevision\n      updatedAt\n      updatedBy {\n        username\n      }\n      outline {\n        level\n        text\n        slug\n      }\n      content(maxChars: 20000, cursor: $cursor) {\n        text\n        next\n      }\n    }\n  }\n": types.WikiPageWindowDocument,
    "\n  mutation PutWikiPage($workspace: String!, $path: String!, $content: String!, $baseRevision: String!) {\n    putWikiPage(workspace: $workspace, path: $path, content: $content, baseRevision: $baseRevision) {\n      id\n      revision\n    }\n  }\n": types.PutWikiPageDocument,
    "\n  query TaskChanges($ref: String!, $after: String) {\n    task(ref: $ref) {\n      id\n      events(first: 50, after: $after) {\n        pageInfo {\n          hasNextPage\n          endCursor\n        }\n        nodes {\n          id\n          at\n          field\n          actor {\n            username\n          }\n          oldText(cut: FIRST_LINE, maxChars: 80) {\n            text\n            truncated\n          }\n          newText(cut: FIRST_LINE, maxChars: 80) {\n            text\n            truncated\n          }\n        }\n      }\n    }\n  }\n": types.TaskChangesDocument,
    "\n  fragment ClaimFields on TaskClaim {\n    since\n    until\n    holder {\n      username\n    }\n    session {\n      name\n      status\n    }\n  }\n": types.ClaimFieldsFragmentDoc,
    "\n  query CommentOutline($ref: String!, $after: String) {\n    task(ref: $ref) {\n      id\n      comments(first: 50, after: $after) {\n        pageInfo {\n          hasNextPage\n          endCursor\n        }\n        nodes {\n          id\n          createdAt\n          author {\n            username\n            displayName\n          }\n          bodyText(cut: FIRST_LINE, maxChars: 140) {\n            text\n            truncated\n          }\n        }\n      }\n    }\n  }\n": types.CommentOutlineDocument,
    "\n  query CommentBody($id: ID!) {\n    node(id: $id) {\n      ... on Comment {\n        id\n        body\n      }\n    }\n  }\n": types.CommentBodyDocument,
    "\n  mutation AddComment($ref: String!, $bodyMarkdown: String!) {\n    addComment(ref: $ref, bodyMarkdown: $bodyMarkdown) {\n      id\n    }\n  }\n": types.AddCommentDocument,
    "\n  mutation CreateTask($input: CreateTaskInput!) {\n    createTask(input: $input) {\n      id\n      ref\n    }\n  }\n": types.CreateTaskDocument,
    "\n  fragment ProjectChoicesFields on Project {\n    statuses {\n      key\n      name\n    }\n    labels {\n      name\n    }\n    members(first: 100) {\n      nodes {\n        user {\n          username\n          displayName\n        }\n      }\n    }\n  }\n": types.ProjectChoicesFieldsFragmentDoc,
    "\n  fragment TaskCardFields on Task {\n    id\n    ref\n    title\n    done\n    priority\n    dueDate\n    status {\n      key\n      name\n    }\n    assignee {\n      username\n      displayName\n    }\n    labels {\n      name\n      color\n    }\n    claim {\n      ...ClaimFields\n    }\n  }\n": types.TaskCardFieldsFragmentDoc,
    "\n  query TaskPage($filter: TaskFilter!, $order: TaskOrder!, $first: Int!, $after: String) {\n    tasks(filter: $filter, order: $order, first: $first, after: $after) {\n      totalCount\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n      nodes {\n        id\n        ref\n        ...TaskCardFields\n      }\n    }\n  }\n": types.TaskPageDocument,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 *
 *
 * @example
 * ```ts
 * const query = graphql(`query GetUser($id: ID!) { user(id: $id) { name } }`);
 * ```
 *
 * The query argument is unknown!
 * Please regenerate the types.
 */
export function graphql(source: string): unknown;

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Me {\n    viewer {\n      username\n      displayName\n    }\n    viewerToken {\n      readOnly\n    }\n  }\n"): (typeof documents)["\n  query Me {\n    viewer {\n      username\n      displayName\n    }\n    viewerToken {\n      readOnly\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription LiveTaskEvents($project: String!, $after: String) {\n    taskEvents(project: $project, after: $after) {\n      id\n      cursor\n      field\n      task {\n        ref\n      }\n    }\n  }\n"): (typeof documents)["\n  subscription LiveTaskEvents($project: String!, $after: String) {\n    taskEvents(project: $project, after: $after) {\n      id\n      cursor\n      field\n      task {\n        ref\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ActivityPage($filter: ActivityFilter, $after: String) {\n    activity(filter: $filter, first: 50, after: $after) {\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n      nodes {\n        id\n        at\n        field\n        actor {\n          username\n        }\n        task {\n          ref\n          title\n        }\n        newText(cut: FIRST_LINE, maxChars: 80) {\n          text\n          truncated\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query ActivityPage($filter: ActivityFilter, $after: String) {\n    activity(filter: $filter, first: 50, after: $after) {\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n      nodes {\n        id\n        at\n        field\n        actor {\n          username\n        }\n        task {\n          ref\n          title\n        }\n        newText(cut: FIRST_LINE, maxChars: 80) {\n          text\n          truncated\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AgentSessions($active: Boolean, $after: String) {\n    agentSessions(active: $active, first: 50, after: $after) {\n      totalCount\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n      nodes {\n        id\n        name\n        status\n        startedAt\n        heartbeatAt\n        endedAt\n        user {\n          username\n          displayName\n        }\n        task {\n          ref\n          title\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query AgentSessions($active: Boolean, $after: String) {\n    agentSessions(active: $active, first: 50, after: $after) {\n      totalCount\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n      nodes {\n        id\n        name\n        status\n        startedAt\n        heartbeatAt\n        endedAt\n        user {\n          username\n          displayName\n        }\n        task {\n          ref\n          title\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query LiveClaims {\n    tasks(filter: { claimed: true }, first: 50) {\n      totalCount\n      nodes {\n        id\n        ref\n        title\n        claim {\n          ...ClaimFields\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query LiveClaims {\n    tasks(filter: { claimed: true }, first: 50) {\n      totalCount\n      nodes {\n        id\n        ref\n        title\n        claim {\n          ...ClaimFields\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ProjectsPage($name: String, $after: String) {\n    projects(filter: { name: $name }, first: 50, after: $after) {\n      totalCount\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n      nodes {\n        id\n        key\n        name\n        openTaskCount\n        workspace {\n          key\n          name\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query ProjectsPage($name: String, $after: String) {\n    projects(filter: { name: $name }, first: 50, after: $after) {\n      totalCount\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n      nodes {\n        id\n        key\n        name\n        openTaskCount\n        workspace {\n          key\n          name\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query LinkAccount {\n    viewer {\n      username\n      displayName\n    }\n  }\n"): (typeof documents)["\n  query LinkAccount {\n    viewer {\n      username\n      displayName\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query TaskPageDetails($ref: String!) {\n    task(ref: $ref) {\n      id\n      ref\n      title\n      description\n      done\n      deleted\n      deletedAt\n      priority\n      kind\n      dueDate\n      createdAt\n      updatedAt\n      completedAt\n      commentCount\n      revision\n      status {\n        key\n        name\n      }\n      assignee {\n        username\n        displayName\n      }\n      coworkers {\n        username\n        displayName\n      }\n      labels {\n        name\n        color\n      }\n      createdBy {\n        username\n        displayName\n      }\n      claim {\n        ...ClaimFields\n      }\n      project {\n        key\n        name\n        lastEventCursor\n        ...ProjectChoicesFields\n      }\n    }\n    agentSessions(active: true, first: 100) {\n      nodes {\n        id\n        name\n        status\n        heartbeatAt\n        user {\n          username\n        }\n        task {\n          ref\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query TaskPageDetails($ref: String!) {\n    task(ref: $ref) {\n      id\n      ref\n      title\n      description\n      done\n      deleted\n      deletedAt\n      priority\n      kind\n      dueDate\n      createdAt\n      updatedAt\n      completedAt\n      commentCount\n      revision\n      status {\n        key\n        name\n      }\n      assignee {\n        username\n        displayName\n      }\n      coworkers {\n        username\n        displayName\n      }\n      labels {\n        name\n        color\n      }\n      createdBy {\n        username\n        displayName\n      }\n      claim {\n        ...ClaimFields\n      }\n      project {\n        key\n        name\n        lastEventCursor\n        ...ProjectChoicesFields\n      }\n    }\n    agentSessions(active: true, first: 100) {\n      nodes {\n        id\n        name\n        status\n        heartbeatAt\n        user {\n          username\n        }\n        task {\n          ref\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateTask($ref: String!, $input: UpdateTaskInput!, $expectedRevision: Int) {\n    updateTask(ref: $ref, input: $input, expectedRevision: $expectedRevision) {\n      id\n      ref\n      updatedAt\n      revision\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateTask($ref: String!, $input: UpdateTaskInput!, $expectedRevision: Int) {\n    updateTask(ref: $ref, input: $input, expectedRevision: $expectedRevision) {\n      id\n      ref\n      updatedAt\n      revision\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteTask($ref: String!) {\n    deleteTask(ref: $ref) {\n      id\n      deleted\n    }\n  }\n"): (typeof documents)["\n  mutation DeleteTask($ref: String!) {\n    deleteTask(ref: $ref) {\n      id\n      deleted\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query DescriptionMarkdown($ref: String!, $cursor: Int!) {\n    task(ref: $ref) {\n      id\n      descriptionText(format: MARKDOWN, maxChars: 200000, cursor: $cursor) {\n        text\n        next\n      }\n    }\n  }\n"): (typeof documents)["\n  query DescriptionMarkdown($ref: String!, $cursor: Int!) {\n    task(ref: $ref) {\n      id\n      descriptionText(format: MARKDOWN, maxChars: 200000, cursor: $cursor) {\n        text\n        next\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ProjectBoard($key: String!) {\n    project(key: $key) {\n      id\n      key\n      name\n      openTaskCount\n      lastEventCursor\n      statuses {\n        key\n        name\n        category\n      }\n      ...ProjectChoicesFields\n    }\n  }\n"): (typeof documents)["\n  query ProjectBoard($key: String!) {\n    project(key: $key) {\n      id\n      key\n      name\n      openTaskCount\n      lastEventCursor\n      statuses {\n        key\n        name\n        category\n      }\n      ...ProjectChoicesFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation MoveTask($ref: String!, $status: String!) {\n    updateTask(ref: $ref, input: { status: $status }) {\n      ...TaskCardFields\n    }\n  }\n"): (typeof documents)["\n  mutation MoveTask($ref: String!, $status: String!) {\n    updateTask(ref: $ref, input: { status: $status }) {\n      ...TaskCardFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query WikiTreePage($after: String) {\n    wikiTree(first: 200, after: $after) {\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n      nodes {\n        path\n        title\n        depth\n        workspace {\n          key\n          name\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query WikiTreePage($after: String) {\n    wikiTree(first: 200, after: $after) {\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n      nodes {\n        path\n        title\n        depth\n        workspace {\n          key\n          name\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query WikiSearch($query: String!) {\n    searchWiki(query: $query, first: 20) {\n      totalCount\n      nodes {\n        excerpt\n        page {\n          id\n          path\n          title\n          workspace {\n            key\n          }\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query WikiSearch($query: String!) {\n    searchWiki(query: $query, first: 20) {\n      totalCount\n      nodes {\n        excerpt\n        page {\n          id\n          path\n          title\n          workspace {\n            key\n          }\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query WikiPageWindow($workspace: String!, $path: String!, $cursor: Int!) {\n    wikiPage(workspace: $workspace, path: $path) {\n      id\n      path\n      title\n      revision\n      baseRevision\n      updatedAt\n      updatedBy {\n        username\n      }\n      outline {\n        level\n        text\n        slug\n      }\n      content(maxChars: 20000, cursor: $cursor) {\n        text\n        next\n      }\n    }\n  }\n"): (typeof documents)["\n  query WikiPageWindow($workspace: String!, $path: String!, $cursor: Int!) {\n    wikiPage(workspace: $workspace, path: $path) {\n      id\n      path\n      title\n      revision\n      baseRevision\n      updatedAt\n      updatedBy {\n        username\n      }\n      outline {\n        level\n        text\n        slug\n      }\n      content(maxChars: 20000, cursor: $cursor) {\n        text\n        next\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation PutWikiPage($workspace: String!, $path: String!, $content: String!, $baseRevision: String!) {\n    putWikiPage(workspace: $workspace, path: $path, content: $content, baseRevision: $baseRevision) {\n      id\n      revision\n    }\n  }\n"): (typeof documents)["\n  mutation PutWikiPage($workspace: String!, $path: String!, $content: String!, $baseRevision: String!) {\n    putWikiPage(workspace: $workspace, path: $path, content: $content, baseRevision: $baseRevision) {\n      id\n      revision\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query TaskChanges($ref: String!, $after: String) {\n    task(ref: $ref) {\n      id\n      events(first: 50, after: $after) {\n        pageInfo {\n          hasNextPage\n          endCursor\n        }\n        nodes {\n          id\n          at\n          field\n          actor {\n            username\n          }\n          oldText(cut: FIRST_LINE, maxChars: 80) {\n            text\n            truncated\n          }\n          newText(cut: FIRST_LINE, maxChars: 80) {\n            text\n            truncated\n          }\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query TaskChanges($ref: String!, $after: String) {\n    task(ref: $ref) {\n      id\n      events(first: 50, after: $after) {\n        pageInfo {\n          hasNextPage\n          endCursor\n        }\n        nodes {\n          id\n          at\n          field\n          actor {\n            username\n          }\n          oldText(cut: FIRST_LINE, maxChars: 80) {\n            text\n            truncated\n          }\n          newText(cut: FIRST_LINE, maxChars: 80) {\n            text\n            truncated\n          }\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment ClaimFields on TaskClaim {\n    since\n    until\n    holder {\n      username\n    }\n    session {\n      name\n      status\n    }\n  }\n"): (typeof documents)["\n  fragment ClaimFields on TaskClaim {\n    since\n    until\n    holder {\n      username\n    }\n    session {\n      name\n      status\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query CommentOutline($ref: String!, $after: String) {\n    task(ref: $ref) {\n      id\n      comments(first: 50, after: $after) {\n        pageInfo {\n          hasNextPage\n          endCursor\n        }\n        nodes {\n          id\n          createdAt\n          author {\n            username\n            displayName\n          }\n          bodyText(cut: FIRST_LINE, maxChars: 140) {\n            text\n            truncated\n          }\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query CommentOutline($ref: String!, $after: String) {\n    task(ref: $ref) {\n      id\n      comments(first: 50, after: $after) {\n        pageInfo {\n          hasNextPage\n          endCursor\n        }\n        nodes {\n          id\n          createdAt\n          author {\n            username\n            displayName\n          }\n          bodyText(cut: FIRST_LINE, maxChars: 140) {\n            text\n            truncated\n          }\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query CommentBody($id: ID!) {\n    node(id: $id) {\n      ... on Comment {\n        id\n        body\n      }\n    }\n  }\n"): (typeof documents)["\n  query CommentBody($id: ID!) {\n    node(id: $id) {\n      ... on Comment {\n        id\n        body\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AddComment($ref: String!, $bodyMarkdown: String!) {\n    addComment(ref: $ref, bodyMarkdown: $bodyMarkdown) {\n      id\n    }\n  }\n"): (typeof documents)["\n  mutation AddComment($ref: String!, $bodyMarkdown: String!) {\n    addComment(ref: $ref, bodyMarkdown: $bodyMarkdown) {\n      id\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateTask($input: CreateTaskInput!) {\n    createTask(input: $input) {\n      id\n      ref\n    }\n  }\n"): (typeof documents)["\n  mutation CreateTask($input: CreateTaskInput!) {\n    createTask(input: $input) {\n      id\n      ref\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment ProjectChoicesFields on Project {\n    statuses {\n      key\n      name\n    }\n    labels {\n      name\n    }\n    members(first: 100) {\n      nodes {\n        user {\n          username\n          displayName\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  fragment ProjectChoicesFields on Project {\n    statuses {\n      key\n      name\n    }\n    labels {\n      name\n    }\n    members(first: 100) {\n      nodes {\n        user {\n          username\n          displayName\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment TaskCardFields on Task {\n    id\n    ref\n    title\n    done\n    priority\n    dueDate\n    status {\n      key\n      name\n    }\n    assignee {\n      username\n      displayName\n    }\n    labels {\n      name\n      color\n    }\n    claim {\n      ...ClaimFields\n    }\n  }\n"): (typeof documents)["\n  fragment TaskCardFields on Task {\n    id\n    ref\n    title\n    done\n    priority\n    dueDate\n    status {\n      key\n      name\n    }\n    assignee {\n      username\n      displayName\n    }\n    labels {\n      name\n      color\n    }\n    claim {\n      ...ClaimFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query TaskPage($filter: TaskFilter!, $order: TaskOrder!, $first: Int!, $after: String) {\n    tasks(filter: $filter, order: $order, first: $first, after: $after) {\n      totalCount\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n      nodes {\n        id\n        ref\n        ...TaskCardFields\n      }\n    }\n  }\n"): (typeof documents)["\n  query TaskPage($filter: TaskFilter!, $order: TaskOrder!, $first: Int!, $after: String) {\n    tasks(filter: $filter, order: $order, first: $first, after: $after) {\n      totalCount\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n      nodes {\n        id\n        ref\n        ...TaskCardFields\n      }\n    }\n  }\n"];

export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}

export type DocumentType<TDocumentNode extends DocumentNode<any, any>> = TDocumentNode extends DocumentNode<  infer TType,  any>  ? TType  : never;