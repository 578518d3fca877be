// The web board on PostgreSQL: a change an agent makes through
// `tasklens mcp` (another process, on the same database) reaches an open
// list within 2 seconds, carried by LISTEN/NOTIFY to the server's event
// watcher and over graphql-ws to the browser. Offline, as board.test.mjs.
//
// Environment (tests/run.sh sets it when TASKLENS_TEST_POSTGRES_URL is set;
// without it the test is skipped):
//   TASKLENS_PG_URL           base URL of a `tasklens serve --demo` on PostgreSQL
//   TASKLENS_PG_TOKEN         the demo user's token there
//   TASKLENS_PG_DATABASE_URL  that server's database
//   TASKLENS_BIN              the tasklens binary, for `tasklens mcp`
//   CHROMIUM                  the browser (default: /usr/bin/chromium)

import test from 'node:test';
import assert from 'node:assert/strict';
import { chromium } from 'playwright-core';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

const BASE = process.env.TASKLENS_PG_URL;
const TOKEN = process.env.TASKLENS_PG_TOKEN;
const DATABASE_URL = process.env.TASKLENS_PG_DATABASE_URL;
const BIN = process.env.TASKLENS_BIN;
const EXECUTABLE = process.env.CHROMIUM || '/usr/bin/chromium';
const LIVE_WITHIN = 2_000;

test(
  'on PostgreSQL, an MCP write reaches an open board list within 2 s',
  { timeout: 180_000, skip: BASE ? false : 'no PostgreSQL-backed server (TASKLENS_PG_URL unset)' },
  async (t) => {
    assert.ok(TOKEN && DATABASE_URL && BIN, 'TASKLENS_PG_TOKEN, TASKLENS_PG_DATABASE_URL and TASKLENS_BIN are set');
    const origin = new URL(BASE).origin;
    const browser = await chromium.launch({ executablePath: EXECUTABLE, headless: true, args: ['--no-sandbox', '--disable-gpu'] });
    t.after(() => browser.close().catch(() => {}));
    const context = await browser.newContext();
    const offOrigin = [];
    await context.route(
      (url) => new URL(url.href).origin !== origin,
      (route) => {
        offOrigin.push(route.request().url());
        return route.abort('blockedbyclient');
      },
    );
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);

    const response = await fetch(`${BASE}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${TOKEN}` },
      body: JSON.stringify({ query: '{ tasks(first: 1, order: REF) { nodes { ref project { key } } } }' }),
    });
    const task = (await response.json()).data.tasks.nodes[0];

    await page.goto(`${BASE}/#token=${TOKEN}`);
    await page.getByRole('button', { name: 'Sign in as demo' }).click();
    await page.getByRole('heading', { name: 'Projects' }).waitFor();
    await page.goto(`${BASE}/#/p/${task.project.key}/list`);
    await page.locator('.live-live').waitFor();
    await page.locator(`article.row[data-ref="${task.ref}"]`).waitFor();

    const agent = new Client({ name: 'board-postgres-test', version: '1.0.0' });
    await agent.connect(
      new StdioClientTransport({
        command: BIN,
        args: ['--database-url', DATABASE_URL, 'mcp'],
        env: { ...process.env, TASKLENS_TOKEN: TOKEN, RUST_LOG: 'warn' },
        stderr: 'ignore',
      }),
    );
    t.after(() => agent.close().catch(() => {}));
    const title = `Renamed on PostgreSQL ${Date.now()}`;
    // From before the call: the time measured holds the write itself.
    const started = Date.now();
    const result = await agent.callTool({ name: 'update_task', arguments: { ref: task.ref, title } });
    assert.ok(!result.isError, `update_task: ${JSON.stringify(result.content)}`);
    await page.locator(`article.row[data-ref="${task.ref}"]`, { hasText: title }).waitFor({ timeout: 10_000 });
    const took = Date.now() - started;
    console.log(`live on PostgreSQL: an MCP write reached the list in ${took} ms (at most ${LIVE_WITHIN})`);
    assert.ok(took <= LIVE_WITHIN, `the write showed after ${took} ms`);
    assert.deepEqual(offOrigin, [], 'requests off the origin');
  },
);
