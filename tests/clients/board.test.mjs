// The web board served at /, in a real browser, offline: every request
// that would leave the server's origin fails the test.
//
// Environment (tests/run.sh sets it):
//   TASKLENS_URL           base URL of a running `tasklens serve --demo`
//   TASKLENS_TOKEN         a token of the demo user (tl_...)
//   TASKLENS_BIN           the tasklens binary, for `tasklens mcp`
//   TASKLENS_DATABASE_URL  the database the server runs on
//   CHROMIUM               the browser (default: /usr/bin/chromium)
//
// It walks what a person does: sign in from the demo link (after saying
// yes to the account it names; a link never signs a tab in unseen), find a project,
// filter and page, move a card, edit and comment, see an agent's write
// (through `tasklens mcp`) arrive live, resume after a dropped socket, see
// a read-only and a revoked token, sign out; quick create in a column,
// sub-tasks on a task page, a list sorted by its headings and changed in
// bulk, initials, priority icons and relative dates, the assignee and
// priority menus (`a`, `p`) and the palette's actions on the focused task;
// saved views; member menus searched on the server in a project of 110
// members; the board's manual order (a card dropped between two others
// stays there, for everyone; Alt+arrows; another's move shows live); an
// agent's write over MCP moving its one card on an open board within
// 100 ms of its reply (printed), and a burst of writes made elsewhere
// leaving every column as a fresh read has it; axe-core checks every
// page, and the budgets (initial JavaScript, a board of 200 cards) are
// printed.

import test from 'node:test';
import assert from 'node:assert/strict';
import { gzipSync } from 'node:zlib';
import { readFile } from 'node:fs/promises';
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { chromium } from 'playwright-core';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

const BASE = process.env.TASKLENS_URL;
const TOKEN = process.env.TASKLENS_TOKEN;
const BIN = process.env.TASKLENS_BIN;
const DATABASE_URL = process.env.TASKLENS_DATABASE_URL;
const EXECUTABLE = process.env.CHROMIUM || '/usr/bin/chromium';
const STEP = 20_000;
const LIVE_WITHIN = 2_000;
/** An agent's write over MCP shows on an open board within this of its reply. */
const LIVE_CARD_WITHIN = 100;
const JS_BUDGET = 250 * 1024;
const BOARD_BUDGET_MS = 1_000;

const require = createRequire(import.meta.url);
const AXE_SOURCE = await readFile(require.resolve('axe-core/axe.min.js'), 'utf8');

async function gql(query, variables = {}, token = TOKEN) {
  const response = await fetch(`${BASE}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ query, variables }),
  });
  const body = await response.json();
  assert.equal(body.errors, undefined, `GraphQL errors: ${JSON.stringify(body.errors)}`);
  return body.data;
}

const randomKey = (prefix) =>
  prefix + Array.from({ length: 5 }, () => String.fromCharCode(65 + Math.floor(Math.random() * 26))).join('');

/** A project of 200 tasks, 50 in each of its first four statuses. */
async function bigProject() {
  const { workspaces } = await gql('{ workspaces(first: 1) { nodes { key } } }');
  const key = randomKey('BB');
  await gql('mutation($input: CreateProjectInput!) { createProject(input: $input) { key } }', {
    input: { workspace: workspaces.nodes[0].key, key, name: `Budget board ${key}` },
  });
  const { project } = await gql('query($key: String!) { project(key: $key) { statuses { key } } }', { key });
  const statuses = project.statuses.slice(0, 4).map((s) => s.key);
  for (let batch = 0; batch < 20; batch += 1) {
    const fields = Array.from({ length: 10 }, (_, i) => {
      const n = batch * 10 + i;
      const input = `{ project: ${JSON.stringify(key)}, title: "Card ${n}", status: ${JSON.stringify(statuses[n % 4])} }`;
      return `t${i}: createTask(input: ${input}) { ref }`;
    });
    await gql(`mutation { ${fields.join(' ')} }`);
  }
  return { key, statuses };
}

/** Picks `option` in the task page sidebar's menu named `name` (Status, Priority...). */
async function sidePick(side, name, option) {
  await side.getByRole('button', { name: new RegExp(`^${name}: `) }).click();
  await side.getByRole('listbox', { name }).getByRole('option', { name: option, exact: true }).click();
}

/** Waits until the palette has every result it is waiting for (Enter is ignored before). */
async function settled(palette) {
  await palette.getByText('Searching…').waitFor({ state: 'hidden' });
}

/**
 * Opens the palette about the card of `ref`: its title focused, then Ctrl+K.
 * A live re-read (after an earlier test's writes) may render the card again
 * between the focus and the key, and the palette then opens about nothing;
 * that palette is closed and the card focused again, so the test is about
 * the palette rather than that race. After three tries it is returned as it
 * is, and the caller's wait for the card's actions fails.
 */
async function paletteOnCard(page, ref) {
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  for (let attempt = 1; ; attempt++) {
    await page.locator(`article.card[data-ref="${ref}"] a.card-title`).focus();
    await page.waitForFunction((r) => document.activeElement?.closest('[data-ref]')?.getAttribute('data-ref') === r, ref);
    await page.keyboard.press('Control+k');
    const placeholder = await palette.getByRole('combobox').getAttribute('placeholder');
    if (placeholder?.startsWith(`Act on ${ref},`) || attempt === 3) return palette;
    await page.keyboard.press('Escape');
    await palette.waitFor({ state: 'detached' });
  }
}

async function browser(t) {
  const origin = new URL(BASE).origin;
  const host = new URL(BASE).host;
  const instance = await chromium.launch({
    executablePath: EXECUTABLE,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking'],
  });
  t.after(() => instance.close().catch(() => {}));
  const offOrigin = [];
  const problems = [];
  const sockets = { drop: null, hold: null, opened: 0 };

  const newPage = async () => {
    const context = await instance.newContext({ viewport: { width: 1500, height: 1000 } });
    await context.route(
      (url) => new URL(url.href).origin !== origin,
      (route) => {
        offOrigin.push(route.request().url());
        return route.abort('blockedbyclient');
      },
    );
    // Same-host sockets go through, and can be dropped and held back.
    await context.routeWebSocket(
      () => true,
      async (ws) => {
        const url = new URL(ws.url());
        if (url.host !== host) {
          offOrigin.push(ws.url());
          ws.close({ code: 1008, reason: 'off origin' });
          return;
        }
        if (sockets.hold) await sockets.hold;
        sockets.opened += 1;
        const server = ws.connectToServer();
        sockets.drop = () => {
          ws.close({ code: 1012, reason: 'dropped by the test' });
          server.close();
        };
      },
    );
    await context.addInitScript(() => {
      window.__cspViolations = [];
      document.addEventListener('securitypolicyviolation', (e) => {
        window.__cspViolations.push(`${e.violatedDirective} blocked ${e.blockedURI || '(inline)'}`);
      });
    });
    const page = await context.newPage();
    page.on('pageerror', (err) => problems.push(`page error: ${err}`));
    page.on('console', (msg) => {
      if (msg.type() === 'error' && !/401|Unauthorized/.test(msg.text())) problems.push(`console: ${msg.text()}`);
    });
    page.setDefaultTimeout(STEP);
    return page;
  };
  return { newPage, offOrigin, problems, sockets };
}

/** axe-core on the page as it is: no violation of any impact (minor included). */
async function accessible(page, where) {
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const result = await window.axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`);
  });
  assert.deepEqual(violations, [], `axe on ${where}`);
}

