// Screenshots of the web board for docs/board.md: the board, the list and
// a task page, in the light and the dark theme, on a laptop (1440x900) and
// a phone (390x844), as PNG files in docs/screenshots/. Not a test (its
// name does not end in .test.mjs): run it by hand against a
// `tasklens serve --demo` after a change to the board's look:
//
//   TASKLENS_URL=http://127.0.0.1:8080 TASKLENS_TOKEN=tl_... node tests/clients/screenshots.mjs
//
// It only reads (the demo board as seeded); the task page shown is the
// project's task with the most sub-tasks. Optional: SCREENSHOT_PROJECT
// (default INFRA), SCREENSHOT_DIR (default docs/screenshots), CHROMIUM
// (default /usr/bin/chromium). Each PNG is written with a palette of its
// 256 most used colours (a flat UI has few; the rest, antialiased edges,
// take the nearest), about a third of Chromium's RGB file, with no tool
// beyond Node.
import { mkdir, writeFile } from 'node:fs/promises';
import { deflateSync, inflateSync, crc32 } from 'node:zlib';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const BASE = process.env.TASKLENS_URL;
const TOKEN = process.env.TASKLENS_TOKEN;
const PROJECT = process.env.SCREENSHOT_PROJECT || 'INFRA';
const here = dirname(fileURLToPath(import.meta.url));
const OUT = resolve(process.env.SCREENSHOT_DIR || join(here, '..', '..', 'docs', 'screenshots'));
if (!BASE || !TOKEN) {
  console.error('set TASKLENS_URL and TASKLENS_TOKEN (see the top of this file)');
  process.exit(2);
}

async function gql(query, variables = {}) {
  const response = await fetch(`${BASE}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${TOKEN}` },
    body: JSON.stringify({ query, variables }),
  });
  const body = await response.json();
  if (body.errors) throw new Error(JSON.stringify(body.errors));
  return body.data;
}

/** The task with the most sub-tasks: its page shows the sidebar, sub-tasks and a timeline. */
async function showcaseTask() {
  const { tasks } = await gql('query($p: String!) { tasks(filter: { project: $p }, first: 100) { nodes { ref parent { ref } } } }', {
    p: PROJECT,
  });
  const children = new Map();
  for (const t of tasks.nodes) if (t.parent) children.set(t.parent.ref, (children.get(t.parent.ref) ?? 0) + 1);
  const best = [...children].sort((a, b) => b[1] - a[1])[0];
  return best ? best[0] : tasks.nodes[0].ref;
}

const SIZES = [
  { name: '1440', width: 1440, height: 900 },
  { name: '390', width: 390, height: 844 },
];
const THEMES = ['light', 'dark'];

const task = await showcaseTask();
const PAGES = [
  { name: 'board', hash: `#/p/${PROJECT}`, ready: 'article.card' },
  { name: 'list', hash: `#/p/${PROJECT}/list`, ready: 'article.row' },
  { name: 'task', hash: `#/t/${task}`, ready: '.timeline, .subtasks' },
];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
});
await mkdir(OUT, { recursive: true });
let total = 0;
try {
  for (const size of SIZES) {
    for (const theme of THEMES) {
      const context = await browser.newContext({
        viewport: { width: size.width, height: size.height },
        colorScheme: theme,
        deviceScaleFactor: 1,
      });
      // Same origin only, as the board itself is.
      await context.route((url) => new URL(url.href).origin !== new URL(BASE).origin, (route) => route.abort());
      const page = await context.newPage();
      await page.goto(`${BASE}/#token=${TOKEN}`);
      await page.getByRole('button', { name: /^Sign in as / }).click();
      await page.getByRole('button', { name: 'Sign out' }).waitFor();
      for (const shot of PAGES) {
        await page.goto(`${BASE}/${shot.hash}`);
        await page.locator(shot.ready).first().waitFor();
        await page.locator('.live-live').first().waitFor({ timeout: 5_000 }).catch(() => {});
        await page.waitForTimeout(400);
        // No focus ring on the heading a navigation focuses, no caret.
        await page.evaluate(() => document.activeElement instanceof HTMLElement && document.activeElement.blur());
        const file = join(OUT, `${shot.name}-${theme}-${size.name}.png`);
        const png = withPalette(decodePng(await page.screenshot({ animations: 'disabled', caret: 'hide' })));
        await writeFile(file, png);
        const bytes = png.length;
        total += bytes;
        console.log(`${file} ${(bytes / 1024).toFixed(0)} KB`);
      }
      await context.close();
    }
  }
} finally {
  await browser.close();
}
console.log(`${(total / 1024).toFixed(0)} KB in all`);

