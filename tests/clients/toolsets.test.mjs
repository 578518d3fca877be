// Tool selection through the official MCP SDK: per request on /mcp with the
// X-MCP-* headers (streamable HTTP), and per start over stdio with flags;
// read-only always wins.
//
// Environment (tests/run.sh sets it):
//   TASKLENS_URL           base URL of a running `tasklens serve --demo`
//   TASKLENS_TOKEN         a token of the demo user (tl_...)
//   TASKLENS_BIN           the tasklens binary, for `tasklens mcp`
//   TASKLENS_DATABASE_URL  the database the server runs on

import test from 'node:test';
import assert from 'node:assert/strict';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

const BASE = process.env.TASKLENS_URL;
const TOKEN = process.env.TASKLENS_TOKEN;
const BIN = process.env.TASKLENS_BIN;
const DATABASE_URL = process.env.TASKLENS_DATABASE_URL;

const WRITES = ['add_comment', 'claim_next_task', 'claim_task', 'create_task', 'end_agent', 'heartbeat_agent',
  'patch_wiki_page', 'put_wiki_page', 'register_agent', 'release_task', 'update_task'];

async function overHttp(t, headers) {
  const transport = new StreamableHTTPClientTransport(new URL(`${BASE}/mcp`), {
    requestInit: { headers: { Authorization: `Bearer ${TOKEN}`, ...headers } },
  });
  const client = new Client({ name: 'toolsets-test', version: '1.0.0' });
  await client.connect(transport);
  t.after(() => client.close());
  return client;
}

async function overStdio(t, flags) {
  const transport = new StdioClientTransport({
    command: BIN,
    args: ['--database-url', DATABASE_URL, 'mcp', ...flags],
    env: { ...process.env, TASKLENS_TOKEN: TOKEN, RUST_LOG: 'warn' },
    stderr: 'ignore',
  });
  const client = new Client({ name: 'toolsets-test', version: '1.0.0' });
  await client.connect(transport);
  t.after(() => client.close());
  return client;
}

const names = async (client) => (await client.listTools()).tools.map((tool) => tool.name).sort();
const size = async (client) => JSON.stringify(await client.listTools()).length;

test('headers narrow the tools over HTTP; read-only wins', async (t) => {
  for (const [name, value] of Object.entries({ BASE, TOKEN, BIN, DATABASE_URL })) {
    assert.ok(value, `${name} must be set (see the top of this file)`);
  }
  const all = await overHttp(t, {});
  assert.equal((await names(all)).length, 24);

  const wiki = await overHttp(t, { 'X-MCP-Toolsets': 'wiki' });
  assert.deepEqual(await names(wiki), ['get_wiki_page', 'list_wiki_changes', 'patch_wiki_page', 'put_wiki_page',
    'search_wiki', 'wiki_tree']);
  assert.ok((await size(wiki)) < (await size(all)) / 3, 'the wiki toolset lists a third or less');
  assert.ok(wiki.getInstructions().length < all.getInstructions().length, 'instructions shrink too');

  const readOnly = await overHttp(t, { 'X-MCP-Readonly': 'true', 'X-MCP-Tools': 'get_task,create_task' });
  assert.deepEqual(await names(readOnly), ['get_task']);
  const refused = await readOnly.callTool({ name: 'create_task', arguments: { project: 'NOPE', title: 'x' } });
  assert.equal(refused.isError, true);
  assert.equal(JSON.parse(refused.content[0].text).error.code, 'forbidden');
});

test('flags choose the tools over stdio; a header-less read-only start has no write tool', async (t) => {
  const chosen = await overStdio(t, ['--toolsets', 'projects,tasks', '--read-only']);
  const listed = await names(chosen);
  assert.deepEqual(listed, ['get_project', 'get_task', 'list_activity', 'list_my_tasks', 'list_projects',
    'list_task_changes', 'list_tasks', 'search_tasks']);
  assert.ok(listed.every((name) => !WRITES.includes(name)));
  assert.match(chosen.getInstructions(), /read-only/);
  const projects = await chosen.callTool({ name: 'list_projects', arguments: {} });
  assert.notEqual(projects.isError, true, projects.content[0].text);
});
