/**
 * `npm run bench:pages-ab -- <dist-a> <dist-b> [path…]`: Lighthouse's mobile score of two builds of
 * the web app (each a `dist/web` folder), alternated run by run. On one machine the same build of
 * `/readers` scored 76 to 90 within minutes (decision 063, stop 58): two builds compare only when
 * their runs interleave, and only over several rounds. One app server (this checkout's build, as
 * `bench:pages` starts it) answers both, so the data and the server are the same; each build is a
 * proxy in front of it that serves `/assets/` from the build's own folder (brotli where the build has
 * it, as the server does) and the server's HTML with its asset names swapped for the build's.
 * Paths default to `/readers`; BENCH_AB_ROUNDS (default 8) sets the rounds. Lighthouse is installed
 * for the run, as for `bench:pages`.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, request, type ServerResponse } from 'node:http';
import { loadavg } from 'node:os';
import { extname, join, resolve } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { lighthouseMeasure, median } from './lighthouse-scores';
import { startServer } from './measure-pages';

const CONTENT_TYPES: Record<string, string> = {
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
};

/** The `/assets/` files index.html names, in its order: the entry, its preloads and style sheets. */
const assetsNamedBy = (dist: string) =>
  readFileSync(join(dist, 'index.html'), 'utf8').match(/\/assets\/[\w.-]+/g) ?? [];

function proxyFor(dist: string, serverDist: string, upstream: URL) {
  const served = assetsNamedBy(serverDist);
  const own = assetsNamedBy(dist);
  if (served.length !== own.length) throw new Error(`${dist}/index.html names other assets than the server's build`);
  const answerAsset = (incoming: IncomingMessage, response: ServerResponse, file: string) => {
    const brotli = existsSync(`${file}.br`) && (incoming.headers['accept-encoding'] ?? '').includes('br');
    response.writeHead(200, {
      'content-type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream',
      'cache-control': 'public, max-age=31536000, immutable',
      ...(brotli ? { 'content-encoding': 'br', vary: 'accept-encoding' } : {}),
    });
    response.end(readFileSync(brotli ? `${file}.br` : file));
  };
  const server = createServer((incoming, response) => {
    const path = (incoming.url ?? '/').split('?')[0] ?? '/';
    // Only files inside a build's folder: `/assets/../../…` spelled by a client resolves outside it.
    const inside = (root: string) => {
      const candidate = join(root, path);
      return candidate.startsWith(`${root}/assets/`) && existsSync(candidate) ? candidate : undefined;
    };
    const file = path.startsWith('/assets/') ? (inside(dist) ?? inside(serverDist)) : undefined;
    if (file) return answerAsset(incoming, response, file);
    const forwarded = request(
      {
        host: upstream.hostname,
        port: upstream.port,
        path: incoming.url,
        method: incoming.method,
        headers: { ...incoming.headers, host: upstream.host, 'accept-encoding': 'identity' },
      },
      (answer) => {
        if (!(answer.headers['content-type'] ?? '').includes('text/html')) {
          response.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(response);
          return;
        }
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => {
          const html = served.reduce(
            (text, name, index) => text.replaceAll(name, own[index] ?? name),
            Buffer.concat(chunks).toString(),
          );
          const { 'content-length': _length, etag: _etag, ...headers } = answer.headers;
          response.writeHead(answer.statusCode ?? 502, { ...headers, 'content-encoding': 'br' });
          response.end(brotliCompressSync(html));
        });
      },
    );
    incoming.pipe(forwarded);
  });
  return new Promise<{ base: string; stop: () => void }>((done) =>
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      if (address === null || typeof address === 'string') throw new Error('the proxy has no TCP port');
      done({ base: `http://127.0.0.1:${address.port}`, stop: () => server.close() });
    }),
  );
}

async function main(): Promise<number> {
  const [distA, distB, ...paths] = process.argv.slice(2);
  if (!distA || !distB) {
    console.error('usage: npm run bench:pages-ab -- <dist-a> <dist-b> [path…] (each a built dist/web folder)');
    return 2;
  }
  const measure = await lighthouseMeasure();
  if (!measure) {
    console.error('Lighthouse: not installed (npm i --no-save -E lighthouse@12.2.3).');
    return 2;
  }
  const rounds = Math.max(1, Number(process.env.BENCH_AB_ROUNDS) || 8);
  const serverDist = resolve('dist/web');
  const server = await startServer();
  const builds = [
    { name: 'A', proxy: await proxyFor(resolve(distA), serverDist, new URL(server.base)) },
    { name: 'B', proxy: await proxyFor(resolve(distB), serverDist, new URL(server.base)) },
  ];
  const pages = paths.length > 0 ? paths : ['/readers'];
  try {
    const rows: Record<string, string | number | null>[] = [];
    for (let round = 1; round <= rounds; round++)
      for (const path of pages)
        for (const { name, proxy } of builds) {
          const run = await measure(`${proxy.base}${path}`);
          rows.push({ path, round, build: name, ...run, 'load 1 min': Number((loadavg()[0] ?? 0).toFixed(2)) });
          console.info(JSON.stringify(rows.at(-1)));
        }
    console.table(rows);
    const of = (path: string, name: string, key: 'score' | 'tbtMs') =>
      median(
        rows
          .filter((row) => row.path === path && row.build === name)
          .map((row) => {
            const value = row[key];
            return typeof value === 'number' ? value : null;
          }),
      );
    console.table(
      pages.flatMap((path) =>
        builds.map(({ name }) => ({
          path,
          build: name,
          'median score': of(path, name, 'score'),
          'median TBT ms': of(path, name, 'tbtMs'),
        })),
      ),
    );
    return 0;
  } finally {
    for (const { proxy } of builds) proxy.stop();
    server.stop();
  }
}

// A failure rejects, which Node prints and exits 1 on.
process.exit(await main());
