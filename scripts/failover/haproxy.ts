/**
 * HAProxy in front of the app nodes, as a production site would run it: round robin with no
 * stickiness (a WebSocket stays on the node it opened on, and any node serves any request), each
 * node health-checked on GET /api/health/ready, which answers 503 as soon as a node drains.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';

export interface Backend {
  name: string;
  port: number;
}

/**
 * How often HAProxy checks each node, and how many answers in a row change its state. A node busy
 * taking the other's sockets answers its check late: a 250 ms timeout and one failure took both
 * nodes out at once (503 for everyone), and so did 3 s and two failures at load 12 on 2 cores. A
 * node that stops is out at once anyway: a refused connection is sent to the other node
 * (redispatch), and a draining node's 403s to sockets likewise.
 */
export const CHECK = { intervalMs: 1_000, fall: 3, rise: 2, timeoutMs: 5_000 };

/**
 * With `stickyCookie`, HAProxy's cookie persistence: a browser sending that cookie with a node's
 * name is sent to that node for every request and WebSocket (a browser test pins each person to a
 * node by setting it); one without it is balanced and given the cookie of the node it reached.
 */
export function haproxyConfig(options: {
  port: number;
  statsPort: number;
  backends: Backend[];
  maxConnections: number;
  stickyCookie?: string;
}) {
  const cookie = (name: string) => (options.stickyCookie ? ` cookie ${name}` : '');
  const servers = options.backends
    .map((b) => `  server ${b.name} 127.0.0.1:${b.port} check${cookie(b.name)}`)
    .join('\n');
  return `global
  maxconn ${options.maxConnections}
  # Only requests that went wrong are logged (dontlog-normal), on stdout, apart from the notices on
  # stderr (a node marked up or down) that HAProxy would otherwise log there too: take5xxKinds() reads them.
  log stdout format raw local0

defaults
  mode http
  log global
  option httplog
  option dontlog-normal
  # As deploy/haproxy.cfg: a node taking a drained node's every socket accepts late.
  timeout connect 5s
  timeout client 60s
  timeout server 60s
  # A WebSocket is a tunnel once upgraded: idle between a chat message and the next ping.
  timeout tunnel 1h
  timeout http-keep-alive 5s
  # A new connection to the node per request: a request never goes out on an idle connection the
  # node is closing as it stops, the race that answers 502.
  option http-server-close
  # A node that refuses the connection (stopped, or killed and not marked down yet): try again,
  # on another node. So too a Socket.IO connection a draining node refuses (a WebSocket 503, a
  # long-poll 403: drain.ts) in the seconds before its health check marks it down, and one closed
  # unanswered (a killed node's accept queue): the browser would wait out its reconnect delay.
  retries 3
  option redispatch 1
  retry-on conn-failure empty-response 403 503

frontend site
  bind 127.0.0.1:${options.port}
  # Only Socket.IO's requests are sent again after an answer or an empty close: any other 403 or 503
  # is the answer, and any other request may have been acted on.
  http-request disable-l7-retry unless { path_beg /socket.io/ }
  default_backend app

backend app
  balance roundrobin
  option httpchk GET /api/health/ready
  http-check expect status 200
  timeout check ${CHECK.timeoutMs}
  default-server inter ${CHECK.intervalMs} fall ${CHECK.fall} rise ${CHECK.rise}
${options.stickyCookie ? `  cookie ${options.stickyCookie} insert indirect nocache\n` : ''}${servers}

listen stats
  bind 127.0.0.1:${options.statsPort}
  stats enable
  stats uri /stats
`;
}

/**
 * One line of HAProxy's HTTP log: `client [date] frontend backend/server Tq/Tw/Tc/Tr/Ta status bytes
 * cookie cookie termination conns queues "METHOD path HTTP/1.1"`.
 */
