// Webhooks out, end to end: a receiver of the test's own verifies every
// delivery with the `standardwebhooks` library (what receivers install),
// as the Standard Webhooks specification signs them. A change made over
// GraphQL reaches it; a failure is retried under the same id; a 410
// disables the endpoint; a delivery is redelivered under its id; private
// and metadata addresses are refused.
//
// Environment (tests/run.sh sets it):
//   TASKLENS_BIN  the tasklens binary

import test from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { execFileSync, spawn } from 'node:child_process';
import { Webhook } from 'standardwebhooks';
import { freePort, startServer } from './server.mjs';

const BIN = process.env.TASKLENS_BIN;

/// A receiver on loopback: answers each delivery with the next status of
/// `answers` (then 200), and keeps what came.
async function startReceiver(t, answers = []) {
  const received = [];
  const waiting = [];
  const server = createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const delivery = { headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), at: Date.now() };
      received.push(delivery);
      waiting.splice(0).forEach((wake) => wake());
      const answer = answers.shift() ?? 200;
      // 'hang': no answer at all, the connection held open.
      if (answer === 'hang') return;
      res.writeHead(answer, { 'content-type': 'text/plain' });
      res.end('thanks');
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.after(() => {
    server.closeAllConnections();
    return new Promise((resolve) => server.close(resolve));
  });
  const url = `http://127.0.0.1:${server.address().port}/hook`;
  /// Resolves once `count` deliveries came, or fails after `ms`.
  const until = async (count, ms = 20000) => {
    const deadline = Date.now() + ms;
    while (received.length < count) {
      const left = deadline - Date.now();
      assert.ok(left > 0, `${received.length} of ${count} deliveries came within ${ms} ms`);
      await new Promise((resolve) => {
        waiting.push(resolve);
        setTimeout(resolve, Math.min(left, 500));
      });
    }
    return received;
  };
  return { url, received, until };
}

async function graphql(server, query, variables = {}) {
  const res = await fetch(`${server.base}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${server.token}` },
    body: JSON.stringify({ query, variables }),
  });
  return res.json();
}

async function ok(server, query, variables) {
  const answer = await graphql(server, query, variables);
  assert.equal(answer.errors, undefined, JSON.stringify(answer.errors));
  return answer.data;
}

/// The first workspace and one of its open tasks.
async function aTask(server) {
  const data = await ok(server, `{ workspaces(first: 1) { nodes { key projects(first: 1) { nodes { key
    tasks(first: 1) { nodes { ref title labels { name } } } } } } } }`);
  const workspace = data.workspaces.nodes[0];
  const project = workspace.projects.nodes[0];
  return { workspace: workspace.key, project: project.key, task: project.tasks.nodes[0] };
}

const CREATE = `mutation($input: CreateWebhookInput!) { createWebhook(input: $input) {
  secret webhook { id number url events enabled } } }`;

async function subscribe(server, input) {
  return (await ok(server, CREATE, { input })).createWebhook;
}

async function retitle(server, ref, title) {
  await ok(server, `mutation($ref: String!, $title: String!) { updateTask(ref: $ref, input: { title: $title }) { ref } }`,
    { ref, title });
}

