// /metrics through the Prometheus project's own parsers (Python's
// prometheus_client: the strict OpenMetrics parser and the text-format
// one), against a server of this test's own (so every count is exact):
// the values move by exactly the requests made.
//
// Environment (tests/run.sh sets it):
//   TASKLENS_BIN     the tasklens binary
//   TASKLENS_PYTHON  a Python with tests/clients/requirements.txt installed

import test from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { freePort, startServer } from './server.mjs';

const BIN = process.env.TASKLENS_BIN;
const PYTHON = process.env.TASKLENS_PYTHON;
const PARSER = fileURLToPath(new URL('./parse_metrics.py', import.meta.url));

/// A server of this test's own, /metrics on a port of its own.
async function start(t) {
  const metricsPort = await freePort();
  const { base, token } = await startServer(t, BIN, ['--metrics-listen', `127.0.0.1:${metricsPort}`]);
  return { base, token, metrics: `http://127.0.0.1:${metricsPort}/metrics` };
}

/// One scrape, parsed by the Prometheus parser of its format.
async function scrape(url, openmetrics = true) {
  const response = await fetch(url, { headers: openmetrics ? { Accept: 'application/openmetrics-text' } : {} });
  assert.equal(response.status, 200);
  const type = response.headers.get('content-type');
  assert.match(type, openmetrics ? /^application\/openmetrics-text; version=1\.0\.0/ : /^text\/plain; version=0\.0\.4/);
  const text = await response.text();
  const parsed = JSON.parse(execFileSync(PYTHON, [PARSER, openmetrics ? 'openmetrics' : 'text'], { input: text }));
  const value = (name, labels = {}) =>
    parsed.samples
      .filter(([n, l]) => n === name && Object.entries(labels).every(([k, v]) => l[k] === v))
      .reduce((sum, [, , v]) => sum + v, 0);
  return { families: parsed.families, value };
}

