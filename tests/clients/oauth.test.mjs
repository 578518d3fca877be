// OAuth 2.1 resource server, end to end: a real OpenID provider
// (oidc-provider) issues JWT access tokens for tasklens's /mcp resource
// (RFC 8707) to a real client (openid-client, client credentials); tasklens
// verifies them against the provider's discovered keys. The client finds
// the provider from tasklens's 401 challenge and its RFC 9728 metadata.
// Hand-made tokens only for what a provider would not issue: another
// audience, expired, an unknown key, `alg: none`, a shared secret.
//
// Environment (tests/run.sh sets it):
//   TASKLENS_BIN  the tasklens binary

import test from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import Provider, { errors } from 'oidc-provider';
import * as oidc from 'openid-client';
import * as jose from 'jose';
import WebSocket from 'ws';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { freePort, startServer } from './server.mjs';

const BIN = process.env.TASKLENS_BIN;
const WRITES = ['add_comment', 'claim_next_task', 'claim_task', 'create_task', 'end_agent', 'heartbeat_agent',
  'patch_wiki_page', 'put_wiki_page', 'register_agent', 'release_task', 'update_task'];

/// The provider, signing with `key`, issuing tokens for `resource`.
async function startProvider(t, key, resource) {
  const port = await freePort();
  const issuer = `http://127.0.0.1:${port}`;
  const provider = new Provider(issuer, {
    jwks: { keys: [key] },
    clients: [{
      client_id: 'ci-agent',
      client_secret: 'ci-agent-secret',
      grant_types: ['client_credentials'],
      redirect_uris: [],
      response_types: [],
      scope: 'tasklens:read tasklens:write',
    }],
    scopes: ['tasklens:read', 'tasklens:write'],
    features: {
      devInteractions: { enabled: false },
      clientCredentials: { enabled: true },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => resource,
        useGrantedResource: () => true,
        getResourceServerInfo: (ctx, indicator) => {
          if (indicator !== resource) throw new errors.InvalidTarget();
          return {
            scope: 'tasklens:read tasklens:write',
            audience: indicator,
            accessTokenTTL: 300,
            accessTokenFormat: 'jwt',
            jwt: { sign: { alg: 'RS256' } },
          };
        },
      },
    },
    // The user the agent acts as in tasklens.
    extraTokenClaims: () => ({ preferred_username: 'ci-agent' }),
  });
  const server = provider.listen(port);
  t.after(() => server.close());
  return issuer;
}

const bearer = (token) => ({ Authorization: `Bearer ${token}` });

