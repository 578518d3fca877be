// Structured output through the official MCP SDK, which checks every
// `structuredContent` against the tool's `outputSchema` with its JSON
// Schema validator (ajv): asked with X-MCP-Structured-Output, every tool
// declares a schema and every reply validates, beside the same text;
// without it, no schema and no structuredContent.
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
  const client = new Client({ name: 'structured-test', version: '1.0.0' });
  await client.connect(transport);
  t.after(() => client.close());
  return client;
}

/// Read calls that cover lists, records, windows, the table form and `fields`.
async function calls(client) {
  const list = JSON.parse((await client.callTool({ name: 'list_tasks', arguments: { limit: 3 } })).content[0].text);
  const ref = list.items[0].ref;
  const tree = JSON.parse((await client.callTool({ name: 'wiki_tree', arguments: {} })).content[0].text);
  const first = tree.items[0];
  return [
    ['list_projects', {}], ['list_projects', { view: 'full' }], ['get_project', { project: ref.split('-')[0] }],
    ['list_tasks', { limit: 20 }], ['list_tasks', { limit: 20, view: 'full' }], ['list_tasks', { format: 'table' }],
    ['list_tasks', { fields: ['ref', 'due', 'assignee'], verbose: true }], ['list_my_tasks', {}],
    ['search_tasks', { text: 'the' }], ['get_task', { ref }], ['get_task', { ref, max_chars: 1000 }],
    ['list_comments', { ref }], ['list_comments', { ref, view: 'full' }], ['list_task_changes', { ref }],
    ['list_activity', { limit: 10 }], ['wiki_tree', {}], ['get_wiki_page', { path: first.path, ...(first.workspace ? { workspace: first.workspace } : {}) }],
    ['search_wiki', { query: 'the' }], ['list_wiki_changes', {}],
    ['graphql_schema', { field: 'Query.tasks' }],
    ['graphql_query', { query: '{ tasks(first: 3) { totalCount nodes { ref priority labels { name } } } }' }],
  ];
}

test('with structured output, every tool declares a schema its replies validate against', async (t) => {
  const client = await connect(t, { 'X-MCP-Structured-Output': 'true', 'X-MCP-Toolsets': 'projects,tasks,comments,wiki,agents,graphql' });
  const { tools } = await client.listTools();
  assert.ok(tools.length > 20);
  for (const tool of tools) assert.equal(tool.outputSchema?.type, 'object', tool.name);
  for (const [name, args] of await calls(client)) {
    // The SDK validates structuredContent against the declared outputSchema
    // and throws when it does not conform or is missing.
    const result = await client.callTool({ name, arguments: args });
    assert.ok(!result.isError, `${name}: ${result.content[0].text}`);
    assert.deepEqual(result.structuredContent, JSON.parse(result.content[0].text), name);
  }
});

test('without it, replies are as they always were', async (t) => {
  const plain = await connect(t);
  const structured = await connect(t, { 'X-MCP-Structured-Output': 'true' });
  const { tools } = await plain.listTools();
  for (const tool of tools) assert.equal(tool.outputSchema, undefined, tool.name);
  const a = await plain.callTool({ name: 'list_tasks', arguments: { limit: 5 } });
  const b = await structured.callTool({ name: 'list_tasks', arguments: { limit: 5 } });
  assert.equal(a.structuredContent, undefined);
  assert.equal(a.content[0].text, b.content[0].text, 'the text is byte for byte the same');
});