/** The pixels of an 8-bit RGB or RGBA PNG, not interlaced (what Chromium writes). */
function decodePng(buffer) {
  let offset = 8;
  let width = 0;
  let height = 0;
  let channels = 0;
  const data = [];
  while (offset < buffer.length) {
    const length = buffer.readUInt32BE(offset);
    const type = buffer.toString('latin1', offset + 4, offset + 8);
    const body = buffer.subarray(offset + 8, offset + 8 + length);
    if (type === 'IHDR') {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      const [depth, colour, , , interlace] = body.subarray(8, 13);
      if (depth !== 8 || interlace !== 0 || (colour !== 2 && colour !== 6)) throw new Error('an unexpected PNG');
      channels = colour === 6 ? 4 : 3;
    } else if (type === 'IDAT') data.push(body);
    offset += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(data));
  const stride = width * channels;
  const pixels = Buffer.alloc(height * stride);
  for (let y = 0; y < height; y += 1) {
    const filter = raw[y * (stride + 1)];
    const row = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    const out = y * stride;
    for (let x = 0; x < stride; x += 1) {
      const left = x >= channels ? pixels[out + x - channels] : 0;
      const up = y > 0 ? pixels[out - stride + x] : 0;
      const corner = y > 0 && x >= channels ? pixels[out - stride + x - channels] : 0;
      let predicted = 0;
      if (filter === 1) predicted = left;
      else if (filter === 2) predicted = up;
      else if (filter === 3) predicted = (left + up) >> 1;
      else if (filter === 4) {
        const p = left + up - corner;
        const [pa, pb, pc] = [Math.abs(p - left), Math.abs(p - up), Math.abs(p - corner)];
        predicted = pa <= pb && pa <= pc ? left : pb <= pc ? up : corner;
      }
      pixels[out + x] = (row[x] + predicted) & 0xff;
    }
  }
  return { width, height, channels, pixels };
}

/** An indexed PNG of the image: its 256 most used colours, each other colour as the nearest of them. */
function withPalette({ width, height, channels, pixels }) {
  const colourAt = (i) => (pixels[i] << 16) | (pixels[i + 1] << 8) | pixels[i + 2];
  const counts = new Map();
  for (let i = 0; i < pixels.length; i += channels) {
    const c = colourAt(i);
    counts.set(c, (counts.get(c) ?? 0) + 1);
  }
  const palette = [...counts].sort((a, b) => b[1] - a[1]).slice(0, 256).map(([c]) => c);
  const index = new Map(palette.map((c, i) => [c, i]));
  const nearest = (c) => {
    let best = 0;
    let bestDistance = Infinity;
    palette.forEach((p, i) => {
      const dr = (p >> 16) - (c >> 16);
      const dg = ((p >> 8) & 0xff) - ((c >> 8) & 0xff);
      const db = (p & 0xff) - (c & 0xff);
      const distance = 2 * dr * dr + 4 * dg * dg + 3 * db * db;
      if (distance < bestDistance) [best, bestDistance] = [i, distance];
    });
    index.set(c, best);
    return best;
  };
  const rows = Buffer.alloc(height * (width + 1));
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const c = colourAt((y * width + x) * channels);
      rows[y * (width + 1) + 1 + x] = index.get(c) ?? nearest(c);
    }
  }
  const chunk = (type, body) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(body.length, 0);
    head.write(type, 4, 'latin1');
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), body])), 0);
    return Buffer.concat([head, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 3, 0, 0, 0], 8); // 8-bit indices, palette, no interlace
  const plte = Buffer.alloc(palette.length * 3);
  palette.forEach((c, i) => plte.set([c >> 16, (c >> 8) & 0xff, c & 0xff], i * 3));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('PLTE', plte),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