test('a change reaches the receiver signed as Standard Webhooks signs, and is listed', async (t) => {
  const server = await startServer(t, BIN, ['--webhooks-allow-http-loopback']);
  const receiver = await startReceiver(t);
  const { workspace, project, task } = await aTask(server);
  const made = await subscribe(server, { workspace, url: receiver.url, events: ['TASK_UPDATED'] });
  assert.match(made.secret, /^whsec_/);
  assert.deepEqual(made.webhook.events, ['TASK_UPDATED']);

  await retitle(server, task.ref, 'Renamed by the webhook test');
  const [delivery] = await receiver.until(1);
  const payload = new Webhook(made.secret).verify(delivery.body, delivery.headers);
  assert.equal(payload.type, 'task.updated');
  assert.equal(payload.data.workspace, workspace);
  assert.equal(payload.data.project, project);
  assert.equal(payload.data.actor, 'demo');
  assert.equal(payload.data.task.ref, task.ref);
  assert.equal(payload.data.task.title, 'Renamed by the webhook test');
  const labels = task.labels.map((l) => l.name).sort();
  assert.deepEqual(payload.data.task.labels ?? [], labels);
  assert.deepEqual(payload.data.changes, [{ field: 'title', old: task.title, new: 'Renamed by the webhook test' }]);
  assert.match(delivery.headers['webhook-id'], /^msg_/);
  // Another secret does not verify it.
  assert.throws(() => new Webhook('whsec_' + Buffer.from('another key').toString('base64')).verify(delivery.body, delivery.headers));

  // A comment is not an event this endpoint asked for.
  await ok(server, `mutation($ref: String!) { addComment(ref: $ref, body: "not sent") { id } }`, { ref: task.ref });
  const listed = await ok(server, `query($id: ID!) { webhookDeliveries(webhook: $id) { totalCount
    nodes { messageId status attempts responseStatus event } } }`, { id: made.webhook.id });
  assert.equal(listed.webhookDeliveries.totalCount, 1);
  const [row] = listed.webhookDeliveries.nodes;
  assert.equal(row.messageId, delivery.headers['webhook-id']);
  assert.equal(row.event, 'TASK_UPDATED');
  // The answer is recorded just after it is read.
  for (let i = 0; i < 50 && row.status !== 'DELIVERED'; i++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    Object.assign(row, (await ok(server, `query($id: ID!) { webhookDeliveries(webhook: $id) { nodes { status attempts responseStatus } } }`,
      { id: made.webhook.id })).webhookDeliveries.nodes[0]);
  }
  assert.equal(row.status, 'DELIVERED');
  assert.equal(row.attempts, 1);
  assert.equal(row.responseStatus, 200);

  // Redelivered under the same id.
  const id = (await ok(server, `query($id: ID!) { webhookDeliveries(webhook: $id) { nodes { id } } }`,
    { id: made.webhook.id })).webhookDeliveries.nodes[0].id;
  await ok(server, `mutation($id: ID!) { redeliverWebhookDelivery(id: $id) { status } }`, { id });
  const [, again] = await receiver.until(2);
  assert.equal(again.headers['webhook-id'], delivery.headers['webhook-id']);
  assert.deepEqual(new Webhook(made.secret).verify(again.body, again.headers), payload);
});

