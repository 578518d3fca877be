// GitHub changes in: deliveries signed as GitHub signs them
// (@octokit/webhooks-methods, what GitHub's own tooling uses) to a project
// imported from a repository and bound to it. Applied as an import applies
// them; replayed, unsigned, tampered, foreign and oversized ones refused;
// a redelivered event changing nothing; a board edit standing until GitHub
// changes that field; an older version of an issue changing nothing.
//
// Environment (tests/run.sh sets it):
//   TASKLENS_BIN  the tasklens binary

import test from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sign } from '@octokit/webhooks-methods';
import { startServer } from './server.mjs';

const BIN = process.env.TASKLENS_BIN;
const REPO = 'acme/widgets';

function issue(number, fields = {}, repo = REPO) {
  return {
    url: `https://api.github.com/repos/${repo}/issues/${number}`,
    repository_url: `https://api.github.com/repos/${repo}`,
    html_url: `https://github.com/${repo}/issues/${number}`,
    number,
    title: `Issue ${number}`,
    body: 'From GitHub',
    user: { login: 'octocat', type: 'User' },
    labels: [],
    state: 'open',
    assignees: [],
    created_at: '2026-11-01T10:00:00Z',
    updated_at: '2026-11-01T10:00:00Z',
    closed_at: null,
    ...fields,
  };
}

const repository = { id: 4242, full_name: REPO, name: 'widgets', owner: { login: 'acme' }, updated_at: '2026-10-01T00:00:00Z' };

async function setUp(t) {
  const server = await startServer(t, BIN);
  const dir = mkdtempSync(join(tmpdir(), 'tasklens-gh-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const file = join(dir, 'issues.json');
  writeFileSync(file, JSON.stringify([issue(1)]));
  const cli = (...args) => execFileSync(BIN, ['--database-url', server.databaseUrl, ...args],
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  const workspaces = await fetch(`${server.base}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${server.token}` },
    body: JSON.stringify({ query: '{ workspaces(first: 1) { nodes { key } } }' }),
  }).then((r) => r.json());
  cli('import', 'github', file, '--project', 'GH', '--workspace', workspaces.data.workspaces.nodes[0].key);
  const secret = cli('webhook', 'github', '--project', 'GH', '--repository', REPO).trim();
  assert.match(secret, /^[0-9a-f]{64}$/);
  const deliver = async (event, payload, { id = randomUUID(), key = secret, body, headers = {} } = {}) => {
    const text = body ?? JSON.stringify(payload);
    const signature = key === null ? {} : { 'x-hub-signature-256': await sign(key, JSON.stringify(payload)) };
    const res = await fetch(`${server.base}/hooks/github/GH`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-github-event': event, 'x-github-delivery': id,
        ...signature, ...headers },
      body: text,
    });
    return { status: res.status, answer: await res.json().catch(() => null) };
  };
  const graphql = async (query, variables = {}) => {
    const res = await fetch(`${server.base}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${server.token}` },
      body: JSON.stringify({ query, variables }),
    });
    const answer = await res.json();
    assert.equal(answer.errors, undefined, JSON.stringify(answer.errors));
    return answer.data;
  };
  const task = async (ref) => (await graphql(`query($ref: String!) { task(ref: $ref) { ref title revision done
    labels { name } comments(first: 10) { nodes { body } } source { system key } } }`, { ref })).task;
  return { server, deliver, graphql, task };
}