test('/metrics parses strictly and its values move with the requests made', { timeout: 120_000 }, async (t) => {
  for (const [name, value] of Object.entries({ BIN, PYTHON })) {
    assert.ok(value, `${name} must be set (see the top of this file)`);
  }
  const { base, metrics, token } = await start(t);
  const auth = { Authorization: `Bearer ${token}` };
  const graphql = (query, variables = {}) =>
    fetch(`${base}/graphql`, {
      method: 'POST',
      headers: { ...auth, 'Content-Type': 'application/json' },
      body: JSON.stringify({ query, variables }),
    }).then((r) => r.json());

  assert.notEqual((await fetch(`${base}/metrics`)).status, 200, 'only on --metrics-listen');
  const text = await scrape(metrics, false);
  const before = await scrape(metrics);
  for (const [family, type] of Object.entries({
    tasklens_http_requests: 'counter',
    tasklens_http_request_duration_seconds: 'histogram',
    tasklens_db_pool_connections: 'gauge',
    tasklens_db_pool_max_connections: 'gauge',
    tasklens_db_pool_wait_seconds: 'histogram',
    tasklens_build_info: 'gauge',
  })) {
    assert.equal(before.families[family], type, family);
  }
  assert.equal(before.value('tasklens_build_info'), 1);
  assert.ok(before.value('tasklens_db_pool_max_connections') >= 1);
  assert.equal(text.value('tasklens_build_info'), 1, 'the text format parses too');

  // GraphQL: two queries, a mutation, an error, one refused by a limit.
  const projects = await graphql('{ projects(first: 1) { nodes { key } } }');
  const key = projects.data.projects.nodes[0].key;
  const create = 'mutation($key: String!) { createTask(input: {project: $key, title: "Counted"}) { ref } }';
  await graphql('{ viewer { username } }');
  await graphql(create, { key });
  const unknown = await graphql('{ nope }');
  assert.equal(unknown.errors[0].extensions.code, 'BAD_USER_INPUT');
  const deep = '{ projects { nodes { ' + 'tasks { nodes { project { '.repeat(6) + 'key' + ' } } }'.repeat(6) + ' } } }';
  assert.match((await graphql(deep)).errors[0].message, /levels deep/);
  const tooLarge = await fetch(`${base}/graphql`, {
    method: 'POST',
    headers: { ...auth, 'Content-Type': 'application/json' },
    body: JSON.stringify({ query: '{ viewer { username } }', padding: 'x'.repeat(2 << 20) }),
  });
  assert.equal(tooLarge.status, 413);

  // A live subscription, and the events the watcher fans out to it.
  const socket = new WebSocket(`${base.replace('http', 'ws')}/graphql/ws`, 'graphql-transport-ws');
  t.after(() => socket.terminate());
  await new Promise((resolve) => socket.once('open', resolve));
  const delivered = new Promise((resolve) => socket.on('message', (m) => JSON.parse(m).type === 'next' && resolve()));
  socket.send(JSON.stringify({ type: 'connection_init', payload: { Authorization: `Bearer ${token}` } }));
  const query = `subscription { taskEvents(project: "${key}") { field } }`;
  socket.send(JSON.stringify({ id: '1', type: 'subscribe', payload: { query } }));
  // The subscription is live once the server has read it: write until an event arrives.
  let writes = 0;
  let arrived = false;
  delivered.then(() => (arrived = true));
  while (!arrived && writes < 50) {
    await graphql(create, { key });
    writes += 1;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  assert.ok(arrived, 'an event reached the subscription');
  const live = await scrape(metrics);
  assert.equal(live.value('tasklens_subscriptions_open'), 1);
  assert.ok(live.value('tasklens_event_watcher_lag_seconds_count') >= 1);
  socket.close();

  // MCP: a call the guard cuts, and one that fails.
  const transport = new StreamableHTTPClientTransport(new URL(`${base}/mcp`), { requestInit: { headers: auth } });
  const client = new Client({ name: 'metrics-test', version: '1.0.0' });
  await client.connect(transport);
  const cut = await client.callTool({ name: 'list_tasks', arguments: { project: key, limit: 100, max_chars: 1000 } });
  const cutReply = JSON.parse(cut.content[0].text);
  assert.equal(cutReply.truncated, true);
  const missing = await client.callTool({ name: 'get_task', arguments: { ref: `${key}-99999` } });
  assert.equal(missing.isError, true);
  await client.close();

  // Throttled: bad tokens until the client is refused.
  let throttled = false;
  for (let i = 0; i < 40 && !throttled; i++) {
    const response = await fetch(`${base}/graphql`, { method: 'POST', headers: { Authorization: 'Bearer tl_wrong' } });
    throttled = response.status === 429;
  }
  assert.ok(throttled);

  // The subscription's end is counted when the server sees the socket close.
  let after;
  for (let i = 0; i < 50; i++) {
    after = await scrape(metrics);
    if (after.value('tasklens_subscriptions_open') === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const moved = (name, labels) => after.value(name, labels) - before.value(name, labels);
  assert.equal(moved('tasklens_subscriptions_open'), 0);
  assert.equal(moved('tasklens_graphql_operations_total', { type: 'query', outcome: 'ok' }), 2);
  assert.equal(moved('tasklens_graphql_operations_total', { type: 'query', outcome: 'error' }), 1);
  assert.equal(moved('tasklens_graphql_operations_total', { type: 'mutation', outcome: 'ok' }), 1 + writes);
  assert.equal(moved('tasklens_graphql_operations_total', { type: 'refused' }), 1);
  assert.equal(moved('tasklens_graphql_operations_total', { type: 'subscription', outcome: 'ok' }), 1);
  assert.equal(moved('tasklens_errors_total', { surface: 'graphql', code: 'BAD_USER_INPUT' }), 2);
  assert.equal(moved('tasklens_limit_refusals_total', { limit: 'depth' }), 1);
  assert.equal(moved('tasklens_limit_refusals_total', { limit: 'body_bytes' }), 1);
  // Every GraphQL request: 2 + 1 + 1 + 1 queries and mutations, the live writes; the 413 and 401s apart.
  assert.equal(moved('tasklens_http_requests_total', { route: '/graphql', status: '200' }), 5 + writes);
  assert.equal(moved('tasklens_http_requests_total', { route: '/graphql', status: '413' }), 1);
  assert.ok(moved('tasklens_http_requests_total', { route: '/graphql', status: '401' }) >= 1);
  assert.equal(moved('tasklens_http_requests_total', { route: '/graphql', status: '429' }), 1);
  assert.equal(
    moved('tasklens_http_request_duration_seconds_count', { route: '/graphql' }),
    moved('tasklens_http_requests_total', { route: '/graphql' }),
  );
  assert.equal(moved('tasklens_auth_throttled_total'), 1);
  assert.equal(moved('tasklens_mcp_tool_calls_total', { tool: 'list_tasks', outcome: 'ok' }), 1);
  assert.equal(moved('tasklens_mcp_tool_calls_total', { tool: 'get_task', outcome: 'error' }), 1);
  assert.equal(moved('tasklens_errors_total', { surface: 'mcp', code: 'NOT_FOUND' }), 1);
  assert.equal(moved('tasklens_mcp_guard_cuts_total', { tool: 'list_tasks' }), 1);
  assert.equal(moved('tasklens_mcp_reply_size_utf16_count', { tool: 'list_tasks' }), 1);
  // The cut reply's size lands in the buckets at or above it, not below.
  const size = cut.content[0].text.length;
  assert.ok(size <= 1000);
  assert.equal(moved('tasklens_mcp_reply_size_utf16_bucket', { tool: 'list_tasks', le: '1024.0' }), 1);
  assert.equal(moved('tasklens_mcp_reply_size_utf16_bucket', { tool: 'list_tasks', le: '256.0' }), 0);
});