const HTTP_LOG_LINE =
  /\S+\/(?<server>\S+) [-\d]+\/[-\d]+\/[-\d]+\/[-\d]+\/\+?\d+ (?<status>\d{3}) \+?\d+ \S+ \S+ (?<termination>\S{4}) .*"\S+ (?<path>\S+)/;

export interface Haproxy {
  /** Responses of 500 and above HAProxy sent its clients so far (the frontend's count). */
  count5xx(): Promise<number>;
  /**
   * The 5xx answers logged since the last call, counted by kind: status, HAProxy's termination state
   * (who ended the request and in which phase: 'SC--' a refused connection, 'SH--' the node closed
   * before its headers…), the node, and the path's first segment.
   */
  take5xxKinds(): string[];
  /** HAProxy's notices of a node marked down or up, with the check's reason, since the last call. */
  takeStateChanges(): string[];
  /** Each node's state as HAProxy sees it (UP, DOWN, …). */
  states(): Promise<Record<string, string>>;
  stop(): Promise<void>;
}

/**
 * What a stream of HAProxy's writes, as lines: everything so far, and the complete lines not taken
 * yet (a line still being written waits for its end, so it is never taken, and counted, twice).
 */
function linesOf(stream: Readable | null) {
  const lines: string[] = [];
  let partial = '';
  let taken = 0;
  stream?.setEncoding('utf8').on('data', (chunk: string) => {
    const parts = (partial + chunk).split('\n');
    partial = parts.pop() ?? '';
    lines.push(...parts);
  });
  return {
    text: () => [...lines, partial].join('\n'),
    takeUnread: () => {
      const unread = lines.slice(taken);
      taken = lines.length;
      return unread;
    },
  };
}

export async function startHaproxy(config: string, statsPort: number): Promise<Haproxy> {
  const dir = mkdtempSync(join(tmpdir(), 'soul-tribe-haproxy-'));
  const file = join(dir, 'haproxy.cfg');
  writeFileSync(file, config);
  const child = spawn('haproxy', ['-f', file, '-db'], { stdio: ['ignore', 'pipe', 'pipe'] });
  const notices = linesOf(child.stderr);
  const log = linesOf(child.stdout);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const rows = async () => {
    const csv = await (await fetch(`http://127.0.0.1:${statsPort}/stats;csv`)).text();
    const [header = '', ...lines] = csv.trim().split('\n');
    const names = header.replace(/^# /, '').split(',');
    return lines.map(
      (line) => Object.fromEntries(line.split(',').map((value, i) => [names[i], value])) as Record<string, string>,
    );
  };
  for (let tries = 0; ; tries++) {
    const isUp = await rows().then(
      () => true,
      () => false,
    );
    if (isUp) break;
    if (child.exitCode !== null || tries > 100) throw new Error(`HAProxy did not start:\n${notices.text()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    take5xxKinds() {
      const kinds = new Map<string, number>();
      for (const line of log.takeUnread()) {
        const entry = line.match(HTTP_LOG_LINE)?.groups;
        if (!entry || Number(entry.status) < 500) continue;
        const kind = `${entry.status} ${entry.termination} ${entry.server} ${entry.path?.split(/[/?]/)[1] ?? ''}`;
        kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
      }
      return [...kinds].sort((a, b) => b[1] - a[1]).map(([kind, count]) => `${count} × ${kind}`);
    },
    takeStateChanges() {
      return notices
        .takeUnread()
        .filter((line) => /Server app\/\w+ is (UP|DOWN)/.test(line))
        .map((line) => line.replace(/^.*Server app\//, '').trim());
    },
    async count5xx() {
      const frontend = (await rows()).find((row) => row.pxname === 'site' && row.svname === 'FRONTEND');
      return Number(frontend?.hrsp_5xx ?? Number.NaN);
    },
    async states() {
      return Object.fromEntries(
        (await rows())
          .filter((row) => row.pxname === 'app' && row.svname !== 'BACKEND')
          .map((row) => [row.svname, row.status ?? '']),
      );
    },
    async stop() {
      child.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