test('GitHub deliveries are applied as an import applies them, once each', async (t) => {
  const { deliver, graphql, task } = await setUp(t);
  const ping = await deliver('ping', { zen: 'Keep it logically awesome.', hook_id: 1, repository });
  assert.equal(ping.status, 200);
  assert.match(ping.answer.ignored, /ping/);

  const opened = { action: 'opened', issue: issue(7, { title: 'Opened on GitHub' }), repository };
  const id = randomUUID();
  const first = await deliver('issues', opened, { id });
  assert.equal(first.status, 200, JSON.stringify(first.answer));
  let seven = await task('GH-7');
  assert.equal(seven.title, 'Opened on GitHub');
  assert.deepEqual(seven.source, { system: 'GITHUB', key: `${REPO}#7` });

  // The same delivery again is refused; the same event under a new id changes nothing.
  assert.equal((await deliver('issues', opened, { id })).status, 409);
  assert.equal((await deliver('issues', opened)).status, 200);
  assert.equal((await task('GH-7')).revision, seven.revision);

  // A board edit stands while GitHub changes other fields...
  await graphql(`mutation { updateTask(ref: "GH-7", input: { title: "Renamed on the board" }) { ref } }`);
  const labeled = { action: 'labeled', repository,
    issue: issue(7, { title: 'Opened on GitHub', labels: [{ name: 'bug', color: 'd73a4a' }], updated_at: '2026-11-02T10:00:00Z' }) };
  assert.equal((await deliver('issues', labeled)).status, 200);
  seven = await task('GH-7');
  assert.equal(seven.title, 'Renamed on the board');
  assert.deepEqual(seven.labels, [{ name: 'bug' }]);
  // ...until GitHub changes that field.
  const edited = { action: 'edited', repository,
    issue: issue(7, { title: 'Edited on GitHub', labels: [{ name: 'bug' }], updated_at: '2026-11-03T10:00:00Z' }) };
  assert.equal((await deliver('issues', edited)).status, 200);
  assert.equal((await task('GH-7')).title, 'Edited on GitHub');

  // An older version, delivered late, changes nothing.
  const late = { action: 'edited', repository, issue: issue(7, { title: 'An old title', updated_at: '2026-11-02T12:00:00Z' }) };
  assert.equal((await deliver('issues', late)).status, 200);
  assert.equal((await task('GH-7')).title, 'Edited on GitHub');

  const closed = { action: 'closed', repository,
    issue: issue(7, { title: 'Edited on GitHub', labels: [{ name: 'bug' }], state: 'closed', state_reason: 'completed',
      closed_at: '2026-11-04T10:00:00Z', updated_at: '2026-11-04T10:00:00Z' }) };
  assert.equal((await deliver('issues', closed)).status, 200);
  assert.equal((await task('GH-7')).done, true);

  const comment = { action: 'created', repository, issue: issue(7, { updated_at: '2026-11-04T10:00:00Z', state: 'closed',
    title: 'Edited on GitHub', labels: [{ name: 'bug' }], closed_at: '2026-11-04T10:00:00Z' }),
  comment: { id: 991, issue_url: `https://api.github.com/repos/${REPO}/issues/7`, user: { login: 'hubot', type: 'User' },
    body: 'Looks **done**', created_at: '2026-11-04T11:00:00Z', updated_at: '2026-11-04T11:00:00Z' } };
  assert.equal((await deliver('issue_comment', comment)).status, 200);
  assert.equal((await deliver('issue_comment', comment)).status, 200);
  const comments = (await task('GH-7')).comments.nodes;
  assert.equal(comments.length, 1);
  assert.match(comments[0].body, /<strong>done<\/strong>/);

  // Events it does not map are answered with why.
  const pull = await deliver('pull_request', { action: 'opened', repository });
  assert.equal(pull.status, 200);
  assert.match(pull.answer.ignored, /not mapped/);
});

test('unsigned, tampered, foreign, replayed and oversized deliveries are refused', async (t) => {
  const { deliver, server } = await setUp(t);
  const opened = { action: 'opened', issue: issue(8), repository };
  assert.equal((await deliver('issues', opened, { key: null })).status, 401);
  assert.equal((await deliver('issues', opened, { key: 'not the secret' })).status, 401);
  const tampered = JSON.stringify({ ...opened, issue: issue(8, { title: 'Changed in transit' }) });
  assert.equal((await deliver('issues', opened, { body: tampered })).status, 401);
  const foreign = { action: 'opened', issue: issue(9), repository: { full_name: 'someone/else' } };
  const refused = await deliver('issues', foreign);
  assert.equal(refused.status, 422);
  assert.match(refused.answer.error, /acme\/widgets/);
  const big = { action: 'opened', issue: issue(10, { body: 'x'.repeat(26 << 20) }), repository };
  // Refused by its declared length, unread: a 413, or the connection closed
  // while the client still sends.
  const oversized = await deliver('issues', big).catch(() => ({ status: 'closed' }));
  assert.ok([413, 'closed'].includes(oversized.status), `oversized: ${oversized.status}`);
  const unknown = await fetch(`${server.base}/hooks/github/NOPE`, { method: 'POST', body: '{}' });
  assert.equal(unknown.status, 401, 'an unknown project is answered as a wrong signature');
});

test('a renamed repository still feeds its project, known by its id', async (t) => {
  const { deliver, graphql, task } = await setUp(t);
  // The first delivery teaches the binding the repository's id.
  const edited = { action: 'edited', repository, issue: issue(1, { title: 'Before the rename', updated_at: '2026-11-02T10:00:00Z' }) };
  assert.equal((await deliver('issues', edited)).status, 200);
  const renamed = { id: 4242, full_name: 'Acme/Gadgets', name: 'Gadgets', owner: { login: 'Acme' }, updated_at: '2026-11-01T00:00:00Z' };
  const after = { action: 'edited', repository: renamed,
    issue: issue(1, { title: 'After the rename', updated_at: '2026-11-03T10:00:00Z' }, 'Acme/Gadgets') };
  const applied = await deliver('issues', after);
  assert.equal(applied.status, 200, JSON.stringify(applied.answer));
  const one = await task('GH-1');
  assert.equal(one.title, 'After the rename');
  assert.deepEqual(one.source, { system: 'GITHUB', key: 'Acme/Gadgets#1' });
  const count = await graphql('{ project(key: "GH") { tasks(first: 1) { totalCount } } }');
  assert.equal(count.project.tasks.totalCount, 1, 'the same task, not a second one');
  // Another repository under the old name's place is still foreign.
  const other = { action: 'opened', issue: issue(2, {}, 'acme/other'), repository: { id: 99, full_name: 'acme/other' } };
  assert.equal((await deliver('issues', other)).status, 422);
});