test('a failed delivery is retried under the same id; a 410 disables the endpoint', async (t) => {
  const server = await startServer(t, BIN, ['--webhooks-allow-http-loopback']);
  const failing = await startReceiver(t, [503]);
  const gone = await startReceiver(t, [410]);
  const { workspace, task } = await aTask(server);
  const retried = await subscribe(server, { workspace, url: failing.url });
  const ended = await subscribe(server, { workspace, url: gone.url });

  await retitle(server, task.ref, 'Retried');
  const [first, second] = await failing.until(2, 15000);
  assert.equal(second.headers['webhook-id'], first.headers['webhook-id']);
  // The first retry waits about 5 s (less a fifth at most).
  assert.ok(second.at - first.at >= 3900, `retried after ${second.at - first.at} ms`);
  assert.equal(new Webhook(retried.secret).verify(second.body, second.headers).data.task.title, 'Retried');

  await gone.until(1);
  let hook;
  for (let i = 0; i < 50; i++) {
    hook = (await ok(server, `query($w: String!) { webhooks(workspace: $w) { nodes { id enabled disabledReason } } }`,
      { w: workspace })).webhooks.nodes.find((h) => h.id === ended.webhook.id);
    if (!hook.enabled) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  assert.equal(hook.enabled, false);
  assert.match(hook.disabledReason, /410/);
  // Nothing more goes to a disabled endpoint.
  await retitle(server, task.ref, 'Not sent to the gone one');
  await failing.until(3);
  assert.equal(gone.received.length, 1);
});

test('private, link-local and loopback addresses are refused', async (t) => {
  const server = await startServer(t, BIN);
  const { workspace } = await aTask(server);
  for (const url of ['http://127.0.0.1:9/hook', 'https://10.0.0.1/hook', 'https://169.254.169.254/latest/meta-data',
    'https://[::ffff:192.168.1.1]/', 'ftp://example.com/', 'https://user:pw@example.com/']) {
    const answer = await graphql(server, CREATE, { input: { workspace, url } });
    assert.equal(answer.errors?.[0]?.extensions?.code, 'BAD_USER_INPUT', `${url}: ${JSON.stringify(answer)}`);
  }
  // The operator's CLI refuses loopback without the flag too, and takes it with it.
  const cli = (...args) => execFileSync(BIN, ['--database-url', server.databaseUrl, 'webhook', ...args],
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  assert.throws(() => cli('add', '--workspace', workspace, '--url', 'http://127.0.0.1:9/hook'), /webhooks-allow-http-loopback/);
  const secret = execFileSync(BIN, ['--database-url', server.databaseUrl, '--webhooks-allow-http-loopback', 'webhook', 'add',
    '--workspace', workspace, '--url', 'http://127.0.0.1:9/hook', '--events', 'task.created'],
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
  assert.match(secret, /^whsec_/);
  assert.match(cli('list', '--workspace', workspace), /task\.created\thttp:\/\/127\.0\.0\.1:9\/hook/);
});

test('a delivery in flight when its gateway is killed is sent again, under the same id', async (t) => {
  const server = await startServer(t, BIN, ['--webhooks-allow-http-loopback']);
  const receiver = await startReceiver(t, ['hang']);
  const { workspace, task } = await aTask(server);
  const made = await subscribe(server, { workspace, url: receiver.url, events: ['TASK_UPDATED'] });
  await retitle(server, task.ref, 'Sent across a crash');
  const [first] = await receiver.until(1);
  // kill -9 while the receiver holds the request.
  server.child.kill('SIGKILL');
  await new Promise((resolve) => (server.child.exitCode !== null ? resolve() : server.child.once('exit', resolve)));

  const port = await freePort();
  const restarted = spawn(BIN, ['--database-url', server.databaseUrl, '--webhooks-allow-http-loopback', 'serve',
    '--listen', `127.0.0.1:${port}`], { stdio: 'ignore', env: { ...process.env, RUST_LOG: 'warn' } });
  const stopped = new Promise((resolve) => restarted.once('exit', resolve));
  try {
    // The lease of the killed gateway lapses after 30 s; then the delivery goes again.
    const [, second] = await receiver.until(2, 50000);
    assert.equal(second.headers['webhook-id'], first.headers['webhook-id']);
    assert.equal(new Webhook(made.secret).verify(second.body, second.headers).data.task.title, 'Sent across a crash');
  } finally {
    // Stopped here, not in an `after` hook: the first server's hook removes
    // the database's folder, which this one is still writing in, and a
    // child left running would keep the test file from ever ending.
    restarted.kill('SIGKILL');
    await stopped;
  }
});

test('a receiver that does not answer holds back no other endpoint', async (t) => {
  const server = await startServer(t, BIN, ['--webhooks-allow-http-loopback']);
  const stuck = await startReceiver(t, ['hang', 'hang', 'hang']);
  const quick = await startReceiver(t);
  const { workspace, task } = await aTask(server);
  await subscribe(server, { workspace, url: stuck.url, events: ['TASK_UPDATED'] });
  const made = await subscribe(server, { workspace, url: quick.url, events: ['TASK_UPDATED'] });
  await retitle(server, task.ref, 'One');
  await stuck.until(1);
  // While the first receiver holds its request (up to 10 s), the other
  // gets every change, in order.
  const started = Date.now();
  await retitle(server, task.ref, 'Two');
  await retitle(server, task.ref, 'Three');
  const got = await quick.until(3, 5000);
  assert.ok(Date.now() - started < 5000);
  const titles = got.map((d) => new Webhook(made.secret).verify(d.body, d.headers).data.task.title);
  assert.deepEqual(titles, ['One', 'Two', 'Three']);
  assert.equal(stuck.received.length, 1, 'one request at a time for the task on the stuck endpoint');
});
