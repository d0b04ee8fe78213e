import { type ChildProcess, spawn } from 'node:child_process';
import { accessSync, constants, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import type { JanusConnection } from '../../src/server/features/live/media/janus/janus-api';
import { freePort } from '../../scripts/node-process';

/** Where Debian (and a build from source under /usr/local or /opt/janus) puts Janus's modules. */
function janusLibraryFolder(): string {
  const candidates = [
    ...readdirSync('/usr/lib').map((entry) => join('/usr/lib', entry, 'janus')),
    '/usr/lib/janus',
    '/usr/local/lib/janus',
    '/opt/janus/lib/janus',
  ];
  const found = candidates.find((folder) => existsSync(join(folder, 'plugins', 'libjanus_videoroom.so')));
  if (!found)
    throw new Error(
      `Janus's VideoRoom plugin (libjanus_videoroom.so) is in none of ${candidates.join(', ')}: apt-get install janus`,
    );
  return found;
}

function janusOnPath(): string {
  for (const folder of (process.env.PATH ?? '').split(delimiter)) {
    const file = join(folder, 'janus');
    try {
      accessSync(file, constants.X_OK);
      return file;
    } catch {
      // not in this folder
    }
  }
  throw new Error(
    "`janus` is not on the PATH: apt-get install janus (Debian's Janus WebRTC server; .ci/run installs it)",
  );
}

/** Every module of a folder but the ones kept: Janus loads all it finds unless its `disable` lists them. */
const allBut = (folder: string, kept: string[]) =>
  existsSync(folder)
    ? readdirSync(folder)
        .filter((f) => f.endsWith('.so') && !kept.includes(f))
        .join(',')
    : '';

export interface JanusServer extends JanusConnection {
  /** Its process, for a benchmark to read its CPU time. */
  pid: number;
  apiSecret: string;
  adminSecret: string;
  /** What Janus wrote, for a failing assertion's message. */
  output(): string;
  stop(): Promise<void>;
}

/** Each Janus a process starts gets RTP ports of its own, so two carrying media never race for one. */
let started = 0;

/**
 * Debian's Janus on loopback with a configuration of its own in a temporary folder: the VideoRoom
 * plugin and the HTTP transport only (API and admin API on free ports), api_secret, admin_secret
 * and stored-token auth, a small RTP port range, no STUN. Resolves once it answers a ping. Several
 * behind one app share the app's secrets (`secrets`, from the first). `tuning` is a benchmark's:
 * Janus's `event_loops` (a fixed pool of media threads instead of one a connection), its log level
 * and a wider RTP range (a port a connection).
 */
export async function startJanus(
  secrets?: { apiSecret: string; adminSecret: string },
  tuning: { eventLoops?: number; debugLevel?: number; rtpPorts?: number } = {},
): Promise<JanusServer> {
  const binary = janusOnPath();
  const lib = janusLibraryFolder();
  const folder = mkdtempSync(join(tmpdir(), 'soul-tribe-janus-'));
  const [apiPort, adminPort] = [await freePort(), await freePort()];
  const apiSecret = secrets?.apiSecret ?? `api-${crypto.randomUUID()}`;
  const adminSecret = secrets?.adminSecret ?? `admin-${crypto.randomUUID()}`;
  const rtpFrom = tuning.rtpPorts ? 42_000 : 40_300 + 40 * (started++ % 10);
  const rtpTo = rtpFrom + (tuning.rtpPorts ?? 40) - 1;
  writeFileSync(
    join(folder, 'janus.jcfg'),
    `general: {
  configs_folder = "${folder}"
  plugins_folder = "${lib}/plugins"
  transports_folder = "${lib}/transports"
  events_folder = "${lib}/events"
  loggers_folder = "${lib}/loggers"
  debug_level = ${tuning.debugLevel ?? 4}
${tuning.eventLoops ? `  event_loops = ${tuning.eventLoops}\n` : ''}  api_secret = "${apiSecret}"
  admin_secret = "${adminSecret}"
  token_auth = true
}
media: {
  rtp_port_range = "${rtpFrom}-${rtpTo}"
}
nat: {
  nice_debug = false
}
plugins: {
  disable = "${allBut(join(lib, 'plugins'), ['libjanus_videoroom.so'])}"
}
transports: {
  disable = "${allBut(join(lib, 'transports'), ['libjanus_http.so'])}"
}
loggers: {
  disable = "${allBut(join(lib, 'loggers'), [])}"
}
events: {
  broadcast = false
}
`,
  );
  writeFileSync(
    join(folder, 'janus.transport.http.jcfg'),
    `general: {
  json = "compact"
  base_path = "/janus"
  http = true
  port = ${apiPort}
  ip = "127.0.0.1"
  https = false
}
admin: {
  admin_base_path = "/admin"
  admin_http = true
  admin_port = ${adminPort}
  admin_ip = "127.0.0.1"
  admin_https = false
}
`,
  );
  writeFileSync(join(folder, 'janus.plugin.videoroom.jcfg'), 'general: {\n}\n');

  let output = '';
  const child: ChildProcess = spawn(binary, ['--configs-folder', folder, '--disable-colors'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let hasExited = false;
  void exited.then(() => (hasExited = true));

  const stop = async () => {
    if (!hasExited) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(folder, { recursive: true, force: true });
  };

  const url = `http://127.0.0.1:${apiPort}/janus`;
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (hasExited) {
      await stop();
      throw new Error(`janus exited at start:\n${output}`);
    }
    const pong = await fetch(url, { method: 'POST', body: JSON.stringify({ janus: 'ping', transaction: 'ready' }) })
      .then((r) => r.json())
      .catch(() => undefined);
    if ((pong as { janus?: string } | undefined)?.janus === 'pong') break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`janus did not answer within 20 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    adminUrl: `http://127.0.0.1:${adminPort}/admin`,
    pid: child.pid ?? 0,
    apiSecret,
    adminSecret,
    output: () => output,
    stop,
  };
}
