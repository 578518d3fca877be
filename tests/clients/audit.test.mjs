// The GraphQL-over-HTTP audit of `graphql-http` against a running tasklens:
// every audit must pass, its notices (MAY) and warnings (SHOULD) included.
// Needs TASKLENS_URL (the server's base URL) and TASKLENS_TOKEN (a bearer
// token); tests/run.sh sets both.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { auditServer } from 'graphql-http';

const base = process.env.TASKLENS_URL;
const token = process.env.TASKLENS_TOKEN;

test('the graphql-http audit passes with no warning and no error', async () => {
  assert.ok(base && token, 'set TASKLENS_URL and TASKLENS_TOKEN (tests/run.sh does)');
  const results = await auditServer({
    url: new URL('/graphql', base).toString(),
    // Every GraphQL request needs a bearer token; the audit's own requests
    // carry none.
    fetchFn: (input, init = {}) => {
      const headers = new Headers(init.headers);
      headers.set('authorization', `Bearer ${token}`);
      return fetch(input, { ...init, headers });
    },
  });
  const count = (status) => results.filter((r) => r.status === status).length;
  const counts = { ok: count('ok'), notice: count('notice'), warn: count('warn'), error: count('error') };
  console.log(
    `graphql-http audit: ${counts.ok} ok, ${counts.notice} notice, ${counts.warn} warn, ${counts.error} error`,
  );

  const failing = await Promise.all(
    results
      .filter((r) => r.status !== 'ok')
      .map(async (r) => {
        let body = '';
        if (r.response) {
          try {
            body = ` -> ${r.response.status} ${await r.response.text()}`;
          } catch {
            body = ` -> ${r.response.status}`;
          }
        }
        return `[${r.status}] ${r.id} ${r.name}: ${r.reason}${body}`;
      }),
  );
  assert.equal(results.length, counts.ok + counts.notice + counts.warn + counts.error, 'every audit has a status');
  assert.ok(counts.ok > 0, 'the audit ran');
  assert.deepEqual(failing, [], `audits not passing:\n${failing.join('\n')}`);
});
