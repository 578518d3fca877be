// A `tasklens serve --demo` of a test's own, on a fresh SQLite file and a
// free loopback port, stopped (and its files removed) when the test ends.

import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const freePort = () =>
  new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

/// Starts the server with `flags` after `serve --demo --listen ...`;
/// resolves to { base, token, databaseUrl, port, child } once it is ready.
export async function startServer(t, bin, flags = [], port = undefined) {
  const dir = mkdtempSync(join(tmpdir(), 'tasklens-client-'));
  port ??= await freePort();
  const databaseUrl = `sqlite://${dir}/board.db?mode=rwc`;
  const child = spawn(
    bin,
    ['--database-url', databaseUrl, 'serve', '--demo', '--listen', `127.0.0.1:${port}`, ...flags],
    { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, RUST_LOG: 'warn' } },
  );
  let out = '';
  let err = '';
  child.stdout.on('data', (chunk) => (out += chunk));
  child.stderr.on('data', (chunk) => (err += chunk));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  t.after(async () => {
    child.kill('SIGTERM');
    await exited;
    // Retried: a process of the test's own may still be closing its files.
    rmSync(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    const token = /^token for demo: (tl_\S+)$/m.exec(out)?.[1];
    const ready = await fetch(`${base}/readyz`).then((r) => r.ok, () => false);
    if (token && ready) return { base, token, databaseUrl, port, child };
    if (child.exitCode !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the server did not start:\n${out}\n${err}`);
}
