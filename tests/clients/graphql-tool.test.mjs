// The opt-in `graphql` toolset through the official MCP SDK: offered only
// when named; one graphql_query answering a question no built-in tool
// answers in one call (open tasks of two projects due before a date, with
// their last comment), the same rows as /graphql; its schema tool within
// its bound.
//
// Environment (tests/run.sh sets it):
//   TASKLENS_URL    base URL of a running `tasklens serve --demo`
//   TASKLENS_TOKEN  a token of the demo user (tl_...)

import test from 'node:test';
import assert from 'node:assert/strict';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

const BASE = process.env.TASKLENS_URL;
const TOKEN = process.env.TASKLENS_TOKEN;

async function connect(t, headers = {}) {
  const transport = new StreamableHTTPClientTransport(new URL(`${BASE}/mcp`), {
    requestInit: { headers: { Authorization: `Bearer ${TOKEN}`, ...headers } },
  });
  const client = new Client({ name: 'graphql-tool-test', version: '1.0.0' });
  await client.connect(transport);
  t.after(() => client.close());
  return client;
}

async function graphql(query, variables = {}) {
  const res = await fetch(`${BASE}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${TOKEN}` },
    body: JSON.stringify({ query, variables }),
  });
  const answer = await res.json();
  assert.equal(answer.errors, undefined, JSON.stringify(answer.errors));
  return answer.data;
}

const refs = (nodes) => nodes.map((n) => n.ref);

test('graphql tools are offered only when the toolset is named', async (t) => {
  const plain = await connect(t);
  const names = (await plain.listTools()).tools.map((tool) => tool.name);
  assert.ok(!names.includes('graphql_query') && !names.includes('graphql_schema'));
  const named = await connect(t, { 'X-MCP-Toolsets': 'graphql' });
  assert.deepEqual((await named.listTools()).tools.map((tool) => tool.name).sort(), ['graphql_query', 'graphql_schema']);
});

test('one graphql_query answers a question that takes several built-in calls', async (t) => {
  const client = await connect(t, { 'X-MCP-Toolsets': 'graphql' });
  const keys = (await graphql('{ projects(first: 2) { nodes { key } } }')).projects.nodes.map((p) => p.key);
  assert.equal(keys.length, 2);
  const query = `query($a: String!, $b: String!, $due: NaiveDate!) {
    a: tasks(filter: {project: $a, done: false, dueBefore: $due}, first: 10) {
      nodes { ref title priority dueDate comments(last: 1) { nodes { body author { username } } } } }
    b: tasks(filter: {project: $b, done: false, dueBefore: $due}, first: 10) {
      nodes { ref title priority dueDate comments(last: 1) { nodes { body author { username } } } } } }`;
  const variables = { a: keys[0], b: keys[1], due: '2030-01-01' };
  const result = await client.callTool({ name: 'graphql_query', arguments: { query, variables } });
  assert.ok(!result.isError, result.content[0].text);
  const text = result.content[0].text;
  assert.ok(text.length <= 20000);
  const reply = JSON.parse(text);
  const direct = await graphql(query, variables);
  assert.equal(reply.truncated, undefined, 'twenty tasks with a comment each fit the cap');
  // `{ nodes }` alone is the list itself, as in every tool's reply.
  assert.deepEqual(refs(reply.a), refs(direct.a.nodes));
  assert.deepEqual(refs(reply.b), refs(direct.b.nodes));
  assert.ok(direct.a.nodes.length + direct.b.nodes.length > 0, 'the demo board has open tasks with due dates');

  const refused = await client.callTool({ name: 'graphql_query',
    arguments: { query: 'mutation { createTask(input: {project: "X", title: "no"}) { ref } }' } });
  assert.equal(refused.isError, true);
  assert.equal(JSON.parse(refused.content[0].text).error.code, 'forbidden');
});

test('graphql_schema answers a field with what it takes and returns, within 4,000 characters', async (t) => {
  const client = await connect(t, { 'X-MCP-Toolsets': 'graphql' });
  const result = await client.callTool({ name: 'graphql_schema', arguments: { field: 'Query.tasks' } });
  const { sdl } = JSON.parse(result.content[0].text);
  assert.ok(sdl.length <= 4000);
  assert.match(sdl, /^Query\.tasks\(filter:TaskFilter/);
  assert.match(sdl, /input TaskFilter\{/);
});
