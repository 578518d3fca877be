// The standard introspection queries of graphql-js 16 and graphql-core 3.2
// (their exact texts, in tests/fixtures/introspection/) load the schema of a
// running server under its default limits, and the schema they build equals
// the committed schema.graphql.
import test from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildClientSchema, buildSchema, printSchema } from 'graphql';

const root = fileURLToPath(new URL('../../', import.meta.url));
const url = `${process.env.TASKLENS_URL}/graphql`;
const token = process.env.TASKLENS_TOKEN;

async function introspect(query) {
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/graphql-response+json, application/json',
      authorization: `Bearer ${token}`,
    },
    body: JSON.stringify({ query }),
  });
  const body = await response.json();
  assert.equal(response.status, 200, JSON.stringify(body));
  assert.equal(body.errors, undefined, JSON.stringify(body.errors));
  return body.data;
}

const committed = printSchema(buildSchema(readFileSync(`${root}schema.graphql`, 'utf8')));

for (const fixture of ['graphql-js-16.graphql', 'graphql-core-3.2.graphql']) {
  test(`${fixture} builds the committed schema`, async () => {
    const query = readFileSync(`${root}tests/fixtures/introspection/${fixture}`, 'utf8');
    const schema = buildClientSchema(await introspect(query));
    assert.equal(printSchema(schema), committed);
  });
}

test('a hand-made ofType chain 100 levels deep is still refused', async () => {
  const query = `{ __type(name: "Task") { ${'ofType { '.repeat(100)}kind${' }'.repeat(100)} } }`;
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ query }),
  });
  const body = await response.json();
  assert.equal(body.errors?.[0]?.extensions?.code, 'BAD_USER_INPUT', JSON.stringify(body));
});
