// The GraphiQL page served at GET /graphql, in a real browser.
//
// Environment:
//   TASKLENS_URL       base URL of a running server, e.g. http://127.0.0.1:8080
//   TASKLENS_TOKEN     an API token (tl_...) of a user
//   TASKLENS_USERNAME  that user's username (default: demo)
//   CHROMIUM           the browser to drive (default: /usr/bin/chromium, Debian's)
//
// Run with: node --test tests/clients/graphiql.test.mjs
//
// The page must load and work under the server's Content-Security-Policy
// without a single request leaving the server's origin.

import test from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

const BASE = process.env.TASKLENS_URL;
const TOKEN = process.env.TASKLENS_TOKEN;
const USERNAME = process.env.TASKLENS_USERNAME || 'demo';
const EXECUTABLE = process.env.CHROMIUM || '/usr/bin/chromium';
const QUERY = '{ viewer { username } }';
const STEP_TIMEOUT = 60_000;

const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

// The text of an element as a person reads it (Monaco draws spaces as
// no-break spaces).
const textOf = (locator) =>
  locator.evaluate((el) => el.innerText.replace(/\u00a0/g, ' '));

test('GraphiQL at /graphql: token prefill, a query, the doc explorer, same origin only, no CSP violation', { timeout: 180_000 }, async (t) => {
  assert.ok(BASE, 'TASKLENS_URL must name the server under test, e.g. http://127.0.0.1:8080');
  assert.ok(TOKEN, 'TASKLENS_TOKEN must hold a tl_... token of a user');
  const origin = new URL(BASE).origin;
  const host = new URL(BASE).host;

  const profile = await mkdtemp(join(tmpdir(), 'tasklens-graphiql-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: EXECUTABLE,
    headless: true,
    args: ARGS,
    viewport: { width: 1400, height: 900 },
  });
  t.after(async () => {
    await context.close().catch(() => {});
    await rm(profile, { recursive: true, force: true });
  });

  // 1. Every request that would leave the origin is stopped and recorded.
  const offOrigin = [];
  const sameOrigin = (url) => {
    try {
      return new URL(url).origin === origin;
    } catch {
      return false;
    }
  };
  await context.route(
    (url) => !sameOrigin(url.href),
    (route) => {
      offOrigin.push(route.request().url());
      return route.abort('blockedbyclient');
    },
  );
  // WebSockets are not seen by route(): only ws(s) to the same host may go.
  await context.routeWebSocket(
    () => true,
    (ws) => {
      const url = new URL(ws.url());
      if (url.host === host && (url.protocol === 'ws:' || url.protocol === 'wss:')) {
        ws.connectToServer();
      } else {
        offOrigin.push(ws.url());
        ws.close({ code: 1008, reason: 'off origin' });
      }
    },
  );

  // 5. Console errors, uncaught exceptions and CSP violations are kept.
  const consoleErrors = [];
  const pageErrors = [];
  const onConsole = (where) => (msg) => {
    if (msg.type() === 'error') consoleErrors.push(`${where}: ${msg.text()}`);
  };
  const page = context.pages()[0] ?? (await context.newPage());
  page.on('console', onConsole('page'));
  page.on('pageerror', (err) => pageErrors.push(String(err?.stack || err)));
  page.on('worker', (worker) => worker.on('console', onConsole(`worker ${worker.url()}`)));
  // The report of a violation, seen from inside the page (not subject to CSP:
  // the browser runs this script itself).
  await context.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      window.__cspViolations.push(`${e.violatedDirective} blocked ${e.blockedURI || '(inline)'} at ${e.sourceFile || ''}:${e.lineNumber || ''}`);
    });
  });

  // Requests to /graphql, to check which header the query went with.
  const graphqlPosts = [];
  page.on('request', (req) => {
    if (req.method() === 'POST' && sameOrigin(req.url()) && new URL(req.url()).pathname === '/graphql') {
      graphqlPosts.push({ body: req.postData() || '', authorization: req.headers().authorization });
    }
  });

  const failureShot = async () => {
    const path = join(tmpdir(), `tasklens-graphiql-failure-${process.pid}.png`);
    await page.screenshot({ path, fullPage: true }).catch(() => {});
    return path;
  };

  try {
    // 2. The page, with the token in its URL.
    const response = await page.goto(`${origin}/graphql?token=${encodeURIComponent(TOKEN)}`, {
      waitUntil: 'load',
      timeout: STEP_TIMEOUT,
    });
    assert.equal(response.status(), 200, 'GET /graphql (text/html) answers 200');
    assert.match(response.headers()['content-type'] || '', /^text\/html/, 'the page is HTML');
    assert.ok(response.headers()['content-security-policy'], 'the page is sent with a Content-Security-Policy');

    const queryEditor = page.locator('.graphiql-query-editor .monaco-editor');
    await queryEditor.waitFor({ state: 'visible', timeout: STEP_TIMEOUT });
    await page.locator('.graphiql-query-editor .view-lines').waitFor({ state: 'visible', timeout: STEP_TIMEOUT });

    const href = await page.evaluate(() => window.location.href);
    assert.ok(!href.includes(TOKEN), `the token is gone from the address bar: ${href}`);
    assert.ok(!new URL(href).searchParams.has('token'), `no token parameter is left: ${href}`);
    assert.equal(new URL(href).pathname, '/graphql', 'the page stays at /graphql');

    // The editor knows the schema: an unknown field is underlined (Monaco
    // draws the squiggle as a data: image, which the CSP must allow).
    await queryEditor.click();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.press('Delete');
    await page.keyboard.insertText('{ viewer { noSuchField } }');
    await page
      .locator('.graphiql-query-editor .squiggly-error')
      .first()
      .waitFor({ state: 'attached', timeout: STEP_TIMEOUT });

    // 3. The query, typed as a person would, then run.
    await queryEditor.click();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.press('Delete');
    await page.keyboard.insertText(QUERY);
    await page
      .locator('.graphiql-query-editor .squiggly-error')
      .first()
      .waitFor({ state: 'detached', timeout: STEP_TIMEOUT });
    const typed = (await textOf(page.locator('.graphiql-query-editor .view-lines'))).replace(/\s+/g, ' ').trim();
    assert.equal(typed, QUERY, 'the query editor holds the query');

    await page.locator('button.graphiql-execute-button').click();
    const responsePane = page.locator('.graphiql-response');
    await page.waitForFunction(
      (name) => {
        const pane = document.querySelector('.graphiql-response .view-lines');
        const text = pane ? pane.innerText.replace(/\u00a0/g, ' ') : '';
        return text.includes('"username"') && text.includes(`"${name}"`);
      },
      USERNAME,
      { timeout: STEP_TIMEOUT },
    );
    const shown = (await textOf(responsePane)).replace(/\s+/g, ' ');
    assert.ok(shown.includes(`"username": ${JSON.stringify(USERNAME)}`), `the response pane shows the username: ${shown}`);

    const sent = graphqlPosts.find((p) => p.body.includes('viewer { username }'));
    assert.ok(sent, 'the query was POSTed to /graphql');
    assert.equal(sent.authorization, `Bearer ${TOKEN}`, 'the query carried the token from the URL');

    // 4. The doc explorer lists the root types.
    await page.locator('.graphiql-sidebar button[aria-label="Show Documentation Explorer"]').click();
    const docs = page.locator('.graphiql-doc-explorer');
    await docs.waitFor({ state: 'visible', timeout: STEP_TIMEOUT });
    await page.waitForFunction(
      () => {
        const el = document.querySelector('.graphiql-doc-explorer');
        return el && /Root Types/i.test(el.innerText) && /\bQuery\b/.test(el.innerText);
      },
      undefined,
      { timeout: STEP_TIMEOUT },
    );
    const docsText = await textOf(docs);
    assert.match(docsText, /query\s*:\s*Query/, `the doc explorer names the Query root type: ${docsText}`);

    // Let late loads (workers, fonts, lazy chunks) finish before judging.
    await page.waitForLoadState('networkidle', { timeout: STEP_TIMEOUT }).catch(() => {});
  } catch (err) {
    const shot = await failureShot();
    const pane = await page
      .locator('.graphiql-response')
      .evaluate((el) => el.innerText.replace(/\u00a0/g, ' ').replace(/\s+/g, ' '))
      .catch(() => '(none)');
    err.message += `\n(screenshot: ${shot})\nresponse pane: ${pane}\nconsole errors: ${JSON.stringify(consoleErrors, null, 2)}\npage errors: ${JSON.stringify(pageErrors, null, 2)}`;
    throw err;
  }

  const violations = await page.evaluate(() => window.__cspViolations || []);
  const cspErrors = consoleErrors.filter((m) => /Content Security Policy|Refused to/i.test(m));

  assert.deepEqual(offOrigin, [], 'no request left the origin');
  assert.deepEqual(violations, [], 'the page broke no rule of its Content-Security-Policy');
  assert.deepEqual(cspErrors, [], 'no console error about the Content-Security-Policy');
  assert.deepEqual(pageErrors, [], 'no uncaught exception in the page');
});