test('OAuth access tokens from a real provider, and the refusals', { timeout: 120_000 }, async (t) => {
  assert.ok(BIN, 'TASKLENS_BIN must be set (see the top of this file)');
  const port = await freePort();
  const resource = `http://127.0.0.1:${port}/mcp`;
  const { privateKey } = await jose.generateKeyPair('RS256', { extractable: true });
  const key = { ...(await jose.exportJWK(privateKey)), kid: 'provider-key', alg: 'RS256', use: 'sig' };
  const issuer = await startProvider(t, key, resource);
  const { base, token: demoToken, databaseUrl } =
    await startServer(t, BIN, ['--oauth-issuer', issuer, '--oauth-provision'], port);

  // 1. No token: a challenge that leads to the metadata, and from it to the provider.
  const refused = await fetch(`${base}/mcp`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
  assert.equal(refused.status, 401);
  const challenge = refused.headers.get('www-authenticate');
  const metadataUrl = /resource_metadata="([^"]+)"/.exec(challenge)?.[1];
  assert.equal(metadataUrl, `${base}/.well-known/oauth-protected-resource/mcp`, challenge);
  const metadata = await (await fetch(metadataUrl)).json();
  assert.deepEqual(metadata.authorization_servers, [issuer]);
  assert.equal(metadata.resource, resource);
  assert.deepEqual(metadata.scopes_supported, ['tasklens:read', 'tasklens:write']);
  assert.equal((await (await fetch(`${base}/.well-known/oauth-protected-resource`)).json()).resource, resource);

  // 2. A real client gets a token for the resource the metadata names.
  const config = await oidc.discovery(new URL(metadata.authorization_servers[0]), 'ci-agent', 'ci-agent-secret',
    undefined, { execute: [oidc.allowInsecureRequests] });
  const granted = await oidc.clientCredentialsGrant(config, { scope: 'tasklens:read tasklens:write', resource });
  const accessToken = granted.access_token;
  assert.equal(accessToken.split('.').length, 3, 'a JWT');

  // 3. With it, the MCP SDK reads and writes as the provisioned user.
  const writer = new Client({ name: 'oauth-test', version: '1.0.0' });
  await writer.connect(new StreamableHTTPClientTransport(new URL(resource), { requestInit: { headers: bearer(accessToken) } }));
  assert.equal((await writer.listTools()).tools.length, 24);
  const viewer = await fetch(`${base}/graphql`, {
    method: 'POST',
    headers: { ...bearer(accessToken), 'Content-Type': 'application/json' },
    body: JSON.stringify({ query: '{ viewer { username } viewerToken { name readOnly } }' }),
  }).then((r) => r.json());
  assert.deepEqual(viewer.data, { viewer: { username: 'ci-agent' }, viewerToken: { name: 'oauth', readOnly: false } });
  await writer.close();
  // An access token cannot mint tl_ tokens that would outlive it.
  const minted = await fetch(`${base}/graphql`, {
    method: 'POST',
    headers: { ...bearer(accessToken), 'Content-Type': 'application/json' },
    body: JSON.stringify({ query: 'mutation { createApiToken(name: "escape") { token } }' }),
  }).then((r) => r.json());
  assert.equal(minted.errors?.[0]?.extensions?.code, 'FORBIDDEN', JSON.stringify(minted));
  assert.match(minted.errors[0].message, /OAuth access token cannot create API tokens/);
  // The demo's tl_ token keeps working beside it.
  const demo = await fetch(`${base}/graphql`, {
    method: 'POST',
    headers: { ...bearer(demoToken), 'Content-Type': 'application/json' },
    body: JSON.stringify({ query: '{ viewer { username } }' }),
  }).then((r) => r.json());
  assert.equal(demo.data.viewer.username, 'demo');

  // 4. Without the write scope: read-only, and a write is 403 insufficient_scope.
  const reading = await oidc.clientCredentialsGrant(config, { scope: 'tasklens:read', resource });
  const reader = new Client({ name: 'oauth-test', version: '1.0.0' });
  await reader.connect(new StreamableHTTPClientTransport(new URL(resource), { requestInit: { headers: bearer(reading.access_token) } }));
  const readable = (await reader.listTools()).tools.map((tool) => tool.name);
  assert.equal(readable.length, 13);
  assert.ok(readable.every((name) => !WRITES.includes(name)));
  await reader.close();
  const call = { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'create_task', arguments: { project: 'X', title: 'x' } } };
  const write = await fetch(resource, {
    method: 'POST',
    headers: { ...bearer(reading.access_token), 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
    body: JSON.stringify(call),
  });
  assert.equal(write.status, 403);
  assert.match(write.headers.get('www-authenticate'), /^Bearer error="insufficient_scope", scope="tasklens:write", resource_metadata="/);
  const mutation = await fetch(`${base}/graphql`, {
    method: 'POST',
    headers: { ...bearer(reading.access_token), 'Content-Type': 'application/json' },
    body: JSON.stringify({ query: 'mutation { createTask(input: {project: "X", title: "x"}) { ref } }' }),
  });
  assert.equal(mutation.status, 403);
  assert.match(mutation.headers.get('www-authenticate'), /insufficient_scope/);

  // 5. What a provider would not issue, each refused with its reason.
  const now = Math.floor(Date.now() / 1000);
  const claims = { iss: issuer, aud: resource, sub: 'ci-agent', preferred_username: 'ci-agent', scope: 'tasklens:read', iat: now };
  const signed = (payload, header = { alg: 'RS256', kid: 'provider-key' }, signingKey = privateKey) =>
    new jose.SignJWT(payload).setProtectedHeader(header).sign(signingKey);
  const stranger = (await jose.generateKeyPair('RS256')).privateKey;
  const none = `${jose.base64url.encode(JSON.stringify({ alg: 'none', typ: 'JWT' }))}.${jose.base64url.encode(JSON.stringify({ ...claims, exp: now + 300 }))}.`;
  const secret = new TextEncoder().encode('a-shared-secret-of-thirty-two-bytes!');
  const cases = [
    ['another audience', await signed({ ...claims, aud: 'https://elsewhere.example/mcp', exp: now + 300 }), /another audience/],
    ['expired', await signed({ ...claims, exp: now - 3600 }), /expired/],
    ['not valid yet', await signed({ ...claims, exp: now + 7200, nbf: now + 3600 }), /not valid yet/],
    ['another issuer', await signed({ ...claims, iss: 'http://127.0.0.1:1', exp: now + 300 }), /another issuer/],
    ['an unknown key', await signed({ ...claims, exp: now + 300 }, { alg: 'RS256', kid: 'stranger' }, stranger), /not among the issuer's keys/],
    ['a known kid, another key', await signed({ ...claims, exp: now + 300 }, { alg: 'RS256', kid: 'provider-key' }, stranger), /does not verify/],
    ['alg none', none, /not a JWT this server can read/],
    ['a shared secret', await signed({ ...claims, exp: now + 300 }, { alg: 'HS256', kid: 'provider-key' }, secret), /only public-key signatures/],
  ];
  for (const [what, token, reason] of cases) {
    const response = await fetch(`${base}/graphql`, {
      method: 'POST',
      headers: { ...bearer(token), 'Content-Type': 'application/json' },
      body: JSON.stringify({ query: '{ viewer { username } }' }),
    });
    assert.equal(response.status, 401, what);
    const header = response.headers.get('www-authenticate');
    assert.match(header, /error="invalid_token"/, what);
    assert.match(header, reason, `${what}: ${header}`);
  }

  // 6. graphql-ws takes the access token too, and closes when it is revoked.
  const socket = new WebSocket(`${base.replace('http', 'ws')}/graphql/ws`, 'graphql-transport-ws');
  t.after(() => socket.terminate());
  const messages = [];
  socket.on('message', (m) => messages.push(JSON.parse(m)));
  const closed = new Promise((resolve) => socket.once('close', (code) => resolve(code)));
  await new Promise((resolve) => socket.once('open', resolve));
  socket.send(JSON.stringify({ type: 'connection_init', payload: { Authorization: `Bearer ${accessToken}` } }));
  for (let i = 0; i < 50 && messages.length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 100));
  assert.equal(messages[0]?.type, 'connection_ack', JSON.stringify(messages));

  // 7. The operator revokes the user's OAuth access like any token.
  const list = execFileSync(BIN, ['--database-url', databaseUrl, 'token', 'list', '--user', 'ci-agent'], { encoding: 'utf8' });
  const row = list.split('\n').find((line) => line.split('\t')[2] === 'oauth');
  assert.ok(row, list);
  execFileSync(BIN, ['--database-url', databaseUrl, 'token', 'revoke', row.split('\t')[0]], { stdio: 'ignore' });
  // A gateway remembers the identity it verified, and forgets it within a
  // second of a revocation made by another process.
  const revokedAt = Date.now();
  let revoked;
  do {
    revoked = await fetch(`${base}/graphql`, {
      method: 'POST',
      headers: { ...bearer(accessToken), 'Content-Type': 'application/json' },
      body: JSON.stringify({ query: '{ viewer { username } }' }),
    });
    if (revoked.status !== 401) await new Promise((resolve) => setTimeout(resolve, 100));
  } while (revoked.status !== 401 && Date.now() - revokedAt < 3000);
  assert.equal(revoked.status, 401);
  assert.ok(Date.now() - revokedAt < 1500, `refused ${Date.now() - revokedAt} ms after the revocation`);
  assert.match(revoked.headers.get('www-authenticate'), /revoked/);
  assert.equal(await closed, 4403, 'the open graphql-ws connection ends');
});