/** The tasklens CLI on the server's database, as an operator runs it. */
function cli(...args) {
  return execFileSync(BIN, ['--database-url', DATABASE_URL, ...args], {
    encoding: 'utf8',
    env: { ...process.env, RUST_LOG: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** A new user with a display name, and a token of theirs. */
function newUser(displayName) {
  const username = randomKey('link-').toLowerCase();
  cli('user', 'create', '--username', username, '--display-name', displayName);
  const token = cli('token', 'create', '--user', username, '--name', 'board link test').trim();
  assert.match(token, /^tl_/);
  return { username, displayName, token };
}

/** Every token the page keeps, in this tab and on this browser. */
const kept = (page) => page.evaluate(() => ({ local: { ...localStorage }, session: { ...sessionStorage } }));

/** Opens a sign-in link and accepts the account it names. */
async function signInByLink(page, token, username) {
  await page.goto(`${BASE}/#token=${token}`);
  await page.getByRole('button', { name: `Sign in as ${username}` }).click();
  await page.getByRole('button', { name: 'Sign out' }).waitFor();
}

async function mcpClient(token) {
  const transport = new StdioClientTransport({
    command: BIN,
    args: ['--database-url', DATABASE_URL, 'mcp'],
    env: { ...process.env, TASKLENS_TOKEN: token, RUST_LOG: 'warn' },
    stderr: 'ignore',
  });
  const client = new Client({ name: 'board-test', version: '1.0.0' });
  await client.connect(transport);
  return client;
}

/** An agent on the server's own MCP endpoint (streamable HTTP), as `claude mcp add --transport http` connects. */
async function mcpHttpClient(token) {
  const transport = new StreamableHTTPClientTransport(new URL(`${BASE}/mcp`), {
    requestInit: { headers: { authorization: `Bearer ${token}` } },
  });
  const client = new Client({ name: 'board-test-http', version: '1.0.0' });
  await client.connect(transport);
  return client;
}

const cards = (page) => page.locator('article.card');

/** Drops the console's word for each request a test aborted itself, after `from`. */
function forgetAborted(problems, from) {
  for (let i = problems.length - 1; i >= from; i -= 1)
    if (problems[i] === 'console: Failed to load resource: net::ERR_FAILED') problems.splice(i, 1);
}

/** The refs of a column's cards, top to bottom. */
const columnRefs = (page, status) =>
  page.locator(`.column[data-status="${status}"] article.card`).evaluateAll((all) => all.map((c) => c.dataset.ref));

/** The refs of a project's tasks of one status in the board's order, as the API gives them. */
async function boardOrder(project, status) {
  const { tasks } = await gql('query($f: TaskFilter!) { tasks(filter: $f, order: BOARD, first: 100) { nodes { ref } } }', {
    f: { project, status },
  });
  return tasks.nodes.map((n) => n.ref);
}

/** Reads until `read` gives `want` (the page shows a move before the
 * server has answered it), at most 5 s, then checks it. */
async function settles(read, want, message) {
  let got;
  for (let i = 0; i < 50; i += 1) {
    got = await read();
    if (JSON.stringify(got) === JSON.stringify(want)) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  assert.deepEqual(got, want, message);
}

/** A task's change-log events of one field. */
async function eventsOf(ref, field) {
  const { task } = await gql('query($r: String!) { task(ref: $r) { events(first: 200) { nodes { field newValue } } } }', { r: ref });
  return task.events.nodes.filter((e) => e.field === field);
}

/** The page background's relative brightness, 0 (black) to 1 (white). */
const backgroundLuminance = (page) =>
  page.evaluate(() => {
    const [r, g, b] = getComputedStyle(document.documentElement).backgroundColor.match(/\d+/g).map(Number);
    return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
  });

test('the web board: sign-in, projects, board, task page, live, budgets, sign-out', { timeout: 600_000 }, async (t) => {
  for (const [name, value] of Object.entries({ BASE, TOKEN, BIN, DATABASE_URL })) {
    assert.ok(value, `${name} must be set (see the top of this file)`);
  }
  const { newPage, offOrigin, problems, sockets } = await browser(t);
  const big = await bigProject();
  const page = await newPage();

  await t.test('the demo link asks once for its account, signs in and leaves no token in the address or in lasting storage', async () => {
    const response = await page.goto(`${BASE}/#token=${TOKEN}`);
    assert.equal(response.status(), 200);
    const headers = response.headers();
    assert.match(headers['content-security-policy'], /script-src 'self'/);
    assert.doesNotMatch(headers['content-security-policy'], /unsafe-inline|unsafe-eval/);
    assert.equal(headers['x-content-type-options'], 'nosniff');
    assert.equal(headers['referrer-policy'], 'no-referrer');
    await page.getByRole('heading', { name: 'Sign in as demo?' }).waitFor();
    await page.getByRole('button', { name: 'Sign in as demo' }).click();
    await page.getByRole('heading', { name: 'Projects' }).waitFor();
    assert.ok(!page.url().includes(TOKEN), `the address keeps no token: ${page.url()}`);
    const stored = await kept(page);
    assert.ok(!JSON.stringify(stored.local).includes('tl_'), 'nothing in localStorage');
    assert.ok(JSON.stringify(stored.session).includes(TOKEN), 'the token lives in this tab only');
    await accessible(page, 'projects');
  });

  const other = newUser('Link Tester');

  await t.test('a sign-in link in a fresh tab asks first, naming the account, and signs in only when accepted', async () => {
    const fresh = await newPage();
    await fresh.goto(`${BASE}/#token=${other.token}`);
    await fresh.getByRole('heading', { name: `Sign in as ${other.username}?`, level: 1 }).waitFor();
    assert.ok(!fresh.url().includes(other.token), `the address keeps no token: ${fresh.url()}`);
    assert.match(await fresh.locator('main').innerText(), /Link Tester/, 'the display name is shown');
    // Not signed in yet: no board, nothing kept, and it stays so while unanswered.
    await fresh.waitForTimeout(500);
    assert.equal(await fresh.getByRole('button', { name: 'Sign out' }).count(), 0, 'not signed in');
    assert.equal(await fresh.getByRole('heading', { name: 'Projects' }).count(), 0, 'no board');
    assert.ok(!JSON.stringify(await kept(fresh)).includes('tl_'), 'no token kept before the answer');
    const accept = fresh.getByRole('button', { name: `Sign in as ${other.username}` });
    assert.ok(await accept.evaluate((button) => button === document.activeElement), 'the primary button has focus');
    assert.equal(await accept.getAttribute('class'), 'primary');
    await accessible(fresh, 'sign-in link confirmation');
    // By keyboard: Enter on the focused button.
    await fresh.keyboard.press('Enter');
    await fresh.getByRole('heading', { name: 'Projects' }).waitFor();
    await fresh.locator('.who', { hasText: 'Link Tester' }).waitFor();
    const stored = await kept(fresh);
    assert.ok(JSON.stringify(stored.session).includes(other.token), 'the token lives in this tab');
    assert.ok(!JSON.stringify(stored.local).includes('tl_'), 'nothing in localStorage');
    await fresh.context().close();
  });

  await t.test('"Stay signed out" on a sign-in link leaves the tab signed out, with nothing kept', async () => {
    const fresh = await newPage();
    await fresh.goto(`${BASE}/#token=${other.token}`);
    await fresh.getByRole('button', { name: 'Stay signed out' }).click();
    await fresh.getByRole('heading', { name: 'Sign in to tasklens' }).waitFor();
    assert.equal(await fresh.getByRole('alert').count(), 0, 'no complaint');
    assert.ok(!fresh.url().includes(other.token), `the address keeps no token: ${fresh.url()}`);
    assert.ok(!JSON.stringify(await kept(fresh)).includes('tl_'), 'nothing in sessionStorage or localStorage');
    // A reload does not find it either.
    await fresh.reload();
    await fresh.getByRole('heading', { name: 'Sign in to tasklens' }).waitFor();
    assert.ok(!JSON.stringify(await kept(fresh)).includes('tl_'), 'still nothing kept');
    await fresh.context().close();
  });

  await t.test('a tab signed in as one user asks before a link switches it to another, naming both', async () => {
    const tab = await newPage();
    await signInByLink(tab, TOKEN, 'demo');
    await tab.goto(`${BASE}/#token=${other.token}`);
    await tab.getByRole('heading', { name: 'Switch to another token?' }).waitFor();
    assert.ok(!tab.url().includes(other.token), 'the link left the address');
    const text = await tab.locator('main').innerText();
    assert.match(text, /signed in as .*demo/, `names the tab's account: ${text}`);
    assert.match(text, /Link Tester/, `names the link's account: ${text}`);
    assert.ok(
      await tab.getByRole('button', { name: "Switch to the link's token" }).evaluate((b) => b === document.activeElement),
      'the primary button has focus',
    );
    await accessible(tab, 'switch confirmation');
    await tab.getByRole('button', { name: 'Stay signed in as before' }).click();
    await tab.getByRole('button', { name: 'Sign out' }).waitFor();
    assert.equal(await tab.locator('.who', { hasText: 'Link Tester' }).count(), 0, 'still demo');
    assert.ok(JSON.stringify((await kept(tab)).session).includes(TOKEN), 'its token kept');

    // Asked again, and accepted this time.
    await tab.goto(`${BASE}/#token=${other.token}`);
    await tab.getByRole('button', { name: "Switch to the link's token" }).click();
    await tab.locator('.who', { hasText: 'Link Tester' }).waitFor();
    const stored = await kept(tab);
    assert.ok(JSON.stringify(stored.session).includes(other.token), 'the new token in this tab');
    assert.ok(!JSON.stringify(stored).includes(TOKEN), 'the old token forgotten');
    await tab.context().close();
  });

  await t.test('a sign-in link with a revoked or made-up token shows the refusal and never signs in', async () => {
    const { createApiToken } = await gql('mutation { createApiToken(name: "board link revoked") { token apiToken { id } } }');
    await gql('mutation($id: ID!) { revokeApiToken(id: $id) { id } }', { id: createApiToken.apiToken.id });
    const garbage = `tl_${'x'.repeat(40)}`;
    for (const token of [createApiToken.token, garbage]) {
      const fresh = await newPage();
      await fresh.goto(`${BASE}/#token=${token}`);
      await fresh.getByRole('heading', { name: 'Sign in to tasklens' }).waitFor();
      assert.match(await fresh.getByRole('alert').innerText(), /sign-in link was not used: unknown or revoked token/);
      assert.ok(!fresh.url().includes(token), 'the link left the address');
      assert.ok(!JSON.stringify(await kept(fresh)).includes('tl_'), 'nothing kept');
      assert.equal(await fresh.getByRole('button', { name: 'Sign out' }).count(), 0, 'not signed in');
      await accessible(fresh, 'sign-in after a refused link');
      await fresh.context().close();
    }
    // A tab signed in stays as it was, and says why the link did nothing.
    const tab = await newPage();
    await signInByLink(tab, TOKEN, 'demo');
    await tab.goto(`${BASE}/#token=${garbage}`);
    await tab.getByRole('heading', { name: 'The sign-in link was not used' }).waitFor();
    assert.match(await tab.getByRole('alert').innerText(), /unknown or revoked token/);
    await tab.getByRole('button', { name: 'Back to the board' }).click();
    await tab.getByRole('heading', { name: 'Projects' }).waitFor();
    assert.ok(JSON.stringify((await kept(tab)).session).includes(TOKEN), 'its token kept');
    await tab.context().close();
  });

  await t.test('projects are found by name, each with its open count', async () => {
    const { projects } = await gql('{ projects(first: 100) { nodes { key name openTaskCount } } }');
    const one = projects.nodes.find((p) => p.key !== big.key);
    const word = one.name.split(/\s+/)[0];
    await page.getByLabel('Find a project by name').fill(word);
    const row = page.locator('.projects li', { hasText: one.name });
    await row.waitFor();
    assert.match(await row.innerText(), new RegExp(`${one.openTaskCount} open`));
    const { projects: found } = await gql('query($n: String) { projects(filter: { name: $n }) { totalCount } }', { n: word });
    // The same projects as list_projects finds, once the typing settles.
    await page.waitForFunction((n) => document.querySelectorAll('.projects li').length === n, found.totalCount);
    await page.waitForTimeout(500);
    assert.equal(await page.locator('.projects li').count(), found.totalCount, 'the same projects as list_projects');
  });

  await t.test('budgets: initial JavaScript and a board of 200 cards', async () => {
    const html = await (await fetch(`${BASE}/`)).text();
    const scripts = [...html.matchAll(/src="(\/web\/[^"]+\.js)"/g)].map((m) => m[1]);
    assert.ok(scripts.length > 0, 'the page loads a script');
    let gzipped = 0;
    for (const src of scripts) gzipped += gzipSync(Buffer.from(await (await fetch(`${BASE}${src}`)).arrayBuffer())).length;
    console.log(`budget: initial JavaScript of / is ${(gzipped / 1024).toFixed(1)} KB gzipped (at most 250 KB)`);
    assert.ok(gzipped <= JS_BUDGET, `initial JavaScript ${gzipped} bytes gzipped`);

    const times = [];
    for (let run = 0; run < 3; run += 1) {
      await page.goto(`${BASE}/#/`);
      await page.getByRole('heading', { name: 'Projects' }).waitFor();
      const started = await page.evaluate(() => performance.now());
      await page.evaluate((key) => {
        window.location.hash = `#/p/${key}`;
      }, big.key);
      await page.waitForFunction(() => document.querySelectorAll('article.card').length >= 200);
      // Interactive: a card takes focus and its menu answers.
      await cards(page).first().locator('a').focus();
      const ready = await page.evaluate(() => performance.now());
      times.push(ready - started);
    }
    const best = Math.min(...times);
    console.log(`budget: a board of 200 cards interactive in ${best.toFixed(0)} ms (runs: ${times.map((x) => x.toFixed(0)).join(', ')} ms; at most 1000)`);
    assert.ok(best <= BOARD_BUDGET_MS, `board of 200 cards in ${best} ms`);
    assert.equal(await cards(page).count(), 200, 'four columns of one page (50) each');
  });

  await t.test('the board pages by cursor and filters as the API does', async () => {
    const first = big.statuses[0];
    await gql(`mutation { ${Array.from({ length: 10 }, (_, i) => `x${i}: createTask(input: { project: "${big.key}", title: "Late card ${i}", status: "${first}" }) { ref }`).join(' ')} }`);
    await page.reload();
    const column = page.locator(`.column[data-status="${first}"]`);
    await column.locator('article.card').nth(49).waitFor();
    assert.equal(await column.locator('article.card').count(), 50, 'one page of 50 at first');
    await column.getByRole('button', { name: 'Load more' }).scrollIntoViewIfNeeded();
    await column.locator('article.card').nth(59).waitFor();
    assert.equal(await column.locator('article.card').count(), 60, 'the next page follows the first');

    await page.getByLabel('Text').fill('Late card');
    await page.waitForFunction(() => document.querySelectorAll('article.card').length === 10);
    const titles = await cards(page).locator('.card-title').allInnerTexts();
    assert.ok(titles.every((x) => x.includes('Late card')), `only matching cards: ${titles}`);
    await page.getByRole('button', { name: 'Clear filters' }).click();
    // Every column back (the text filter settles after a pause): nothing moves under the next drag.
    await page.waitForFunction(() => document.querySelectorAll('article.card').length >= 200);
    await accessible(page, 'board');
  });

  await t.test('a card moved to another column changes its status', async () => {
    const [from, to] = big.statuses;
    const card = page.locator(`.column[data-status="${from}"] article.card`).first();
    const ref = await card.getAttribute('data-ref');
    // Held by its corner (the card's own padding, not its title link or
    // menu buttons) and dropped on the target column's heading. Chromium
    // drops a synthetic drag now and then when the page re-renders under
    // it (a live re-read of earlier tests' writes): the drag is tried
    // again once, and must then land.
    const target = page.locator(`.column[data-status="${to}"]`);
    const landed = page.locator(`.column[data-status="${to}"] article.card[data-ref="${ref}"]`);
    const drag = () => card.dragTo(target, { sourcePosition: { x: 4, y: 4 }, targetPosition: { x: 40, y: 12 } });
    await drag();
    if (!(await landed.waitFor({ timeout: 5000 }).then(() => true, () => false))) {
      await page.locator(`.column[data-status="${from}"] article.card[data-ref="${ref}"]`).waitFor();
      await drag();
      await landed.waitFor();
    }
    // The card lands at once; the write it asked for follows.
    const statusOf = async () => (await gql('query($ref: String!) { task(ref: $ref) { status { key } } }', { ref })).task.status.key;
    await settles(statusOf, to, 'dragged: the API holds the new status');

    // The same from the keyboard, with the card's status menu: arrow keys
    // browse the options and move nothing; Enter commits.
    // (Another card: a live re-read that began before the drag's write
    // may show the dragged one in its old column for a moment.)
    await page.waitForFunction(
      ([status, moved]) => !document.querySelector(`.column[data-status="${status}"] article.card[data-ref="${moved}"]`),
      [from, ref],
    );
    const other = page.locator(`.column[data-status="${from}"] article.card:not([data-ref="${ref}"])`).first();
    const otherRef = await other.getAttribute('data-ref');
    const menu = other.getByRole('button', { name: `Status of ${otherRef}` });
    await menu.focus();
    await page.keyboard.press('Enter');
    const options = other.getByRole('listbox', { name: `Status of ${otherRef}` });
    await options.waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowUp');
    await page.waitForTimeout(300);
    const browsed = await gql('query($ref: String!) { task(ref: $ref) { status { key } revision } }', { ref: otherRef });
    assert.equal(browsed.task.status.key, from, 'arrow keys in the menu move nothing');
    await page.keyboard.press('Enter');
    await page.locator(`.column[data-status="${to}"] article.card[data-ref="${otherRef}"]`).waitFor();
    const moved = await gql('query($ref: String!) { task(ref: $ref) { status { key } revision } }', { ref: otherRef });
    assert.equal(moved.task.status.key, to, 'Enter committed the option chosen');
    assert.equal(moved.task.revision, browsed.task.revision + 1, 'one write for one choice');
    // Focus follows the card to its new column.
    await page.waitForFunction(
      ([ref, status]) => {
        const card = document.activeElement?.closest('[data-ref]');
        return card?.getAttribute('data-ref') === ref && card.closest('.column')?.getAttribute('data-status') === status;
      },
      [otherRef, to],
    );

    // Arrow keys walk the cards: down the column, then across.
    const column = (status) => page.locator(`.column[data-status="${status}"] a.card-title`);
    await column(from).first().focus();
    await page.keyboard.press('ArrowDown');
    const focused = () => page.evaluate(() => document.activeElement?.closest('[data-ref]')?.getAttribute('data-ref'));
    assert.equal(await focused(), await column(from).nth(1).evaluate((a) => a.closest('[data-ref]').getAttribute('data-ref')));
    await page.keyboard.press('ArrowRight');
    assert.equal(
      await page.evaluate(() => document.activeElement?.closest('.column')?.getAttribute('data-status')),
      to,
      'right: the next column',
    );
  });

  await t.test('the board by keyboard: one Tab stop per column, j/k walk, s opens the status menu, ? lists the shortcuts', async () => {
    await page.goto(`${BASE}/#/p/${big.key}`);
    for (const status of big.statuses) {
      const column = page.locator(`.column[data-status="${status}"]`);
      await column.locator('article.card').nth(1).waitFor();
      assert.equal(await column.locator('a.card-title[tabindex="0"]').count(), 1, `${status}: one Tab stop`);
    }
    assert.equal(
      await page.locator('article.card .status-menu button:not([tabindex="-1"])').count(),
      0,
      'status buttons are out of the Tab order',
    );
    const first = page.locator(`.column[data-status="${big.statuses[0]}"] a.card-title`);
    const focusedRef = () => page.evaluate(() => document.activeElement?.closest('[data-ref]')?.getAttribute('data-ref'));
    const refAt = (n) => first.nth(n).evaluate((a) => a.closest('[data-ref]').getAttribute('data-ref'));

    // Tab leaves the column from its card: no second stop on the card or the cards below.
    await first.first().focus();
    await page.keyboard.press('Tab');
    const left = await page.evaluate(
      (status) => !document.activeElement?.matches('a.card-title') || document.activeElement.closest('.column')?.getAttribute('data-status') !== status,
      big.statuses[0],
    );
    assert.ok(left, 'one Tab leaves the card and its column');

    // j and k walk the column, and the Tab stop follows.
    await first.first().focus();
    await page.keyboard.press('j');
    assert.equal(await focusedRef(), await refAt(1), 'j: the next card');
    assert.equal(await first.nth(1).getAttribute('tabindex'), '0');
    assert.equal(await first.nth(0).getAttribute('tabindex'), '-1');
    await page.keyboard.press('k');
    assert.equal(await focusedRef(), await refAt(0), 'k: the card above');

    // s: the focused card's status menu, closed by Escape with focus back on its button.
    const ref0 = await refAt(0);
    await page.keyboard.press('s');
    await page.getByRole('listbox', { name: `Status of ${ref0}` }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('listbox', { name: `Status of ${ref0}` }).waitFor({ state: 'detached' });
    assert.ok(
      await page.evaluate((r) => document.activeElement?.matches(`[data-ref="${r}"] .status-menu > button`), ref0),
      'focus is back on the status button',
    );

    // ?: the shortcuts, in a modal dialog; Escape gives focus back.
    await page.keyboard.press('?');
    const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await help.waitFor();
    assert.equal(await help.getAttribute('aria-modal'), 'true');
    const listed = await help.innerText();
    for (const words of ['Create a task', 'Search', 'Next card', "status menu", 'Close a dialog']) assert.match(listed, new RegExp(words));
    await accessible(page, 'shortcuts dialog');
    await page.keyboard.press('Escape');
    await help.waitFor({ state: 'detached' });
    assert.equal(await focusedRef(), ref0, 'focus is back on the card');

    // Typing in a field is typing: no shortcut fires.
    const text = page.getByLabel('Text');
    await text.focus();
    await page.keyboard.type('?cs/');
    assert.equal(await text.inputValue(), '?cs/');
    assert.equal(await page.getByRole('dialog').count(), 0, 'no dialog from typing');
    assert.equal(await page.getByRole('form', { name: 'New task' }).count(), 0, 'no form from typing');
    await text.fill('');

    // / goes to the search field; c opens the new task form at its title.
    await first.first().focus();
    await page.keyboard.press('/');
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('type')), 'search');
    await first.first().focus();
    await page.keyboard.press('c');
    await page.getByRole('form', { name: 'New task' }).getByLabel('Title').waitFor();
    await page.waitForFunction(() => document.activeElement?.closest('form')?.getAttribute('aria-label') === 'New task');

    // Enter on a card opens its task.
    await first.first().focus();
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.hash === `#/t/${ref0}`);
  });

  await t.test("after a pick or Escape in a card's menu, j/k/s/a go on from that card", async () => {
    await page.goto(`${BASE}/#/p/${big.key}`);
    const first = page.locator(`.column[data-status="${big.statuses[0]}"] a.card-title`);
    const focusedRef = () => page.evaluate(() => document.activeElement?.closest('[data-ref]')?.getAttribute('data-ref'));
    const refAt = (n) => first.nth(n).evaluate((a) => a.closest('[data-ref]').getAttribute('data-ref'));
    const r0 = await refAt(0);
    const { task: before } = await gql('query($r: String!) { task(ref: $r) { revision } }', { r: r0 });
    await first.first().focus();
    // s, Enter on the current status: the menu closes, nothing is written.
    await page.keyboard.press('s');
    await page.getByRole('listbox', { name: `Status of ${r0}` }).waitFor();
    await page.keyboard.press('Enter');
    await page.getByRole('listbox', { name: `Status of ${r0}` }).waitFor({ state: 'detached' });
    await page.keyboard.press('j');
    assert.equal(await focusedRef(), await refAt(1), 'j after s, Enter: the next card');
    await page.keyboard.press('k');
    assert.equal(await focusedRef(), r0);
    // a, Escape, then k from the second card.
    await page.keyboard.press('j');
    await page.keyboard.press('a');
    const r1 = await refAt(1);
    await page.getByRole('listbox', { name: `Assignee of ${r1}` }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('listbox', { name: `Assignee of ${r1}` }).waitFor({ state: 'detached' });
    await page.keyboard.press('k');
    assert.equal(await focusedRef(), r0, 'k after a, Escape: the card above');
    const { task: after } = await gql('query($r: String!) { task(ref: $r) { revision } }', { r: r0 });
    assert.equal(after.revision, before.revision, 'nothing written');
  });

  await t.test('a card moved by its menu does not take focus back from a field the person went to meanwhile', async () => {
    await page.goto(`${BASE}/#/p/${big.key}`);
    const [from, to] = big.statuses;
    const card = page.locator(`.column[data-status="${from}"] article.card`).first();
    const r = await card.getAttribute('data-ref');
    // Reads are held back: the card reaches its new column late.
    const slow = async (route) => {
      if (!/^\s*mutation/.test(route.request().postDataJSON()?.query ?? '')) await new Promise((done) => setTimeout(done, 1_500));
      await route.continue();
    };
    await page.route('**/graphql', slow);
    try {
      await card.locator('a.card-title').focus();
      await page.keyboard.press('s');
      const options = page.getByRole('listbox', { name: `Status of ${r}` });
      await options.waitFor();
      await options.getByRole('option', { name: (await gql('query($k: String!) { project(key: $k) { statuses { key name } } }', { k: big.key })).project.statuses.find((s) => s.key === to).name, exact: true }).click();
      await page.waitForFunction((ref) => !document.querySelector('[role="listbox"]'), r);
      const search = page.getByRole('searchbox', { name: 'Text' });
      await search.click();
      await page.locator(`.column[data-status="${to}"] article.card[data-ref="${r}"]`).waitFor();
      await page.waitForTimeout(500);
      assert.ok(await search.evaluate((s) => s === document.activeElement), 'focus stays in the field the person went to');
    } finally {
      // Reads still held back go on before the next test.
      await page.unrouteAll({ behavior: 'wait' });
    }
  });

  await t.test("a status menu at the bottom of a column shows whole, over the column's scroll box", async () => {
    await page.goto(`${BASE}/#/p/${big.key}`);
    const column = page.locator(`.column[data-status="${big.statuses[0]}"]`);
    await column.locator('article.card').nth(20).waitFor();
    // The lowest card whose status button the column's box still shows.
    const lowest = await column.evaluate((box) => {
      const edge = box.getBoundingClientRect().bottom;
      const shown = [...box.querySelectorAll('article.card')].filter(
        (card) => card.querySelector('.status-menu > button').getBoundingClientRect().bottom < edge - 2,
      );
      return shown[shown.length - 1].getAttribute('data-ref');
    });
    await column.locator(`[data-ref="${lowest}"] a.card-title`).focus();
    await page.keyboard.press('s');
    const list = page.getByRole('listbox', { name: `Status of ${lowest}` });
    await list.waitFor();
    const hidden = await list.evaluate((ul) =>
      [...ul.querySelectorAll('[role="option"]')]
        .filter((option) => {
          const r = option.getBoundingClientRect();
          const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
          return !(top === option || option.contains(top));
        })
        .map((option) => option.textContent),
    );
    assert.deepEqual(hidden, [], 'every option can be seen and clicked');
    await page.keyboard.press('Escape');
    await list.waitFor({ state: 'detached' });
  });

  await t.test('quick create at the top of a column: a title and Enter make a task in that status', async () => {
    const { project } = await gql('query($k: String!) { project(key: $k) { statuses { key name } } }', { k: big.key });
    const target = project.statuses[1];
    await page.goto(`${BASE}/#/p/${big.key}`);
    const column = page.locator(`.column[data-status="${target.key}"]`);
    await column.locator('article.card').first().waitFor();
    const field = column.getByLabel(`Add a task to ${target.name}`);
    await field.fill('Quickly made zeppelin');
    await field.press('Enter');
    await column.locator('article.card', { hasText: 'Quickly made zeppelin' }).waitFor();
    assert.equal(await field.inputValue(), '', 'emptied for the next title');
    assert.ok(await field.evaluate((f) => f === document.activeElement), 'focus stays in the field');
    const { tasks } = await gql('query($k: String!) { tasks(filter: { project: $k, text: "zeppelin" }) { nodes { status { key } } } }', { k: big.key });
    assert.deepEqual(tasks.nodes.map((n) => n.status.key), [target.key], "made once, in the column's status");

    // Escape empties the field; an empty title makes nothing.
    await field.fill('never made');
    await field.press('Escape');
    assert.equal(await field.inputValue(), '');
    await field.press('Enter');
    await page.waitForTimeout(300);
    assert.equal(await column.locator('article.card', { hasText: 'never made' }).count(), 0);
    await accessible(page, 'board with quick create');
  });

  await t.test("manual order: a card dropped between two others stays there, for everyone; Alt+arrows move it; another's move shows live", async () => {
    const { workspaces } = await gql('{ workspaces(first: 1) { nodes { key } } }');
    const key = randomKey('MO');
    await gql('mutation($input: CreateProjectInput!) { createProject(input: $input) { key } }', {
      input: { workspace: workspaces.nodes[0].key, key, name: `Manual order ${key}` },
    });
    const { project } = await gql('query($k: String!) { project(key: $k) { statuses { key name } } }', { k: key });
    const [todo, doing] = project.statuses.map((s) => s.key);
    const made = {};
    for (const [name, status] of [['one', todo], ['two', todo], ['three', todo], ['four', todo], ['ua', doing], ['ub', doing]]) {
      const { createTask } = await gql('mutation($i: CreateTaskInput!) { createTask(input: $i) { ref } }', {
        i: { project: key, title: `Card ${name}`, status },
      });
      made[name] = createTask.ref;
    }
    // New tasks on top: the board's own order, its default (nothing in the address).
    await page.goto(`${BASE}/#/p/${key}`);
    await page.locator(`.column[data-status="${todo}"] article.card`).nth(3).waitFor();
    assert.equal(await page.getByLabel('Order').inputValue(), 'BOARD', 'the board order is the default');
    assert.deepEqual(await columnRefs(page, todo), [made.four, made.three, made.two, made.one]);

    // Dragged from the bottom onto the upper half of the second card: between the first two.
    const drag = async (ref, onto, status) => {
      const card = page.locator(`article.card[data-ref="${ref}"]`);
      const target = page.locator(`.column[data-status="${status}"] article.card[data-ref="${onto}"]`);
      await card.dragTo(target, { sourcePosition: { x: 4, y: 4 }, targetPosition: { x: 40, y: 3 } });
    };
    await drag(made.one, made.three, todo);
    const expected = [made.four, made.one, made.three, made.two];
    await page.waitForFunction(
      ([status, want]) => JSON.stringify([...document.querySelectorAll(`.column[data-status="${status}"] article.card`)].map((c) => c.dataset.ref)) === JSON.stringify(want),
      [todo, expected],
    );
    await settles(() => boardOrder(key, todo), expected, 'the API holds the place it was dropped in');
    const [placed] = await eventsOf(made.one, 'position');
    assert.equal(placed?.newValue, `after ${made.four}`, 'one position event: right after the card above it');

    // Into another column, between its two cards: status and place together.
    await drag(made.two, made.ua, doing);
    const doingOrder = [made.ub, made.two, made.ua];
    await page.waitForFunction(
      ([status, want]) => JSON.stringify([...document.querySelectorAll(`.column[data-status="${status}"] article.card`)].map((c) => c.dataset.ref)) === JSON.stringify(want),
      [doing, doingOrder],
    );
    await settles(() => boardOrder(key, doing), doingOrder, 'moved to the other status, between the two');

    // A reload, and another person's browser, show the same order.
    await page.reload();
    await page.locator(`.column[data-status="${doing}"] article.card`).nth(2).waitFor();
    assert.deepEqual(await columnRefs(page, todo), [made.four, made.one, made.three]);
    assert.deepEqual(await columnRefs(page, doing), doingOrder);
    const someone = await newPage();
    await signInByLink(someone, TOKEN, 'demo');
    await someone.goto(`${BASE}/#/p/${key}`);
    await someone.locator(`.column[data-status="${doing}"] article.card`).nth(2).waitFor();
    assert.deepEqual(await columnRefs(someone, todo), [made.four, made.one, made.three], 'the same order in another browser');
    assert.deepEqual(await columnRefs(someone, doing), doingOrder);
    await someone.locator('.live-live').waitFor();

    // By keyboard: Alt+↑ takes the focused card past the one above it; focus stays on it.
    await page.locator(`article.card[data-ref="${made.three}"] a.card-title`).focus();
    await page.keyboard.press('Alt+ArrowUp');
    const keyed = [made.four, made.three, made.one];
    await page.waitForFunction(
      ([status, want]) => JSON.stringify([...document.querySelectorAll(`.column[data-status="${status}"] article.card`)].map((c) => c.dataset.ref)) === JSON.stringify(want),
      [todo, keyed],
    );
    assert.equal(await page.evaluate(() => document.activeElement?.closest('[data-ref]')?.dataset.ref), made.three, 'focus stays on the card');
    await page.keyboard.press('Alt+ArrowDown');
    await page.keyboard.press('Alt+ArrowDown');
    const down = [made.four, made.one, made.three];
    await page.waitForFunction(
      ([status, want]) => JSON.stringify([...document.querySelectorAll(`.column[data-status="${status}"] article.card`)].map((c) => c.dataset.ref)) === JSON.stringify(want),
      [todo, down],
    );
    await settles(() => boardOrder(key, todo), down, 'moved by keyboard');
    await page.waitForTimeout(300);
    assert.deepEqual(await boardOrder(key, todo), down, 'at the bottom a further Alt+↓ does nothing');

    // The other browser saw each move as it happened, without a reload.
    await someone.waitForFunction(
      ([status, want]) => JSON.stringify([...document.querySelectorAll(`.column[data-status="${status}"] article.card`)].map((c) => c.dataset.ref)) === JSON.stringify(want),
      [todo, down],
    );
    // And a move made elsewhere (the API) shows on both open boards.
    await gql('mutation($r: String!, $a: String!) { updateTask(ref: $r, input: { place: { after: $a } }) { ref } }', { r: made.four, a: made.three });
    const elsewhere = [made.one, made.three, made.four];
    for (const tab of [page, someone])
      await tab.waitForFunction(
        ([status, want]) => JSON.stringify([...document.querySelectorAll(`.column[data-status="${status}"] article.card`)].map((c) => c.dataset.ref)) === JSON.stringify(want),
        [todo, elsewhere],
      );
    await someone.context().close();

    // Another order is still a choice, in the address.
    await page.getByLabel('Order').selectOption('REF');
    await page.waitForURL((url) => url.hash.includes('order=ref'));
    await page.waitForFunction((status) => document.querySelector(`.column[data-status="${status}"] article.card`) !== null, todo);
    assert.deepEqual(await columnRefs(page, todo), [made.one, made.three, made.four], 'by number');

    // The timeline says it in words.
    await page.goto(`${BASE}/#/t/${made.one}`);
    await page.locator('.timeline', { hasText: 'moved it on the board' }).waitFor();
  });

  await t.test('a move whose write fails is undone: the card goes back to its column, and to its place; the move is announced', async () => {
    const { workspaces } = await gql('{ workspaces(first: 1) { nodes { key } } }');
    const key = randomKey('FM');
    await gql('mutation($input: CreateProjectInput!) { createProject(input: $input) { key } }', {
      input: { workspace: workspaces.nodes[0].key, key, name: `Failed moves ${key}` },
    });
    const { project } = await gql('query($k: String!) { project(key: $k) { statuses { key name } } }', { k: key });
    const [todo, doing] = project.statuses;
    const made = {};
    for (const name of ['one', 'two', 'three']) {
      const { createTask } = await gql('mutation($i: CreateTaskInput!) { createTask(input: $i) { ref } }', {
        i: { project: key, title: `Card ${name}`, status: todo.key },
      });
      made[name] = createTask.ref;
    }
    const order = [made.three, made.two, made.one];
    const showing = (status, want) =>
      page.waitForFunction(
        ([s, w]) => JSON.stringify([...document.querySelectorAll(`.column[data-status="${s}"] article.card`)].map((c) => c.dataset.ref)) === JSON.stringify(w),
        [status, want],
      );
    // By number first: a move by status alone is shown at once in this order.
    await page.goto(`${BASE}/#/p/${key}?order=ref`);
    await page.locator(`.column[data-status="${todo.key}"] article.card`).nth(2).waitFor();
    const byRef = await columnRefs(page, todo.key);
    await page.locator('.live-live').waitFor();

    // Every move's write is lost on the way.
    const lose = async (route) => {
      if (/^\s*mutation\s+MoveTask/.test(route.request().postDataJSON()?.query ?? '')) await route.abort();
      else await route.continue();
    };
    const heard = problems.length;
    await page.route('**/graphql', lose);
    try {
      // By its status menu, to another column: shown there, then back.
      const card = page.locator(`article.card[data-ref="${made.two}"]`);
      await card.locator('a.card-title').focus();
      await page.keyboard.press('s');
      const options = page.getByRole('listbox', { name: `Status of ${made.two}` });
      await options.waitFor();
      await options.getByRole('option', { name: doing.name, exact: true }).click();
      await page.getByRole('alert').filter({ hasText: made.two }).waitFor();
      await showing(todo.key, byRef);
      await showing(doing.key, []);

      // By Alt+↑, in the board's order: back in its place.
      await page.goto(`${BASE}/#/p/${key}`);
      await showing(todo.key, order);
      await page.locator('.live-live').waitFor();
      await page.locator(`article.card[data-ref="${made.one}"] a.card-title`).focus();
      await page.keyboard.press('Alt+ArrowUp');
      await page.waitForFunction(
        (ref) => document.querySelector('[data-testid="moved"]')?.textContent?.startsWith(`${ref} moved before`),
        made.one,
      );
      await page.getByRole('alert').filter({ hasText: made.one }).waitFor();
      await showing(todo.key, order);
    } finally {
      await page.unrouteAll({ behavior: 'wait' });
      // The console tells of an aborted request a moment after it.
      await page.waitForTimeout(200);
      forgetAborted(problems, heard);
    }
    assert.deepEqual(await boardOrder(key, todo.key), order, 'nothing was moved');
  });

  await t.test('a next page that fails is not read again in a loop: a button tries again', async () => {
    const first = big.statuses[0];
    await page.goto(`${BASE}/#/p/${big.key}`);
    const column = page.locator(`.column[data-status="${first}"]`);
    await column.locator('article.card').nth(49).waitFor();
    let lost = 0;
    const lose = async (route) => {
      const body = route.request().postDataJSON();
      if (/query\s+TaskPage/.test(body?.query ?? '') && body?.variables?.after) {
        lost += 1;
        await route.abort();
      } else await route.continue();
    };
    const heard = problems.length;
    await page.route('**/graphql', lose);
    try {
      await column.getByRole('button', { name: 'Load more' }).scrollIntoViewIfNeeded();
      const retry = column.getByRole('button', { name: 'Try again' });
      await retry.waitFor();
      await page.waitForTimeout(1_000);
      assert.equal(lost, 1, 'one read of the next page, not one after another');
      assert.equal(await column.locator('article.card').count(), 50, 'what was shown stays');
    } finally {
      await page.unrouteAll({ behavior: 'wait' });
      // The console tells of an aborted request a moment after it.
      await page.waitForTimeout(200);
      forgetAborted(problems, heard);
    }
    await column.getByRole('button', { name: 'Try again' }).click();
    await column.locator('article.card').nth(50).waitFor();
  });

  await t.test('the command palette (Ctrl+K) goes to a task by ref or words, a project, a wiki page; Esc gives focus back', async () => {
    const { createTask } = await gql('mutation($p: String!) { createTask(input: { project: $p, title: "Palette target zebra" }) { ref } }', { p: big.key });
    const { wikiTree } = await gql('{ wikiTree(first: 50) { nodes { path title workspace { key } } } }');
    const wiki = wikiTree.nodes[0];
    await page.goto(`${BASE}/#/`);
    const field = page.getByLabel('Find a project by name');
    await field.focus();
    const palette = page.getByRole('dialog', { name: 'Command palette' });
    const open = async () => {
      await page.keyboard.press('Control+k');
      await palette.waitFor();
      return palette.getByRole('combobox');
    };

    let box = await open();
    assert.equal(await palette.getAttribute('aria-modal'), 'true');
    assert.ok(await box.evaluate((b) => b === document.activeElement), 'the combobox has focus');
    assert.equal(await box.getAttribute('aria-controls'), await palette.getByRole('listbox').getAttribute('id'));
    await accessible(page, 'command palette');
    await page.keyboard.press('Escape');
    await palette.waitFor({ state: 'detached' });
    assert.ok(await field.evaluate((f) => f === document.activeElement), 'Escape gives focus back');

    // By ref, typed in lower case.
    const target = `${big.key}-3`;
    const { task } = await gql('query($r: String!) { task(ref: $r) { title } }', { r: target });
    box = await open();
    await box.fill(target.toLowerCase());
    await palette.getByRole('option', { name: new RegExp(`^Task ${target} `) }).waitFor();
    await settled(palette);
    assert.match(await box.getAttribute('aria-activedescendant'), /.+/);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.hash === `#/t/${target}`);
    await page.getByRole('heading', { name: task.title }).waitFor();
    await palette.waitFor({ state: 'detached' });

    // By title words, chosen with the arrow keys.
    box = await open();
    await box.fill('zebra');
    const option = palette.getByRole('option', { name: new RegExp(`${createTask.ref} Palette target zebra`) });
    await option.waitFor();
    await settled(palette);
    while ((await option.getAttribute('aria-selected')) !== 'true') await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.hash === `#/t/${createTask.ref}`);

    // Enter while results are still arriving does nothing: a result landing
    // above the highlight would otherwise take its place under the key.
    const before = new URL(page.url()).hash;
    box = await open();
    await box.fill('my');
    await page.keyboard.press('Enter');
    await page.waitForTimeout(500);
    assert.equal(new URL(page.url()).hash, before, 'Enter during the search went nowhere');
    await settled(palette);
    await page.keyboard.press('Escape');
    await palette.waitFor({ state: 'detached' });

    // A project, then a wiki page, by a click.
    box = await open();
    await box.fill(`Budget board ${big.key}`);
    await palette.getByRole('option', { name: new RegExp(`^Project ${big.key} `) }).click();
    await page.waitForURL((url) => url.hash === `#/p/${big.key}`);
    box = await open();
    await box.fill(wiki.title);
    await palette.getByRole('option', { name: `Wiki page ${wiki.title}` }).first().click();
    await page.getByRole('heading', { name: wiki.title, level: 1 }).waitFor();

    // Accessible in the dark too.
    await page.emulateMedia({ colorScheme: 'dark' });
    await open();
    await accessible(page, 'command palette, dark');
    await page.keyboard.press('Escape');
    await page.emulateMedia({ colorScheme: 'light' });
  });

  await t.test('views are addresses: filters and order in the hash survive a reload, quick filters, an empty view offers Clear filters', async () => {
    const now = new Date();
    const today = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
    await gql(`mutation($p: String!, $today: NaiveDate!) {
      a: createTask(input: { project: $p, title: "Long overdue", dueDate: "2020-01-06" }) { ref }
      b: createTask(input: { project: $p, title: "Far ahead", dueDate: "2099-01-05" }) { ref }
      c: createTask(input: { project: $p, title: "Due today", dueDate: $today }) { ref }
    }`, { p: big.key, today });
    await page.goto(`${BASE}/#/p/${big.key}`);
    await cards(page).first().waitFor();
    await page.getByLabel('Order').selectOption('DUE');
    await page.getByLabel('Text').fill('Late card');
    await page.waitForURL((url) => url.hash.startsWith(`#/p/${big.key}?`) && url.hash.includes('order=due') && url.hash.includes('q=Late+card'));
    await page.reload();
    await page.waitForFunction(() => document.querySelectorAll('article.card').length === 10);
    assert.equal(await page.getByLabel('Order').inputValue(), 'DUE', 'the order survives a reload');
    assert.equal(await page.getByLabel('Text').inputValue(), 'Late card', 'the text survives a reload');
    await page.getByLabel('Text').fill('');

    // Mine: nobody is assigned on this board, so nothing matches: one message, no empty columns.
    const mine = page.getByRole('group', { name: 'Quick filters' }).getByRole('button', { name: 'Mine' });
    await mine.click();
    assert.equal(await mine.getAttribute('aria-pressed'), 'true');
    await page.waitForURL((url) => url.hash.includes('assignee=me'));
    const empty = page.locator('.no-match', { hasText: 'No task matches these filters' });
    await empty.waitFor();
    assert.ok(await page.locator('.board').isHidden(), 'no empty columns');
    await accessible(page, 'a board no task matches');
    await empty.getByRole('button', { name: 'Clear filters' }).click();
    await cards(page).first().waitFor();
    assert.equal(new URL(page.url()).hash, `#/p/${big.key}?order=due`, 'cleared: only the order stays');
    assert.equal(await mine.getAttribute('aria-pressed'), 'false');

    // Overdue and due this week: open tasks due before today / before next Monday.
    const overdue = page.getByRole('button', { name: 'Overdue' });
    await overdue.click();
    await page.waitForFunction(() => document.querySelectorAll('article.card').length === 1);
    assert.match(await cards(page).first().innerText(), /Long overdue/);
    await page.getByRole('button', { name: 'Due this week' }).click();
    assert.equal(await overdue.getAttribute('aria-pressed'), 'false', 'one due-date window at a time');
    await page.waitForURL((url) => url.hash.includes('due=week'));
    await page.locator('article.card', { hasText: 'Due today' }).waitFor();
    await page.waitForFunction(() => document.querySelectorAll('article.card').length === 1);
    assert.match(await cards(page).first().innerText(), /Due today/, 'this week: not the overdue one');

    // The list takes the view along, and a shared address shows it in another tab.
    await page.getByRole('navigation', { name: 'Views' }).getByRole('link', { name: 'List' }).click();
    await page.waitForURL((url) => url.hash === `#/p/${big.key}/list?due=week&order=due`);
    await page.locator('article.row', { hasText: 'Due today' }).waitFor();
    const shared = await newPage();
    await signInByLink(shared, TOKEN, 'demo');
    await shared.goto(page.url());
    await shared.locator('article.row', { hasText: 'Due today' }).waitFor();
    assert.equal(await shared.locator('article.row').count(), 1);
    assert.equal(await shared.getByRole('button', { name: 'Due this week' }).getAttribute('aria-pressed'), 'true');
    await shared.context().close();
    await page.goto(`${BASE}/#/p/${big.key}`);
    await cards(page).first().waitFor();

    // The board's default order goes along to the list (whose own default is another), said in the address.
    await page.getByRole('navigation', { name: 'Views' }).getByRole('link', { name: 'List' }).click();
    await page.waitForURL((url) => url.hash === `#/p/${big.key}/list?order=board`);
    assert.equal(await page.getByLabel('Order').inputValue(), 'BOARD', 'the list keeps the board order');
    // Across projects there is no board order: the address cannot ask for it.
    await page.goto(`${BASE}/#/my?order=board`);
    await page.getByRole('heading', { name: 'My tasks' }).waitFor();
    assert.equal(await page.getByLabel('Order').inputValue(), 'UPDATED', 'My tasks refuse the board order');
    await page.goto(`${BASE}/#/p/${big.key}`);
    await cards(page).first().waitFor();
  });

  await t.test('due this week runs from its Monday to its Sunday (fixed dates); Unassigned leaves out assigned tasks', async () => {
    const word = randomKey('wk').toLowerCase();
    await gql(`mutation($p: String!) {
      a: createTask(input: { project: $p, title: "${word} sunday before", dueDate: "2031-03-02" }) { ref }
      b: createTask(input: { project: $p, title: "${word} monday", dueDate: "2031-03-03" }) { ref }
      c: createTask(input: { project: $p, title: "${word} sunday", dueDate: "2031-03-09" }) { ref }
      d: createTask(input: { project: $p, title: "${word} next monday", dueDate: "2031-03-10" }) { ref }
      e: createTask(input: { project: $p, title: "${word} mine tuesday", dueDate: "2031-03-04", assignee: "demo" }) { ref }
    }`, { p: 'INFRA' });
    const tab = await newPage();
    // Wednesday 5 March 2031, noon, in the browser's own time zone.
    await tab.clock.setFixedTime(new Date(2031, 2, 5, 12));
    await signInByLink(tab, TOKEN, 'demo');
    await tab.goto(`${BASE}/#/p/INFRA/list?q=${word}&order=due`);
    await tab.waitForFunction(() => document.querySelectorAll('article.row').length === 5);
    const titles = () => tab.locator('article.row a.row-title').evaluateAll((links) => links.map((a) => a.textContent.replace(/^\S+\s*/, '').trim()));
    await tab.getByRole('button', { name: 'Due this week' }).click();
    await tab.waitForFunction(() => document.querySelectorAll('article.row').length === 3);
    assert.deepEqual(await titles(), [`${word} monday`, `${word} mine tuesday`, `${word} sunday`], 'Monday to Sunday, both included');
    const unassigned = tab.getByRole('group', { name: 'Quick filters' }).getByRole('button', { name: 'Unassigned' });
    await unassigned.click();
    assert.equal(await unassigned.getAttribute('aria-pressed'), 'true');
    await tab.waitForURL((url) => url.hash.includes('unassigned=1'));
    await tab.waitForFunction(() => document.querySelectorAll('article.row').length === 2);
    assert.deepEqual(await titles(), [`${word} monday`, `${word} sunday`]);
    await tab.getByRole('button', { name: 'Mine' }).click();
    assert.equal(await unassigned.getAttribute('aria-pressed'), 'false', 'Mine and Unassigned: one at a time');
    await tab.waitForFunction(() => document.querySelectorAll('article.row').length === 1);
    await tab.context().close();
  });

  await t.test('saved views: the view in the address saved under a name, listed mine or shared, opened after a reload, deleted', async () => {
    // Someone else's view, shared with the project: listed, marked as theirs, not deletable here.
    const sharer = newUser('View Sharer');
    await gql('mutation($p: String!, $u: String!) { addProjectMember(project: $p, username: $u) { role } }', { p: big.key, u: sharer.username });
    await gql('mutation($i: SaveViewInput!) { saveView(input: $i) { id } }', { i: { project: big.key, name: 'Overdue, shared', query: 'due=overdue', shared: true } }, sharer.token);
    await gql('mutation($i: SaveViewInput!) { saveView(input: $i) { id } }', { i: { project: big.key, name: 'Sharer private', query: 'label=x' } }, sharer.token);

    await page.goto(`${BASE}/#/p/${big.key}?q=Late+card&order=due`);
    await page.waitForFunction(() => document.querySelectorAll('article.card').length === 10);
    const open = page.getByRole('button', { name: 'Saved views' });
    await open.click();
    const panel = page.getByRole('region', { name: `Saved views of ${big.key}` });
    await panel.getByRole('link', { name: 'Overdue, shared' }).waitFor();
    assert.equal(await panel.getByRole('link', { name: 'Sharer private' }).count(), 0, "another's own view is not seen");
    assert.match(await panel.locator('li', { hasText: 'Overdue, shared' }).innerText(), /shared by View Sharer/);
    assert.equal(await panel.getByRole('button', { name: /^Delete the view Overdue/ }).count(), 0, 'not mine to delete');
    await panel.getByLabel('Save this view as').fill('Late ones');
    await panel.getByRole('button', { name: 'Save view' }).click();
    await panel.getByRole('status').filter({ hasText: 'Saved “Late ones”.' }).waitFor();
    const mine = panel.locator('li', { hasText: 'Late ones' });
    await mine.waitFor();
    assert.match(await mine.innerText(), /only me/);
    assert.equal(await mine.getByRole('link').getAttribute('aria-current'), 'true', 'the view shown is marked');
    await accessible(page, 'saved views panel');
    await page.emulateMedia({ colorScheme: 'dark' });
    await accessible(page, 'saved views panel, dark');
    await page.emulateMedia({ colorScheme: 'light' });
    const { savedViews } = await gql('query($p: String!) { savedViews(project: $p) { nodes { name query shared mine } } }', { p: big.key });
    assert.deepEqual(
      savedViews.nodes.find((v) => v.name === 'Late ones'),
      { name: 'Late ones', query: 'q=Late+card&order=due', shared: false, mine: true },
      'stored on the server with the address query',
    );

    // Escape closes it and gives focus back to its button.
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });
    assert.ok(await open.evaluate((b) => b === document.activeElement), 'focus back on "Saved views"');

    // After a reload and with the filters cleared, the view is opened from the list by keyboard.
    await page.reload();
    await cards(page).first().waitFor();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await page.waitForURL((url) => url.hash === `#/p/${big.key}?order=due`);
    await page.getByLabel('Order').selectOption('BOARD');
    await page.waitForURL((url) => url.hash === `#/p/${big.key}`);
    await page.waitForFunction(() => document.querySelectorAll('article.card').length > 10);
    await open.focus();
    await page.keyboard.press('Enter');
    const link = panel.getByRole('link', { name: 'Late ones' });
    await link.waitFor();
    await link.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.hash === `#/p/${big.key}?q=Late+card&order=due`);
    await page.waitForFunction(() => document.querySelectorAll('article.card').length === 10);
    assert.equal(await page.getByLabel('Text').inputValue(), 'Late card', 'its filters are applied');
    assert.equal(await page.getByLabel('Order').inputValue(), 'DUE', 'and its order');
    await panel.waitFor({ state: 'detached' });

    // On the list, the same view opens as a list; a shared one too.
    await page.goto(`${BASE}/#/p/${big.key}/list`);
    await page.locator('article.row').first().waitFor();
    await open.click();
    await panel.getByRole('link', { name: 'Overdue, shared' }).click();
    await page.waitForURL((url) => url.hash === `#/p/${big.key}/list?due=overdue`);
    assert.equal(await page.getByRole('button', { name: 'Overdue' }).getAttribute('aria-pressed'), 'true');

    // On a phone the panel fits the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    await open.click();
    await panel.getByRole('link', { name: 'Late ones' }).waitFor();
    const box = await panel.boundingBox();
    assert.ok(box.x >= 0 && box.x + box.width <= 390, `the panel fits: ${JSON.stringify(box)}`);
    assert.ok((await page.evaluate(() => document.documentElement.scrollWidth)) <= 390, 'no sideways scroll');

    // Deleted: gone from the list and from the server.
    await panel.getByRole('button', { name: 'Delete the view Late ones' }).click();
    await panel.getByRole('status').filter({ hasText: 'Deleted “Late ones”.' }).waitFor();
    await panel.getByRole('link', { name: 'Late ones' }).waitFor({ state: 'detached' });
    const { savedViews: left } = await gql('query($p: String!) { savedViews(project: $p) { nodes { name } } }', { p: big.key });
    assert.deepEqual(left.nodes.map((v) => v.name), ['Overdue, shared']);
    await page.keyboard.press('Escape');
    await page.setViewportSize({ width: 1500, height: 1000 });
    await page.goto(`${BASE}/#/p/${big.key}`);
    await cards(page).first().waitFor();
  });

  await t.test('the list: headings sort into the address, rows are selected and changed together, each failure named', async () => {
    const word = randomKey('kiwi').toLowerCase();
    const made = [];
    for (let i = 1; i <= 4; i += 1) {
      const { createTask } = await gql('mutation($t: String!) { createTask(input: { project: "INFRA", title: $t }) { ref } }', { t: `Bulk ${word} ${i}` });
      made.push(createTask.ref);
    }
    const number = (r) => Number(r.split('-')[1]);
    const shownRefs = () => page.locator('article.row').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-ref')));
    await page.goto(`${BASE}/#/p/INFRA/list?q=${word}`);
    await page.waitForFunction(() => document.querySelectorAll('article.row').length === 4);

    // A heading orders by the API's order, and the address keeps it.
    const headings = page.getByRole('group', { name: 'Column headings' });
    const byNumber = headings.getByRole('button', { name: /^Task, sort by number/ });
    await byNumber.click();
    await page.waitForURL((url) => url.hash === `#/p/INFRA/list?q=${word}&order=ref`);
    assert.equal(await byNumber.getAttribute('aria-pressed'), 'true');
    await page.waitForFunction((first) => document.querySelector('article.row')?.getAttribute('data-ref') === first, made[0]);
    assert.deepEqual(await shownRefs(), [...made].sort((a, b) => number(a) - number(b)), 'by number, ascending');
    const created = headings.getByRole('button', { name: /^Created, sort newest first/ });
    await created.click();
    await page.waitForURL((url) => url.hash.endsWith('order=created'));
    await page.waitForFunction((first) => document.querySelector('article.row')?.getAttribute('data-ref') === first, made[3]);
    await page.reload();
    await page.waitForFunction(() => document.querySelectorAll('article.row').length === 4);
    assert.equal(await headings.getByRole('button', { name: /^Created,/ }).getAttribute('aria-pressed'), 'true', 'the order survives a reload');
    assert.equal(await page.getByLabel('Order').inputValue(), 'CREATED', 'the filter form agrees');

    // x on a focused row selects it; the heading's box selects every row shown.
    await page.locator('article.row a.row-title').first().focus();
    await page.keyboard.press('x');
    const bar = page.getByRole('form', { name: '1 selected' });
    await bar.waitFor();
    assert.ok(await page.getByRole('checkbox', { name: `Select ${made[3]}` }).isChecked());
    await page.getByRole('checkbox', { name: 'Select every task shown' }).check();
    const bulk = page.getByRole('form', { name: '4 selected' });
    await bulk.waitFor();

    // One of them goes away before the change: it fails alone, by name.
    const gone = made[1];
    await gql('mutation($r: String!) { deleteTask(ref: $r) { ref } }', { r: gone });
    const { project } = await gql('{ project(key: "INFRA") { statuses { key name category } labels { name } } }');
    const status = project.statuses.find((s) => s.category === 'IN_PROGRESS');
    const label = project.labels[0].name;
    await bulk.getByLabel('Set status').selectOption(status.key);
    await bulk.getByLabel('Set assignee').selectOption('demo');
    await bulk.getByLabel('Change labels').selectOption(`+${label}`);
    await accessible(page, 'list with a bulk edit');
    await bulk.getByRole('button', { name: 'Apply to 4 tasks' }).click();
    await bulk.getByRole('status').filter({ hasText: '3 of 4 updated, 1 failed.' }).waitFor();
    const problems = bulk.getByRole('alert');
    assert.match(await problems.innerText(), new RegExp(`${gone}: no task ${gone}`));
    for (const r of made.filter((m) => m !== gone)) {
      const { task } = await gql('query($r: String!) { task(ref: $r) { status { key } assignee { username } labels { name } revision } }', { r });
      assert.equal(task.status.key, status.key, `${r}: status`);
      assert.equal(task.assignee?.username, 'demo', `${r}: assignee`);
      assert.ok(task.labels.some((l) => l.name === label), `${r}: label`);
      assert.equal(task.revision, 2, `${r}: one write`);
    }
    // The rows show it once read again.
    await page.locator(`article.row[data-ref="${made[0]}"] .status-menu button`, { hasText: status.name }).waitFor();
    await bulk.getByRole('button', { name: 'Clear selection' }).click();
    await bulk.waitFor({ state: 'detached' });
    assert.equal(await page.locator('article.row input[type="checkbox"]:checked').count(), 0);

    // Another filter shows other tasks: the selection made under the last one goes.
    await page.getByRole('checkbox', { name: 'Select every task shown' }).check();
    const three = page.getByRole('form', { name: '3 selected' });
    await three.waitFor();
    await page.getByRole('searchbox', { name: 'Text' }).fill(`${word} 4`);
    await page.waitForFunction(() => document.querySelectorAll('article.row').length === 1);
    await three.waitFor({ state: 'detached' });
    assert.equal(await page.getByRole('form', { name: /selected$/ }).count(), 0, 'no selection left to apply');
    assert.equal(await page.locator('article.row input[type="checkbox"]:checked').count(), 0);
    await page.goto(`${BASE}/#/p/${big.key}`);
    await cards(page).first().waitFor();
  });

  await t.test('cards and rows: initials for people, priority icons in words, due dates relative to today, columns that use the width', async () => {
    const word = randomKey('plum').toLowerCase();
    const day = (offset) => {
      const d = new Date();
      d.setDate(d.getDate() + offset);
      return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    };
    const [soon, late] = [day(3), day(-2)];
    const { viewer } = await gql('{ viewer { username displayName } }');
    await gql(`mutation($a: String!, $b: String!, $soon: NaiveDate!, $late: NaiveDate!) {
      a: createTask(input: { project: "INFRA", title: $a, dueDate: $soon, priority: HIGH, assignee: "me" }) { ref }
      b: createTask(input: { project: "INFRA", title: $b, dueDate: $late, priority: URGENT }) { ref }
    }`, { a: `Styled ${word} soon`, b: `Styled ${word} late`, soon, late });
    await page.goto(`${BASE}/#/p/INFRA?q=${word}`);
    await page.waitForFunction(() => document.querySelectorAll('article.card').length === 2);
    const soonCard = page.locator('article.card', { hasText: 'soon' });
    const lateCard = page.locator('article.card', { hasText: 'late' });

    // Due dates in words, the date itself in the element.
    const soonDue = soonCard.locator('time.due');
    assert.equal(await soonDue.innerText(), 'due in 3 d');
    assert.equal(await soonDue.getAttribute('datetime'), soon);
    assert.match(await soonDue.getAttribute('title'), new RegExp(soon));
    const lateDue = lateCard.locator('time.due');
    assert.equal(await lateDue.innerText(), '2 d overdue');
    assert.equal(await lateDue.getAttribute('datetime'), late);
    assert.match(await lateDue.getAttribute('class'), /late/);

    // Initials, named for assistive technology; priorities as icons with words.
    // A token that may write: the face is the card's assignee button.
    const face = soonCard.getByRole('button', { name: new RegExp(`^Assignee of [A-Z]+-\\d+: ${viewer.displayName} \\(@${viewer.username}\\)$`) });
    const words = viewer.displayName.split(/\s+/).filter(Boolean);
    const expected = (words.length > 1 ? words[0][0] + words.at(-1)[0] : viewer.displayName.slice(0, 2)).toUpperCase();
    assert.equal(await face.locator('.avatar').getAttribute('data-initials'), expected);
    assert.equal(
      await face.locator('.avatar').evaluate((a) => getComputedStyle(a, '::before').content),
      `"${expected}"`,
      'the initials are drawn',
    );
    // A token that may write: the priority icon is the card's priority button, named with its word.
    await soonCard.getByRole('button', { name: /^Priority of [A-Z]+-\d+: high$/ }).waitFor();
    await lateCard.getByRole('button', { name: /^Priority of [A-Z]+-\d+: urgent$/ }).waitFor();
    assert.equal(await soonCard.locator('.priority-menu svg.priority-icon').count(), 1, 'the icon is drawn');
    await lateCard.getByRole('button', { name: /^Assignee of [A-Z]+-\d+: unassigned$/ }).waitFor();
    assert.equal(await page.locator('article.card img').count(), 0, 'no image is loaded for a person');
    await accessible(page, 'cards with faces, icons and dates');
    await page.emulateMedia({ colorScheme: 'dark' });
    await accessible(page, 'cards with faces, icons and dates, dark');
    await page.emulateMedia({ colorScheme: 'light' });

    // The columns share the width of a wide screen, none narrower than 16rem.
    await page.goto(`${BASE}/#/p/INFRA`);
    await cards(page).first().waitFor();
    const fit = await page.locator('.board').evaluate((board) => {
      const columns = [...board.querySelectorAll('.column')].map((c) => c.getBoundingClientRect());
      return {
        used: columns.at(-1).right - columns[0].left,
        width: board.clientWidth,
        narrowest: Math.min(...columns.map((c) => c.width)),
        scrolls: board.scrollWidth > board.clientWidth,
      };
    });
    assert.ok(fit.narrowest >= 16 * 15 - 1, `columns keep 16rem: ${JSON.stringify(fit)}`);
    assert.ok(fit.scrolls || fit.used >= fit.width - 2, `the columns use the width: ${JSON.stringify(fit)}`);

    // A row says the same, with the words beside the icons.
    await page.goto(`${BASE}/#/p/INFRA/list?q=${word}`);
    const row = page.locator('article.row', { hasText: 'soon' });
    await row.waitFor();
    assert.match(await row.locator('.col-priority').innerText(), /high/);
    assert.match(await row.locator('.col-assignee').innerText(), new RegExp(viewer.displayName));
    assert.equal(await row.locator(`time[datetime="${soon}"]`).innerText(), 'due in 3 d');
    await page.goto(`${BASE}/#/p/${big.key}`);
    await cards(page).first().waitFor();
  });

  await t.test("a opens the focused card's assignee menu (Enter commits, arrows do not); the palette acts on the focused task", async () => {
    const { project } = await gql('query($k: String!) { project(key: $k) { statuses { key name } } }', { k: big.key });
    const [first, second] = project.statuses;
    const { viewer } = await gql('{ viewer { username displayName } }');
    const read = (r) => gql('query($r: String!) { task(ref: $r) { revision assignee { username } status { key } } }', { r }).then((d) => d.task);
    await page.goto(`${BASE}/#/p/${big.key}`);
    const column = page.locator(`.column[data-status="${first.key}"]`);
    await column.locator('article.card').nth(2).waitFor();
    const r0 = await column.locator('article.card').first().getAttribute('data-ref');
    const before = await read(r0);
    assert.equal(before.assignee, null, 'nobody is assigned on this board yet');

    await column.locator(`[data-ref="${r0}"] a.card-title`).focus();
    await page.keyboard.press('a');
    const list = page.getByRole('listbox', { name: `Assignee of ${r0}` });
    await list.waitFor();
    for (const key of ['ArrowDown', 'ArrowDown', 'ArrowUp', 'Home']) await page.keyboard.press(key);
    await page.waitForTimeout(300);
    assert.equal((await read(r0)).revision, before.revision, 'browsing the people writes nothing');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await list.waitFor({ state: 'detached' });
    const named = `Assignee of ${r0}: ${viewer.displayName} (@${viewer.username})`;
    await page.getByRole('button', { name: named }).waitFor();
    const after = await read(r0);
    assert.equal(after.assignee?.username, viewer.username, 'Enter committed the person chosen');
    assert.equal(after.revision, before.revision + 1, 'one write for one choice');
    await page.waitForFunction((r) => document.activeElement?.matches(`[data-ref="${r}"] .assignee-menu > button`), r0);

    // The palette, opened on a focused card, offers that card's actions.
    const r1 = await column.locator(`article.card:not([data-ref="${r0}"])`).first().getAttribute('data-ref');
    const palette = await paletteOnCard(page, r1);
    await palette.getByRole('option', { name: new RegExp(`^Action Open ${r1} `) }).waitFor();
    await accessible(page, 'palette with actions on a task');
    await palette.getByRole('combobox').fill(`move ${second.name}`);
    const move = palette.getByRole('option', { name: `Action Move ${r1} to ${second.name}` });
    await move.waitFor();
    await settled(palette);
    while ((await move.getAttribute('aria-selected')) !== 'true') await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await palette.waitFor({ state: 'detached' });
    assert.equal((await read(r1)).status.key, second.key, 'moved by the palette');
    await page.locator(`.column[data-status="${second.key}"] article.card[data-ref="${r1}"]`).waitFor();
    await page.waitForFunction(
      ([r, status]) => document.activeElement?.closest('[data-ref]')?.getAttribute('data-ref') === r && document.activeElement.closest('.column')?.getAttribute('data-status') === status,
      [r1, second.key],
    );

    // On a task page, the page's task: assigned to me from the palette.
    await page.goto(`${BASE}/#/t/${r1}`);
    await page.getByRole('complementary', { name: 'Properties' }).waitFor();
    await page.keyboard.press('Control+k');
    await palette.getByRole('combobox').fill('assign me');
    await palette.getByRole('option', { name: `Action Assign ${r1} to me` }).click();
    await palette.waitFor({ state: 'detached' });
    assert.equal((await read(r1)).assignee?.username, viewer.username);
    await page.waitForFunction(() => document.querySelector('.task-side .side-menu button')?.getAttribute('aria-label')?.startsWith('Status'));
    await page.goto(`${BASE}/#/p/${big.key}`);
    await cards(page).first().waitFor();
  });

  await t.test("p opens the focused card's priority menu: arrows browse, Enter commits once; the palette sets a priority", async () => {
    const read = (r) => gql('query($r: String!) { task(ref: $r) { revision priority } }', { r }).then((d) => d.task);
    await page.goto(`${BASE}/#/p/${big.key}`);
    const column = page.locator(`.column[data-status="${big.statuses[0]}"]`);
    await column.locator('article.card').nth(3).waitFor();
    const r = await column.locator('article.card').nth(2).getAttribute('data-ref');
    const before = await read(r);
    assert.equal(before.priority, 'NONE');
    const priorityEvents = (await eventsOf(r, 'priority')).length;

    // Keyboard only: the card's link, `p`, arrows, Enter.
    await column.locator(`[data-ref="${r}"] a.card-title`).focus();
    await page.keyboard.press('p');
    const list = page.getByRole('listbox', { name: `Priority of ${r}` });
    await list.waitFor();
    assert.equal(await list.getByRole('option', { selected: true }).innerText(), 'No priority', 'the current one is marked');
    for (const key of ['ArrowDown', 'ArrowDown', 'ArrowDown', 'ArrowUp']) await page.keyboard.press(key);
    await page.waitForTimeout(300);
    assert.equal((await read(r)).revision, before.revision, 'browsing the priorities writes nothing');
    await page.keyboard.press('Enter');
    await list.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: `Priority of ${r}: medium` }).waitFor();
    const after = await read(r);
    assert.equal(after.priority, 'MEDIUM', 'Enter committed the priority chosen');
    assert.equal(after.revision, before.revision + 1, 'one write');
    const logged = await eventsOf(r, 'priority');
    assert.equal(logged.length, priorityEvents + 1, 'one priority change in the change log');
    assert.equal(logged.at(-1).newValue, 'medium');
    await page.waitForFunction((ref) => document.activeElement?.matches(`[data-ref="${ref}"] .priority-menu > button`), r);
    // Escape closes it with nothing changed.
    await page.keyboard.press('p');
    await list.waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Escape');
    await list.waitFor({ state: 'detached' });
    assert.equal((await read(r)).revision, after.revision, 'Escape wrote nothing');

    // Listed in the shortcuts.
    await page.keyboard.press('?');
    const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await help.waitFor();
    assert.match(await help.innerText(), /p\s+The focused task's priority menu/);
    assert.match(await help.innerText(), /Alt ↑.*Alt ↓\s+Move the focused card up or down its column/);
    await page.keyboard.press('Escape');
    await help.waitFor({ state: 'detached' });

    // The palette, opened on the focused card, sets it too.
    await column.locator(`[data-ref="${r}"] a.card-title`).focus();
    await page.keyboard.press('Control+k');
    const palette = page.getByRole('dialog', { name: 'Command palette' });
    await palette.getByRole('combobox').fill('priority urgent');
    const urgent = palette.getByRole('option', { name: `Action Set ${r} to priority urgent` });
    await urgent.waitFor();
    await settled(palette);
    while ((await urgent.getAttribute('aria-selected')) !== 'true') await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await palette.waitFor({ state: 'detached' });
    assert.equal((await read(r)).priority, 'URGENT', 'set by the palette');
    await page.getByRole('button', { name: `Priority of ${r}: urgent` }).waitFor();
    await accessible(page, 'board with priority menus');
  });

  await t.test('member menus search the server as one types: a member past the first 100 is found and assigned', async () => {
    const { workspaces } = await gql('{ workspaces(first: 1) { nodes { key } } }');
    const key = randomKey('MM');
    await gql('mutation($input: CreateProjectInput!) { createProject(input: $input) { key } }', {
      input: { workspace: workspaces.nodes[0].key, key, name: `Many members ${key}` },
    });
    // 110 people: every one a "Crowd" member; the 105th, added last but
    // five, is the one to find.
    const tag = randomKey('').toLowerCase();
    const people = Array.from({ length: 110 }, (_, i) => ({
      username: `crowd-${tag}-${String(i).padStart(3, '0')}`,
      displayName: i === 104 ? `Quentin Crowd Quokka ${tag}` : `Crowd Person ${i}`,
    }));
    for (const p of people) cli('user', 'create', '--username', p.username, '--display-name', p.displayName);
    for (let i = 0; i < people.length; i += 20) {
      const adds = people
        .slice(i, i + 20)
        .map((p, j) => `m${j}: addProjectMember(project: ${JSON.stringify(key)}, username: ${JSON.stringify(p.username)}) { role }`);
      await gql(`mutation { ${adds.join(' ')} }`);
    }
    const quokka = people[104];
    const { project } = await gql('query($k: String!) { project(key: $k) { members(first: 100) { totalCount nodes { user { username } } } } }', { k: key });
    assert.equal(project.members.totalCount, 111, 'the creator and 110 more');
    assert.ok(!project.members.nodes.some((m) => m.user.username === quokka.username), 'past the first 100');
    const { createTask } = await gql('mutation($p: String!) { createTask(input: { project: $p, title: "Needs a quokka" }) { ref } }', { p: key });
    const r = createTask.ref;

    await page.goto(`${BASE}/#/p/${key}`);
    const card = page.locator(`article.card[data-ref="${r}"]`);
    await card.waitFor();
    await card.locator('a.card-title').focus();
    await page.keyboard.press('a');
    const search = page.getByRole('combobox', { name: 'Find a member by name' });
    await search.waitFor();
    assert.ok(await search.evaluate((field) => field === document.activeElement), 'the search field has focus');
    const list = page.getByRole('listbox', { name: `Assignee of ${r}` });
    // Nothing typed: the first page, and a hint that more match.
    await list.getByRole('option', { name: 'Nobody' }).waitFor();
    await page.getByRole('status').filter({ hasText: 'More match: keep typing' }).waitFor();
    assert.ok((await list.getByRole('option').count()) <= 21, 'a small page, not every member');
    // A word many hold: still more than a page.
    await page.keyboard.type('crowd');
    await page.getByRole('status').filter({ hasText: 'More match: keep typing' }).waitFor();
    // Any case, every word: the one member.
    await page.keyboard.type(` QUOKKA ${tag.toUpperCase()}`);
    const option = list.getByRole('option', { name: `${quokka.displayName} (@${quokka.username})` });
    await option.waitFor();
    await page.waitForFunction(() => document.querySelectorAll('.pick-search [role="option"]').length === 1);
    assert.equal(await page.getByRole('status').filter({ hasText: 'More match' }).count(), 0, 'no hint once all are shown');
    await accessible(page, 'assignee search');
    await page.keyboard.press('Enter');
    await list.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: `Assignee of ${r}: ${quokka.displayName} (@${quokka.username})` }).waitFor();
    const { task } = await gql('query($r: String!) { task(ref: $r) { assignee { username } } }', { r });
    assert.equal(task.assignee?.username, quokka.username, 'assigned');

    // The filter's assignee searches too (the form behind "Filters" on a phone).
    await page.getByRole('button', { name: /^Assignee: anyone/ }).click();
    await page.keyboard.type(`quokka ${tag}`);
    await page.getByRole('option', { name: `${quokka.displayName} (@${quokka.username})` }).click();
    await page.waitForURL((url) => url.hash.includes(`assignee=${quokka.username}`));
    await page.getByRole('button', { name: `Assignee: ${quokka.displayName} (@${quokka.username})` }).waitFor();
    await card.waitFor();

    // The task page's coworker menu: found the same way, then added.
    await page.goto(`${BASE}/#/t/${r}`);
    const side = page.getByRole('complementary', { name: 'Properties' });
    await side.getByRole('button', { name: /^Add a coworker/ }).click();
    await page.keyboard.type('crowd person 107');
    await page.getByRole('option', { name: 'Crowd Person 107' }).click();
    await side.getByRole('button', { name: 'Add', exact: true }).click();
    await side.getByText('Coworkers saved').waitFor();
    const { task: coworked } = await gql('query($r: String!) { task(ref: $r) { coworkers { username } } }', { r });
    assert.deepEqual(coworked.coworkers.map((c) => c.username), [people[107].username]);
    await page.goto(`${BASE}/#/p/${big.key}`);
    await cards(page).first().waitFor();
  });

  let ref;
  await t.test('the task page edits fields, shows API errors beside the field, and comments in Markdown', async () => {
    ref = await page.locator('article.card').first().getAttribute('data-ref');
    await page.goto(`${BASE}/#/t/${ref}`);
    await page.getByRole('button', { name: 'Edit title' }).click();
    await page.getByLabel('Title').fill('   ');
    await page.getByRole('button', { name: 'Save title' }).click();
    const error = page.locator('#error-title');
    await error.waitFor();
    assert.match(await error.innerText(), /title/);
    assert.equal(await page.getByLabel('Title').getAttribute('aria-invalid'), 'true');
    await page.getByLabel('Title').fill('Renamed from the board');
    await page.getByRole('button', { name: 'Save title' }).click();
    await page.getByRole('heading', { name: /Renamed from the board/ }).waitFor();

    await sidePick(page.getByRole('complementary', { name: 'Properties' }), 'Priority', 'high');
    await page.getByText('Priority saved').waitFor();

    await page.getByLabel('New comment (Markdown)').fill('Looks **good** <script>alert(1)</script>');
    await page.getByRole('button', { name: 'Preview' }).click();
    await page.locator('.preview strong', { hasText: 'good' }).waitFor();
    await page.getByRole('button', { name: 'Write' }).click();
    await page.getByRole('button', { name: 'Comment', exact: true }).click();
    // The comment shows whole, rendered, in the timeline: no click to open it.
    await page.getByRole('heading', { name: 'Timeline (1 comment)' }).waitFor();
    await page.locator('.timeline .comment-body strong', { hasText: 'good' }).waitFor();
    assert.equal(await page.locator('.comment-body script').count(), 0, 'no script reaches the page');
    const { task } = await gql('query($ref: String!) { task(ref: $ref) { title priority } }', { ref });
    assert.deepEqual(task, { title: 'Renamed from the board', priority: 'HIGH' });
    await accessible(page, 'task page');
  });

  await t.test('the task page: properties beside the text (under it on a phone), one timeline in words', async () => {
    const { project } = await gql('query($k: String!) { project(key: $k) { statuses { key name } } }', { k: big.key });
    const [, second] = project.statuses;
    const { createTask: child } = await gql(
      'mutation($p: String!, $parent: String!) { createTask(input: { project: $p, title: "A child task", parent: $parent }) { ref } }',
      { p: big.key, parent: ref },
    );
    await page.goto(`${BASE}/#/t/${child.ref}`);
    const side = page.getByRole('complementary', { name: 'Properties' });
    await side.waitFor();
    for (const name of ['Status', 'Assignee', 'Priority', 'Kind', 'Due']) await side.getByLabel(name).first().waitFor();
    for (const name of ['Labels', 'Coworkers']) await side.getByRole('group', { name }).waitFor();
    await side.getByRole('link', { name: new RegExp(`^${ref} `) }).waitFor();
    assert.match(await side.innerText(), /Created by\s+.*\(@demo\)/);
    const main = await page.locator('.task-main').boundingBox();
    const box = await side.boundingBox();
    assert.ok(box.x >= main.x + main.width, 'the sidebar is beside the main column on a wide screen');

    // A status change, in words with the statuses' names.
    await sidePick(side, 'Status', second.name);
    await side.getByText('Status saved').waitFor();
    await sidePick(side, 'Kind', 'bug');
    await side.getByText('Kind saved').waitFor();
    await page.getByLabel('New comment (Markdown)').fill('Second **thoughts**');
    await page.getByRole('button', { name: 'Comment', exact: true }).click();
    const timeline = page.locator('ol.timeline');
    await timeline.locator('.comment-body strong', { hasText: 'thoughts' }).waitFor();
    const entries = await timeline.locator(':scope > li').allInnerTexts();
    const created = entries.findIndex((e) => /created the task/.test(e));
    const moved = entries.findIndex((e) => e.includes(`changed status from ${project.statuses[0].name} to ${second.name}`));
    const kind = entries.findIndex((e) => /changed kind from task to bug/i.test(e));
    const comment = entries.findIndex((e) => /Second thoughts/.test(e));
    assert.ok(created === 0 && moved > created && kind > moved && comment > kind, `one timeline in time order: ${JSON.stringify(entries)}`);
    assert.ok(!entries.join(' ').includes(`from ${project.statuses[0].key} `) || project.statuses[0].key === project.statuses[0].name, 'no raw status key');
    await accessible(page, 'task page with sidebar');

    await page.setViewportSize({ width: 390, height: 844 });
    const phoneMain = await page.locator('.task-main').boundingBox();
    const phoneSide = await side.boundingBox();
    const phoneTimeline = await page.locator('.task-timeline').boundingBox();
    assert.ok(phoneSide.y >= phoneMain.y + phoneMain.height - 1, 'stacked under the text on a phone');
    assert.ok(phoneTimeline.y >= phoneSide.y + phoneSide.height - 1, 'the timeline after the properties');
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth) <= 390, 'fits a phone');
    await page.setViewportSize({ width: 1500, height: 1000 });
  });

  await t.test('the sidebar by keyboard: arrows browse status and coworkers without a write, Enter saves once; Enter then blur on Due saves once', async () => {
    await page.goto(`${BASE}/#/t/${ref}`);
    const side = page.getByRole('complementary', { name: 'Properties' });
    const readTask = async () =>
      (await gql('query($r: String!) { task(ref: $r) { revision status { key name } coworkers { username } dueDate } }', { r: ref })).task;
    const before = await readTask();
    const { project } = await gql('query($k: String!) { project(key: $k) { statuses { key name } } }', { k: ref.split('-')[0] });
    const at = project.statuses.findIndex((s) => s.key === before.status.key);
    assert.ok(at + 2 < project.statuses.length, 'two statuses below the current one');
    const status = side.getByRole('button', { name: /^Status: / });
    await status.focus();
    await page.keyboard.press('ArrowDown');
    const list = side.getByRole('listbox', { name: 'Status' });
    await list.waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.waitForTimeout(400);
    assert.equal((await readTask()).revision, before.revision, 'arrows in the status menu write nothing');
    await page.keyboard.press('Enter');
    await side.getByText('Status saved').waitFor();
    await page.waitForTimeout(300);
    const after = await readTask();
    assert.equal(after.revision, before.revision + 1, 'Enter writes once');
    assert.equal(after.status.key, project.statuses[at + 2].key);

    // A space while typing an option's first letters is typed, not a commit.
    await side.getByRole('button', { name: /^Priority: / }).focus();
    await page.keyboard.press('ArrowDown');
    const priorities = side.getByRole('listbox', { name: 'Priority' });
    await priorities.waitFor();
    await page.keyboard.type('h ');
    await page.waitForTimeout(300);
    assert.equal(await priorities.count(), 1, 'the menu is still open after a typed space');
    assert.equal((await readTask()).revision, after.revision, 'nothing written by a typed space');
    await page.keyboard.press('Escape');
    await priorities.waitFor({ state: 'detached' });

    const add = side.getByRole('button', { name: /^Add a coworker: / });
    await add.focus();
    await page.keyboard.press('ArrowDown');
    await side.getByRole('listbox', { name: 'Add a coworker' }).waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.waitForTimeout(400);
    const picked = await readTask();
    assert.equal(picked.revision, after.revision, 'picking a coworker writes nothing before Add');
    assert.deepEqual(picked.coworkers, []);
    await side.getByRole('button', { name: 'Add', exact: true }).click();
    await side.getByText('Coworkers saved').waitFor();
    const added = await readTask();
    assert.equal(added.revision, after.revision + 1);
    assert.equal(added.coworkers.length, 1);

    // The due date: Enter saves, leaving the field then writes nothing more.
    const due = side.getByLabel('Due');
    await due.fill('2031-07-08');
    await due.press('Enter');
    await side.getByText('Due date saved').waitFor();
    await due.blur();
    await page.waitForTimeout(400);
    const dated = await readTask();
    assert.equal(dated.dueDate, '2031-07-08');
    assert.equal(dated.revision, added.revision + 1, 'Enter then blur writes the due date once');
  });

  await t.test('a title edited while another writes it meanwhile is refused as a conflict, not written over', async () => {
    await page.goto(`${BASE}/#/t/${ref}`);
    await page.getByRole('button', { name: 'Edit title' }).click();
    await page.getByLabel('Title').fill('Mine, from the board');
    await gql('mutation($r: String!) { updateTask(ref: $r, input: { title: "Theirs, meanwhile" }) { ref } }', { r: ref });
    // The live re-read arrives (and moves the task's revision on) while the field is open.
    await page.waitForTimeout(LIVE_WITHIN + 500);
    await page.getByRole('button', { name: 'Save title' }).click();
    await page.locator('.field-error', { hasText: /revision/ }).waitFor();
    const { task } = await gql('query($r: String!) { task(ref: $r) { title } }', { r: ref });
    assert.equal(task.title, 'Theirs, meanwhile', 'the other write stays');
    assert.equal(await page.getByLabel('Title').inputValue(), 'Mine, from the board', 'what was typed stays in the field');
    await page.getByRole('button', { name: 'Cancel', exact: true }).click();
    await page.getByRole('heading', { name: /Theirs, meanwhile/ }).waitFor();
  });

  await t.test('an image from another origin in Markdown becomes a link (the CSP would block it); Ctrl+K on an open palette keeps it; a ? in a filter stays', async () => {
    await page.goto(`${BASE}/#/t/${ref}`);
    await page.getByLabel('New comment (Markdown)').fill('See ![the logo](https://example.com/logo.png) here');
    await page.getByRole('button', { name: 'Preview' }).click();
    const preview = page.locator('.preview');
    await preview.getByRole('link', { name: 'the logo' }).waitFor();
    assert.equal(await preview.locator('img').count(), 0, 'no image from another origin');
    assert.equal(await preview.getByRole('link', { name: 'the logo' }).getAttribute('href'), 'https://example.com/logo.png');
    await page.getByRole('button', { name: 'Write' }).click();
    await page.getByLabel('New comment (Markdown)').fill('');

    // Ctrl+K with the palette open: the same palette, still about the focused card.
    await page.goto(`${BASE}/#/p/${big.key}`);
    const r = await cards(page).first().getAttribute('data-ref');
    const palette = await paletteOnCard(page, r);
    await palette.getByRole('option', { name: new RegExp(`^Action Open ${r} `) }).waitFor();
    await page.keyboard.press('Control+k');
    await page.waitForTimeout(300);
    assert.equal(await palette.getByRole('option', { name: new RegExp(`^Action Open ${r} `) }).count(), 1, 'still acting on the card');
    await page.keyboard.press('Escape');
    await palette.waitFor({ state: 'detached' });

    // A filter's text may hold a question mark.
    await page.goto(`${BASE}/#/p/${big.key}?q=why?`);
    await page.waitForFunction(() => document.querySelector('input[type="search"]')?.value === 'why?');
    await page.goto(`${BASE}/#/p/${big.key}`);
    await cards(page).first().waitFor();
  });

  await t.test('the task page lists its sub-tasks with their progress, and adds one by title', async () => {
    await page.goto(`${BASE}/#/t/${ref}`);
    const subtasks = page.getByRole('region', { name: 'Sub-tasks' });
    await subtasks.getByRole('link', { name: /A child task/ }).waitFor();
    await subtasks.getByText('0 of 1 done').waitFor();
    const progress = subtasks.getByRole('progressbar', { name: '0 of 1 done' });
    assert.equal(await progress.getAttribute('max'), '1');

    // Typed, then Enter: made under this task, in its project.
    const field = subtasks.getByLabel('Add a sub-task');
    await field.fill('A second child');
    await field.press('Enter');
    await subtasks.getByRole('link', { name: /A second child/ }).waitFor();
    await subtasks.getByText('0 of 2 done').waitFor();
    assert.equal(await field.inputValue(), '', 'the field is ready for the next one');
    const { tasks } = await gql('query($p: String!) { tasks(filter: { parent: $p }, order: REF) { nodes { ref title project { key } } } }', { p: ref });
    const made = tasks.nodes.find((t) => t.title === 'A second child');
    assert.ok(made, `the API holds the new sub-task: ${JSON.stringify(tasks.nodes)}`);
    assert.equal(made.project.key, ref.split('-')[0]);

    // Done elsewhere (an agent, another tab): the progress follows live.
    const { project } = await gql('query($k: String!) { project(key: $k) { statuses { key category } } }', { k: ref.split('-')[0] });
    const done = project.statuses.find((s) => s.category === 'DONE');
    await gql('mutation($r: String!, $s: String!) { updateTask(ref: $r, input: { status: $s }) { ref } }', { r: made.ref, s: done.key });
    await subtasks.getByText('1 of 2 done').waitFor();
    await accessible(page, 'task page with sub-tasks');
  });

  await t.test('a task is created from the board, with a Markdown description, and deleted to a tombstone', async () => {
    const { project } = await gql('query($key: String!) { project(key: $key) { labels { name } } }', { key: big.key });
    await page.goto(`${BASE}/#/p/${big.key}`);
    await page.getByRole('button', { name: 'New task' }).click();
    const form = page.getByRole('form', { name: 'New task' });
    await form.getByLabel('Title').fill('Made in the browser');
    await form.getByLabel('Priority').selectOption('URGENT');
    await form.getByLabel('Due').fill('2031-05-04');
    if (project.labels.length > 0) await form.getByLabel('Labels').selectOption(project.labels[0].name);
    await form.getByLabel('Description (Markdown)').fill('Steps:\n\n1. **open** it\n2. close it');
    await form.getByRole('button', { name: 'Create' }).click();
    await page.getByRole('heading', { name: /Made in the browser/ }).waitFor();
    await page.locator('.prose ol li strong', { hasText: 'open' }).waitFor();
    const made = new URL(page.url()).hash.replace('#/t/', '');
    const { task } = await gql('query($ref: String!) { task(ref: $ref) { priority dueDate labels { name } } }', { ref: made });
    assert.deepEqual(
      { priority: task.priority, dueDate: task.dueDate, labels: task.labels.length },
      { priority: 'URGENT', dueDate: '2031-05-04', labels: project.labels.length > 0 ? 1 : 0 },
    );

    // Delete is behind "More", and asks first.
    assert.equal(await page.getByRole('button', { name: 'Delete task' }).count(), 0, 'no delete button beside the fields');
    const more = page.getByRole('button', { name: 'More' });
    await more.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('menuitem', { name: 'Delete task…' }).waitFor();
    assert.ok(await page.getByRole('menuitem', { name: 'Delete task…' }).evaluate((item) => item === document.activeElement));
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('dialog', { name: `Delete ${made}?` });
    await confirm.waitFor();
    assert.equal(await confirm.getAttribute('aria-modal'), 'true');
    await accessible(page, 'delete confirmation');
    await page.keyboard.press('Escape');
    await confirm.waitFor({ state: 'detached' });
    assert.equal((await gql('query($ref: String!) { task(ref: $ref) { deleted } }', { ref: made })).task.deleted, false, 'Escape deletes nothing');
    await more.click();
    await page.getByRole('menuitem', { name: 'Delete task…' }).click();
    await confirm.getByRole('button', { name: 'Delete task' }).click();
    await page.waitForURL((url) => url.hash === `#/p/${big.key}`);
    await page.goto(`${BASE}/#/t/${made}`);
    await page.getByText('This task was deleted').waitFor().catch(async (err) => {
      console.log(`task page of ${made}: ${await page.locator('main').innerText()}`);
      throw err;
    });
    const { task: gone } = await gql('query($ref: String!) { task(ref: $ref) { deleted } }', { ref: made });
    assert.equal(gone.deleted, true);
  });

  await t.test('my tasks lists what is assigned to me across projects', async () => {
    const { tasks } = await gql('{ tasks(filter: { assignee: "me", done: false }) { totalCount } }');
    await page.goto(`${BASE}/#/my`);
    await page.getByRole('heading', { name: 'My tasks' }).waitFor();
    const expected = tasks.totalCount === 0 ? 'No task matches.' : `${tasks.totalCount} task${tasks.totalCount === 1 ? '' : 's'}`;
    await page.getByText(expected, { exact: true }).waitFor();
    await accessible(page, 'my tasks');
  });

  await t.test('an unknown task or project is a page that says so, and the app goes on from it', async () => {
    for (const [address, words] of [
      ['#/t/NOPE-1', 'no task NOPE-1'],
      ['#/p/NOPE', 'no project with key NOPE'],
    ]) {
      await page.goto(`${BASE}/${address}`);
      await page.getByRole('heading', { name: 'Not found' }).waitFor();
      await page.getByRole('alert').filter({ hasText: words }).waitFor();
      await accessible(page, `not found ${address}`);
      await page.getByRole('link', { name: 'See your projects' }).click();
      await page.getByRole('heading', { name: 'Projects' }).waitFor();
      await page.goBack();
      await page.getByRole('heading', { name: 'Not found' }).waitFor();
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My tasks' }).click();
      await page.getByRole('heading', { name: 'My tasks' }).waitFor();
    }
  });

  await t.test("an agent's write through `tasklens mcp` appears live, and a dropped socket resumes", async () => {
    await page.goto(`${BASE}/#/p/${big.key}/list`);
    const live = page.locator('.live');
    await page.locator('.live-live').waitFor();
    await page.locator('article.row').first().waitFor();
    await accessible(page, 'list');
    const agent = await mcpClient(TOKEN);
    t.after(() => agent.close().catch(() => {}));
    const rename = async (title) => {
      const result = await agent.callTool({ name: 'update_task', arguments: { ref, title } });
      assert.ok(!result.isError, `update_task: ${JSON.stringify(result.content)}`);
    };

    // From before the call: the time measured holds the write itself.
    const started = Date.now();
    await rename('Renamed by an agent');
    await page.locator(`article.row[data-ref="${ref}"]`, { hasText: 'Renamed by an agent' }).waitFor({ timeout: 10_000 });
    const took = Date.now() - started;
    console.log(`live: an MCP write reached the list in ${took} ms (at most ${LIVE_WITHIN})`);
    assert.ok(took <= LIVE_WITHIN, `the write showed after ${took} ms`);
    await page.waitForFunction(() => Number(document.querySelector('.live')?.getAttribute('data-events')) >= 1);
    const before = Number(await live.getAttribute('data-events'));

    // Drop the socket, write while it is down, then let it reconnect.
    let release;
    sockets.hold = new Promise((resolve) => {
      release = resolve;
    });
    sockets.drop();
    await page.locator('.live-reconnecting').waitFor();
    await rename('Written while the board was offline');
    sockets.hold = null;
    release();
    await page.locator(`article.row[data-ref="${ref}"]`, { hasText: 'Written while the board was offline' }).waitFor();
    await page.locator('.live-live').waitFor();
    await page.waitForTimeout(1_000);
    assert.equal(Number(await live.getAttribute('data-events')), before + 1, 'the missed change once, nothing doubled');
  });

  await t.test('live without re-reading: an MCP write shows on an open board within 100 ms of its reply, in place', async () => {
    await page.goto(`${BASE}/#/p/${big.key}`);
    const column = page.locator(`.column[data-status="${big.statuses[0]}"]`);
    await column.locator('article.card').nth(5).waitFor();
    await page.locator('.live-live').waitFor();
    const target = await column.locator('article.card').nth(3).getAttribute('data-ref');
    const agent = await mcpHttpClient(TOKEN);
    t.after(() => agent.close().catch(() => {}));
    // What the page reads from now on: a change must read no column again.
    const reads = [];
    const onRequest = (request) => {
      if (request.url().endsWith('/graphql') && request.method() === 'POST') {
        const name = /(?:query|mutation)\s+(\w+)/.exec(request.postDataJSON()?.query ?? '')?.[1];
        reads.push(name);
      }
    };
    page.on('request', onRequest);
    const samples = [];
    for (let i = 0; i < 5; i += 1) {
      const title = `Live in place ${i} ${randomKey('')}`;
      // The page notes the first frame drawn after the card shows the new
      // title (both clocks are this machine's).
      await page.evaluate(
        ([ref, title]) => {
          window.__shownAt = new Promise((resolve) => {
            const card = () => document.querySelector(`article.card[data-ref="${ref}"]`);
            const observer = new MutationObserver(() => {
              if (!card()?.textContent.includes(title)) return;
              observer.disconnect();
              requestAnimationFrame(() => resolve(Date.now()));
            });
            observer.observe(document.querySelector('main'), { subtree: true, childList: true, characterData: true });
            setTimeout(() => resolve(Infinity), 10_000);
          });
        },
        [target, title],
      );
      const result = await agent.callTool({ name: 'update_task', arguments: { ref: target, title } });
      const replied = Date.now();
      assert.ok(!result.isError, `update_task: ${JSON.stringify(result.content)}`);
      const shown = await page.evaluate(() => window.__shownAt);
      samples.push(shown - replied);
    }
    page.off('request', onRequest);
    const sorted = [...samples].sort((a, b) => a - b);
    console.log(`live: an MCP write (streamable HTTP) showed on the open board ${samples.join(', ')} ms after its reply (median ${sorted[2]} ms, worst ${sorted[4]} ms; at most ${LIVE_CARD_WITHIN})`);
    // The median of five against the budget (a busy machine may stall one
    // frame); none may take the time a column's read again would.
    assert.ok(sorted[2] <= LIVE_CARD_WITHIN, `writes showed ${samples.join(', ')} ms after their replies`);
    assert.ok(sorted[4] <= 2.5 * LIVE_CARD_WITHIN, `the slowest write showed ${sorted[4]} ms after its reply`);
    assert.deepEqual(reads, samples.map(() => 'LiveTask'), 'one small read of the changed task per write, no column');
    // In place: its column, its place in the board's order.
    assert.equal(await column.locator('article.card').nth(3).getAttribute('data-ref'), target, 'the card kept its place');

    // A task made by the agent goes on top of its column; one deleted leaves it; the counts follow.
    const heading = column.locator('h2 .count');
    const count = Number(await heading.innerText());
    reads.length = 0;
    page.on('request', onRequest);
    const made = await agent.callTool({ name: 'create_task', arguments: { project: big.key, title: 'Made by the agent, live', status: big.statuses[0] } });
    assert.ok(!made.isError, `create_task: ${JSON.stringify(made.content)}`);
    const first = column.locator('article.card').first();
    await page.waitForFunction((status) => document.querySelector(`.column[data-status="${status}"] article.card`)?.textContent.includes('Made by the agent, live'), big.statuses[0]);
    await page.waitForFunction(([status, n]) => document.querySelector(`.column[data-status="${status}"] h2 .count`)?.textContent === String(n), [big.statuses[0], count + 1]);
    const madeRef = await first.getAttribute('data-ref');
    await gql('mutation($r: String!) { deleteTask(ref: $r) { ref } }', { r: madeRef });
    await column.locator(`article.card[data-ref="${madeRef}"]`).waitFor({ state: 'detached' });
    await page.waitForFunction(([status, n]) => document.querySelector(`.column[data-status="${status}"] h2 .count`)?.textContent === String(n), [big.statuses[0], count]);
    page.off('request', onRequest);
    assert.ok(reads.every((name) => name === 'LiveTask'), `no column was read again, nor its count: ${reads.join(', ')}`);
  });

  await t.test('after a burst of writes made elsewhere, every column shows what a fresh read shows, in order and count', async () => {
    const { workspaces } = await gql('{ workspaces(first: 1) { nodes { key } } }');
    const key = randomKey('LB');
    await gql('mutation($input: CreateProjectInput!) { createProject(input: $input) { key } }', {
      input: { workspace: workspaces.nodes[0].key, key, name: `Live burst ${key}` },
    });
    const { project } = await gql('query($k: String!) { project(key: $k) { statuses { key } } }', { k: key });
    const statuses = project.statuses.slice(0, 3).map((s) => s.key);
    // 60-odd tasks a column: more than its first page, so that cards move
    // past the pages read and counts cover tasks not shown.
    let refs = [];
    for (let batch = 0; batch < 19; batch += 1) {
      const fields = Array.from({ length: 10 }, (_, i) => {
        const n = batch * 10 + i;
        const due = n % 4 ? `"2027-0${1 + (n % 9)}-1${n % 10}"` : 'null';
        return `t${i}: createTask(input: { project: "${key}", title: "Burst ${n} ${n % 3 ? 'apple' : 'pear'}", status: "${statuses[n % 3]}", dueDate: ${due} }) { ref }`;
      });
      const made = await gql(`mutation { ${fields.join(' ')} }`);
      refs.push(...Object.values(made).map((t) => t.ref));
    }
    // The same writes every run (a seeded generator): a failure can be replayed.
    let seed = 20261204;
    const next = (n) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    const pick = () => refs[next(refs.length)];
    const write = async (i) => {
      const r = pick();
      const other = pick();
      switch (next(8)) {
        case 0: return gql('mutation($r: String!, $s: String!) { updateTask(ref: $r, input: { status: $s }) { ref } }', { r, s: statuses[next(3)] });
        case 1: return gql('mutation($r: String!, $t: String!) { updateTask(ref: $r, input: { title: $t }) { ref } }', { r, t: `Renamed ${i} ${next(2) ? 'apple' : 'kiwi'}` });
        case 2: return other === r || gql('mutation($r: String!, $a: String!) { updateTask(ref: $r, input: { place: { after: $a } }) { ref } }', { r, a: other });
        case 3: {
          const { createTask } = await gql('mutation($p: String!, $t: String!, $s: String!) { createTask(input: { project: $p, title: $t, status: $s }) { ref } }', { p: key, t: `Made ${i} apple`, s: statuses[next(3)] });
          refs.push(createTask.ref);
          return null;
        }
        case 4:
          refs = refs.filter((x) => x !== r);
          return gql('mutation($r: String!) { deleteTask(ref: $r) { ref } }', { r });
        case 5: return gql('mutation($r: String!, $a: String) { updateTask(ref: $r, input: { assignee: $a }) { ref } }', { r, a: next(2) ? 'me' : null });
        case 6: return gql('mutation($r: String!, $d: NaiveDate) { updateTask(ref: $r, input: { dueDate: $d }) { ref } }', { r, d: next(3) ? `2027-0${1 + next(9)}-1${next(10)}` : null });
        default: return other === r || gql('mutation($r: String!, $b: String!, $s: String!) { updateTask(ref: $r, input: { place: { before: $b }, status: $s }) { ref } }', { r, b: other, s: statuses[next(3)] });
      }
    };
    const views = [
      { order: 'BOARD', query: '', filter: {} },
      { order: 'UPDATED', query: '?order=updated', filter: {} },
      { order: 'REF', query: '?order=ref&q=apple', filter: { text: 'apple' } },
    ];
    for (const view of views) {
      await page.goto(`${BASE}/#/p/${key}${view.query}`);
      await page.locator('.live-live').waitFor();
      await page.locator(`.column[data-status="${statuses[0]}"] article.card`).first().waitFor();
      const reads = [];
      const onRequest = (request) => {
        if (request.url().endsWith('/graphql') && request.method() === 'POST')
          reads.push(/(?:query|mutation)\s+(\w+)/.exec(request.postDataJSON()?.query ?? '')?.[1]);
      };
      page.on('request', onRequest);
      for (let i = 0; i < 40; i += 1) {
        // A placement against a task deleted meanwhile is refused: nothing changes.
        await write(i).catch(() => null);
        await new Promise((resolve) => setTimeout(resolve, next(50)));
      }
      const expected = async () => {
        const columns = [];
        for (const status of statuses) {
          const { tasks } = await gql('query($f: TaskFilter!, $o: TaskOrder!) { tasks(filter: $f, order: $o, first: 200) { totalCount nodes { ref } } }', {
            f: { project: key, status, ...view.filter },
            o: view.order,
          });
          columns.push({ count: tasks.totalCount, refs: tasks.nodes.map((n) => n.ref) });
        }
        return columns;
      };
      const want = await expected();
      const shown = () =>
        page.evaluate((list) => list.map((status) => {
          const column = document.querySelector(`.column[data-status="${status}"]`);
          return { count: Number(column.querySelector('h2 .count').textContent), refs: [...column.querySelectorAll('article.card')].map((c) => c.dataset.ref) };
        }), statuses);
      // Shown: the first cards of a fresh read (as many as the column holds) and its count.
      const agrees = (got) => got.every((c, i) => c.count === want[i].count && JSON.stringify(c.refs) === JSON.stringify(want[i].refs.slice(0, c.refs.length)) && c.refs.length >= Math.min(want[i].refs.length, 40));
      let got = await shown();
      for (let wait = 0; wait < 50 && !agrees(got); wait += 1) {
        await page.waitForTimeout(100);
        got = await shown();
      }
      page.off('request', onRequest);
      assert.ok(agrees(got), `${view.order}${view.query}: ${JSON.stringify({ got, want })}`);
      const whole = reads.filter((name) => name === 'TaskPage').length;
      const counts = reads.filter((name) => name === 'TaskCount').length;
      console.log(`live burst, ${view.order}${view.query}: 40 writes, ${reads.filter((n) => n === 'LiveTask').length} task reads, ${whole} column reads, ${counts} count reads`);
    }
  });

  await t.test('agents at work are listed, and the task page says an agent holds the task', async () => {
    const { registerAgent } = await gql(
      'mutation($task: String) { registerAgent(name: "board-test-agent", task: $task, status: "running tests") { id } }',
      { task: ref },
    );
    t.after(() => gql('mutation($id: ID) { endAgent(id: $id) { id } }', { id: registerAgent.id }).catch(() => {}));
    await gql('mutation($ref: String!, $id: ID) { claimTask(ref: $ref, session: $id, ttlSeconds: 600) { ref } }', {
      ref,
      id: registerAgent.id,
    });
    await page.goto(`${BASE}/#/agents`);
    await page.getByRole('cell', { name: 'board-test-agent' }).first().waitFor();
    await page.getByRole('region', { name: 'Live claims' }).getByRole('link', { name: new RegExp(`^${ref} `) }).waitFor();
    await accessible(page, 'agents');
    await page.goto(`${BASE}/#/t/${ref}`);
    await page.locator('.agent-holds', { hasText: 'board-test-agent' }).waitFor();
    await page.locator('.claim', { hasText: 'running tests' }).waitFor();
    await page.goto(`${BASE}/#/p/${ref.split('-')[0]}`);
    await page.locator(`article.card[data-ref="${ref}"] .claim`, { hasText: 'held by @' }).waitFor();
    await page.goto(`${BASE}/#/activity`);
    await page.locator('.event-list li').first().waitFor();
    // By day, in words: this run's changes are today's, statuses by name.
    await page.getByRole('heading', { name: 'Today', level: 2 }).waitFor();
    await accessible(page, 'activity');
    const { project } = await gql('query($k: String!) { project(key: $k) { statuses { key name } } }', { k: big.key });
    const [todo, next] = project.statuses;
    await page.getByLabel('Project key').fill(big.key);
    await page.locator('.event-list li', { hasText: `changed status from ${todo.name} to ${next.name}` }).first().waitFor();
    if (todo.key !== todo.name)
      assert.equal(await page.locator('.event-list li', { hasText: `from ${todo.key} ` }).count(), 0, 'no raw status key');
  });

  await t.test('the wiki: tree, search, a rendered page, and an edit through a conflict', async () => {
    const { wikiTree } = await gql('{ wikiTree(first: 50) { nodes { path title workspace { key } } } }');
    const node = wikiTree.nodes.find((n) => n.path.includes('/')) ?? wikiTree.nodes[0];
    assert.ok(node, 'the demo board has wiki pages');
    await page.goto(`${BASE}/#/wiki`);
    // A heading per workspace, each page under its own.
    const { workspaces } = await gql('{ workspaces(first: 50) { nodes { key name } } }');
    const withPages = workspaces.nodes.filter((w) => wikiTree.nodes.some((n) => n.workspace.key === w.key));
    for (const w of withPages) await page.getByRole('heading', { name: w.name, level: 3 }).waitFor();
    const home = withPages.find((w) => w.key === node.workspace.key);
    await page.getByRole('list', { name: `Pages of ${home.name}` }).getByRole('link', { name: node.title }).first().waitFor();
    await accessible(page, 'wiki tree');
    await page.locator('.tree a', { hasText: node.title }).first().click();
    await page.getByRole('heading', { name: node.title, level: 1 }).waitFor();
    await accessible(page, 'wiki page');

    const word = node.title.split(/\s+/).find((w) => w.length > 3) ?? node.title;
    await page.getByLabel('Search the wiki').fill(word);
    await page.getByRole('list', { name: 'Search results' }).getByRole('link').first().waitFor();

    const read = () =>
      gql('query($w: String!, $p: String!) { wikiPage(workspace: $w, path: $p) { baseRevision content(maxChars: 20000) { text } } }', {
        w: node.workspace.key,
        p: node.path,
      });
    const before = await read();
    await page.getByRole('button', { name: 'Edit page' }).click();
    await page.getByLabel('Page (Markdown)').fill('# Mine\n\nWritten in the browser.\n');
    // Someone else saves first.
    await gql('mutation($w: String!, $p: String!, $b: String!) { putWikiPage(workspace: $w, path: $p, baseRevision: $b, content: "# Theirs\\n") { revision } }', {
      w: node.workspace.key,
      p: node.path,
      b: before.wikiPage.baseRevision,
    });
    await page.getByRole('button', { name: 'Save page' }).click();
    const conflict = page.getByRole('region', { name: 'Conflict' });
    await conflict.waitFor();
    assert.match(await conflict.innerText(), /# Theirs/);
    assert.match(await conflict.innerText(), /Written in the browser/);
    await page.getByRole('button', { name: 'Keep mine' }).click();
    await page.locator('.wiki-body h1', { hasText: 'Mine' }).waitFor();
    assert.match((await read()).wikiPage.content.text, /Written in the browser/);
  });

  await t.test('a dark preference gets a dark board that keeps its contrast', async () => {
    await page.emulateMedia({ colorScheme: 'dark' });
    const luminance = () => backgroundLuminance(page);
    for (const [address, heading] of [
      ['#/', 'Projects'],
      [`#/p/${big.key}`, null],
      [`#/t/${ref}`, null],
    ]) {
      await page.goto(`${BASE}/${address}`);
      if (heading) await page.getByRole('heading', { name: heading }).waitFor();
      else await page.locator('main h1').first().waitFor();
      assert.ok((await luminance()) < 0.15, `${address}: a dark background`);
      const scheme = await page.evaluate(() => getComputedStyle(document.documentElement).colorScheme);
      assert.match(scheme, /dark/, `${address}: dark form controls`);
      await accessible(page, `dark ${address}`);
    }
    await page.emulateMedia({ colorScheme: 'light' });
  });

  await t.test('the theme toggle: chosen in the header, remembered, over the system preference either way', async () => {
    const scheme = () => page.evaluate(() => getComputedStyle(document.documentElement).colorScheme);
    const theme = page.getByRole('combobox', { name: 'Theme' });
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto(`${BASE}/#/p/${big.key}`);
    await cards(page).first().waitFor();
    await theme.selectOption('dark');
    assert.ok((await backgroundLuminance(page)) < 0.15, 'dark on a light system');
    assert.equal(await scheme(), 'dark');
    await accessible(page, 'board, dark chosen');
    await page.reload();
    await cards(page).first().waitFor();
    assert.equal(await theme.inputValue(), 'dark', 'remembered');
    assert.ok((await backgroundLuminance(page)) < 0.15, 'still dark after a reload');
    assert.equal(await page.evaluate(() => localStorage.getItem('tasklens.theme')), 'dark');
    await page.goto(`${BASE}/#/t/${ref}`);
    await page.locator('main h1').first().waitFor();
    await accessible(page, 'task page, dark chosen');

    await page.emulateMedia({ colorScheme: 'dark' });
    await theme.selectOption('light');
    assert.ok((await backgroundLuminance(page)) > 0.85, 'light on a dark system');
    assert.equal(await scheme(), 'light');
    await accessible(page, 'task page, light chosen');
    await theme.selectOption('system');
    assert.ok((await backgroundLuminance(page)) < 0.15, 'the system (dark) again');
    assert.equal(await page.evaluate(() => localStorage.getItem('tasklens.theme')), null, 'nothing kept for the system');
    await page.emulateMedia({ colorScheme: 'light' });
  });

  await t.test('on a phone every page fits the screen and the board starts in the first screen', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    for (const address of ['#/', `#/p/${big.key}`, `#/p/${big.key}/list`, '#/my', '#/agents', '#/activity', '#/wiki', `#/t/${ref}`]) {
      await page.goto(`${BASE}/${address}`);
      await page.locator('main h1').first().waitFor();
      await page.waitForTimeout(300);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(width <= 390, `${address} is ${width} px wide on a 390 px screen`);
      if (address === `#/p/${big.key}`) {
        const top = await page.locator('article.card').first().evaluate((card) => card.getBoundingClientRect().top);
        assert.ok(top < 600, `the first card starts at ${top} px`);
        // The filters wait behind one button (a disclosure).
        const toggle = page.getByRole('button', { name: /^Filters/ });
        assert.equal(await toggle.getAttribute('aria-expanded'), 'false');
        assert.ok(await page.getByLabel('Text').isHidden(), 'the filters are folded away');
        await toggle.click();
        assert.equal(await toggle.getAttribute('aria-expanded'), 'true');
        await page.getByLabel('Text').waitFor();
        assert.ok(await page.evaluate(() => document.documentElement.scrollWidth) <= 390, 'open filters fit too');
        await accessible(page, 'phone board, filters open');
      }
    }
    await page.setViewportSize({ width: 1500, height: 1000 });
  });

  await t.test('a read-only token shows no edit control', async () => {
    const { createApiToken } = await gql('mutation { createApiToken(name: "board read-only", readOnly: true) { token } }');
    const reader = await newPage();
    await signInByLink(reader, createApiToken.token, 'demo');
    await reader.getByText('read-only').waitFor();
    await reader.goto(`${BASE}/#/p/${big.key}`);
    await reader.locator('article.card').first().waitFor();
    assert.equal(await reader.locator('article.card[draggable="true"]').count(), 0, 'no card can be dragged');
    assert.equal(await reader.locator('article.card .status-menu').count(), 0, 'no status menu');
    assert.equal(await reader.getByRole('button', { name: 'New task' }).count(), 0, 'no new task');
    assert.equal(await reader.locator('.quick-create').count(), 0, 'no quick create in the columns');
    assert.equal(await reader.locator('article.card .assignee-menu').count(), 0, 'no assignee menu');
    assert.equal(await reader.locator('article.card .priority-menu').count(), 0, 'no priority menu');
    // Saved views are listed and opened, never saved or deleted.
    await reader.getByRole('button', { name: 'Saved views' }).click();
    const views = reader.getByRole('region', { name: `Saved views of ${big.key}` });
    await views.getByRole('link', { name: 'Overdue, shared' }).waitFor();
    assert.equal(await views.getByLabel('Save this view as').count(), 0, 'no form to save a view');
    assert.equal(await views.getByRole('button', { name: /^Delete the view/ }).count(), 0, 'no delete');
    await reader.keyboard.press('Escape');
    await reader.locator('article.card').getByRole('img', { name: /^Assigned to / }).first().waitFor();
    // The palette on a focused card offers to open it, and nothing that writes.
    const readerRef = await reader.locator('article.card').first().getAttribute('data-ref');
    await reader.locator('article.card a.card-title').first().focus();
    await reader.keyboard.press('Control+k');
    const readerPalette = reader.getByRole('dialog', { name: 'Command palette' });
    await readerPalette.getByRole('option', { name: new RegExp(`^Action Open ${readerRef} `) }).waitFor();
    assert.equal(await readerPalette.getByRole('option', { name: /^Action (Move|Assign|Unassign|Set) / }).count(), 0, 'no action that writes');
    await reader.keyboard.press('Escape');
    await reader.goto(`${BASE}/#/p/${big.key}/list`);
    await reader.locator('article.row').first().waitFor();
    assert.equal(await reader.locator('.rows input[type="checkbox"]').count(), 0, 'no rows to select');
    await reader.getByRole('button', { name: /^Due, sort/ }).waitFor();
    await reader.goto(`${BASE}/#/t/${ref}`);
    await reader.getByRole('heading', { name: 'Description' }).waitFor();
    assert.equal(await reader.getByRole('button', { name: /Edit/ }).count(), 0, 'no edit button');
    assert.equal(await reader.getByRole('button', { name: 'More' }).count(), 0, 'no menu of actions');
    await reader.getByRole('complementary', { name: 'Properties' }).waitFor();
    assert.equal(await reader.getByRole('combobox', { name: 'Status' }).count(), 0, 'properties as text');
    assert.equal(await reader.getByLabel('New comment (Markdown)').count(), 0, 'no comment box');
    await reader.getByRole('region', { name: 'Sub-tasks' }).waitFor();
    assert.equal(await reader.getByLabel('Add a sub-task').count(), 0, 'no sub-task form');
    await reader.context().close();

    // A link with another token does not switch a signed-in tab unasked.
    await page.goto(`${BASE}/#token=${createApiToken.token}`);
    await page.getByRole('heading', { name: 'Switch to another token?' }).waitFor();
    assert.ok(!page.url().includes(createApiToken.token), 'the link left the address');
    assert.match(await page.locator('main').innerText(), /as the same user/, 'another token of the same user');
    await page.getByRole('button', { name: 'Stay signed in as before' }).click();
    await page.getByRole('button', { name: 'Sign out' }).waitFor();
    assert.equal(await page.getByText('read-only').count(), 0, 'still the token it had');
    assert.ok((await page.evaluate(() => JSON.stringify({ ...sessionStorage }))).includes(TOKEN), 'its token kept');
  });

  await t.test('a revoked token lands on the sign-in page with the reason', async () => {
    const { createApiToken } = await gql('mutation { createApiToken(name: "board revoked") { token apiToken { id } } }');
    const user = await newPage();
    await signInByLink(user, createApiToken.token, 'demo');
    await user.getByRole('heading', { name: 'Projects' }).waitFor();
    await gql('mutation($id: ID!) { revokeApiToken(id: $id) { id } }', { id: createApiToken.apiToken.id });
    // The next request (or the live socket, whichever comes first) is refused.
    await user.evaluate(() => {
      window.location.hash = '#/activity';
    });
    await user.getByRole('heading', { name: 'Sign in to tasklens' }).waitFor();
    assert.match(await user.getByRole('alert').innerText(), /revoked/);
    await accessible(user, 'sign-in');
    await user.context().close();
  });

  await t.test('sign-out forgets the token', async () => {
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('heading', { name: 'Sign in to tasklens' }).waitFor();
    const stored = await page.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage }));
    assert.ok(!stored.includes('tl_'), 'no token is kept');
    // Signing in again through the form, asking to stay signed in.
    await page.getByLabel('API token').fill(TOKEN);
    await page.getByLabel('Stay signed in on this browser').check();
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Projects' }).waitFor();
    assert.ok((await page.evaluate(() => JSON.stringify({ ...localStorage }))).includes(TOKEN), 'kept when asked');
    await page.getByRole('button', { name: 'Sign out' }).click();
  });

  await t.test('docs/board.md shows the board, list and task page in both themes at both sizes, as small PNG files', async () => {
    const docs = new URL('../../docs/', import.meta.url);
    const text = await readFile(new URL('board.md', docs), 'utf8');
    let total = 0;
    for (const name of ['board', 'list', 'task'])
      for (const theme of ['light', 'dark'])
        for (const [width, height] of [[1440, 900], [390, 844]]) {
          const file = `screenshots/${name}-${theme}-${width}.png`;
          assert.ok(text.includes(`](${file})`), `docs/board.md shows ${file}`);
          const png = await readFile(new URL(file, docs));
          assert.equal(png.subarray(1, 4).toString('latin1'), 'PNG', `${file} is a PNG`);
          assert.deepEqual([png.readUInt32BE(16), png.readUInt32BE(20)], [width, height], `${file} is ${width}x${height}`);
          total += png.length;
        }
    assert.ok(total <= 1.5 * 1024 * 1024, `the screenshots take ${total} bytes`);
  });

  await t.test('nothing left the origin, no CSP violation, no page error', async () => {
    assert.deepEqual(offOrigin, [], 'requests off the origin');
    const violations = await page.evaluate(() => window.__cspViolations);
    assert.deepEqual(violations, [], 'CSP violations');
    assert.deepEqual(problems, [], 'page errors');
  });
});
