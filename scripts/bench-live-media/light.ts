/**
 * `npm run bench:live-media` with BENCH_MODE=janus: one publisher, N light viewers (werift peers
 * that count packets, scripts/bench-live-media/light-viewers.ts) through Debian's Janus, and then
 * the same through the app's werift forwarder (scripts/bench-live-media/werift-forwarder.ts), in
 * one run. The publisher is a werift peer sending a constant synthetic video stream (PACKETS_PER_SECOND
 * packets of PAYLOAD_BYTES, ~0.9 Mbit/s, what a 640×480 camera sends), so both servers carry exactly
 * the same load and only their own cost differs. For each N: the server's CPU (all its threads, from
 * /proc), the viewers' delivery (packets each got in the window against packets sent), and the light
 * viewers' own process's CPU (when it nears a core, the rig, not the server, is what gives out).
 * Smooth: every viewer got at least 99% of the packets in every window.
 */
import { type ChildProcess, fork, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { MediaStreamTrack, RTCPeerConnection, RtpHeader, RtpPacket } from 'werift';
import { z } from 'zod';
import { createStreamRoom, newStreamRoom } from '../../src/server/features/live/media/janus/create-stream-room';
import { openJanusSession } from '../../src/server/features/live/media/janus/janus-session';
import { allowTokens } from '../../src/server/features/live/media/janus/room-tokens';
import { withVideoRoom } from '../../src/server/features/live/media/janus/video-room-handle';
import { startBenchJanus } from './bench-janus';
import { gathered } from './ice-gathered';
import { CLOCK_TICKS, treeTicks, treeTimes } from './process-ticks';

const PACKETS_PER_SECOND = 100;
/** Processes the light viewers are spread over (BENCH_LIGHT_VIEWER_PROCESSES). */
const LIGHT_VIEWER_PROCESSES = Number(process.env.BENCH_LIGHT_VIEWER_PROCESSES ?? 2);
/** The servers compared (BENCH_LIGHT_SERVERS): both by default, one to look at it alone. */
const LIGHT_SERVERS = (process.env.BENCH_LIGHT_SERVERS ?? 'janus,werift')
  .split(',')
  .filter((mode): mode is LightStep['mode'] => mode === 'janus' || mode === 'werift');
const PAYLOAD_BYTES = 1100;
const DELIVERY_GOAL = 0.99;
const CONNECT_TIMEOUT_MS = 60_000;
/** Viewers signalled at once while a step adds them. */
const SIGNALLING_AT_ONCE = 8;
const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const descriptionSchema = z.object({ type: z.enum(['offer', 'answer']), sdp: z.string() });
type Description = z.infer<typeof descriptionSchema>;
const participantsSchema = z.object({
  participants: z.array(z.looseObject({ id: z.number(), publisher: z.boolean() })),
});
const subscribedSchema = z.object({ id: z.string(), offer: descriptionSchema });

interface LightRig {
  /** The server whose CPU is measured. */
  pid: number;
  addViewer(id: string): Promise<void>;
  close(): Promise<void>;
}

export interface LightStep {
  mode: 'janus' | 'werift';
  viewers: number;
  serverCpu: number;
  /** The part of serverCpu in the kernel: on loopback, sending a packet runs its receiver's side too. */
  serverSystemCpu: number;
  viewersCpu: number;
  worstDelivery: number;
  medianDelivery: number;
  smooth: boolean;
}

/** A VP8 key frame's first packet as far as a forwarder looks, padded to PAYLOAD_BYTES. */
const PAYLOAD = Buffer.concat([
  Buffer.from([0x10, 0x50, 0x02, 0x00, 0x9d, 0x01, 0x2a, 0x80, 0x02, 0xe0, 0x01]),
  Buffer.alloc(PAYLOAD_BYTES - 11),
]);

/** The publisher's packets, counted, at a steady rate once started. */
function syntheticCamera() {
  const track = new MediaStreamTrack({ kind: 'video' });
  let sent = 0;
  let timer: NodeJS.Timeout | undefined;
  return {
    track,
    sent: () => sent,
    start() {
      const started = Date.now();
      // Catch up to the rate on each tick: Node's timers drift, the stream must not.
      timer = setInterval(() => {
        const due = Math.floor(((Date.now() - started) / 1000) * PACKETS_PER_SECOND);
        while (sent < due) {
          sent++;
          const sequenceNumber = sent % 65_536;
          track.writeRtp(
            new RtpPacket(new RtpHeader({ sequenceNumber, timestamp: sent * 900, marker: true }), PAYLOAD),
          );
        }
      }, 10);
    },
    stop: () => clearInterval(timer),
  };
}

const connected = (pc: RTCPeerConnection) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the publisher did not connect')), CONNECT_TIMEOUT_MS);
    pc.connectionStateChange.subscribe((state) => {
      if (state === 'connected') {
        clearTimeout(timer);
        resolve();
      }
    });
  });

/** One light viewers' process: answers offers and counts packets (light-viewers.ts). */
function lightViewerProcess() {
  const child: ChildProcess = fork(here('./light-viewers.ts'), [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const answers = new Map<string, { resolve: (answer: Description) => void; reject: (error: Error) => void }>();
  let counted: ((received: Record<string, number>) => void) | undefined;
  child.on(
    'message',
    (message: {
      type: string;
      id?: string;
      answer?: Description;
      received?: Record<string, number>;
      error?: string;
    }) => {
      if (message.type === 'answer' && message.id && message.answer) answers.get(message.id)?.resolve(message.answer);
      if (message.type === 'error' && message.id) answers.get(message.id)?.reject(new Error(message.error));
      if (message.type === 'count' && message.received) counted?.(message.received);
    },
  );
  return {
    pid: child.pid ?? 0,
    answer: (id: string, offer: Description) =>
      new Promise<Description>((resolve, reject) => {
        answers.set(id, { resolve, reject });
        child.send({ type: 'answer', id, offer });
      }),
    count: () =>
      new Promise<Record<string, number>>((resolve) => {
        counted = resolve;
        child.send({ type: 'count' });
      }),
    close: () => child.kill(),
  };
}

/**
 * The light viewers, spread over LIGHT_VIEWER_PROCESSES processes in turn: one Node process
 * receiving every packet of ~150 viewers fills a core and becomes what gives out, not the server.
 */
function lightViewers() {
  const processes = Array.from({ length: LIGHT_VIEWER_PROCESSES }, lightViewerProcess);
  let added = 0;
  return {
    ticks: () => processes.reduce((sum, p) => sum + treeTicks(p.pid), 0),
    answer: (id: string, offer: Description) => processes[added++ % processes.length]!.answer(id, offer),
    count: async (): Promise<Record<string, number>> =>
      Object.fromEntries(
        (await Promise.all(processes.map((p) => p.count()))).flatMap((counts) => Object.entries(counts)),
      ),
    close: () => {
      for (const p of processes) p.close();
    },
  };
}
type LightViewers = ReturnType<typeof lightViewers>;

async function janusRig(viewers: LightViewers, camera: ReturnType<typeof syntheticCamera>): Promise<LightRig> {
  const janus = await startBenchJanus();
  const room = newStreamRoom();
  await createStreamRoom(janus, 'bench', room);
  const token = randomUUID();
  await allowTokens(janus, room, [token]);
  const session = await openJanusSession(janus, (error) =>
    console.error(`the bench's Janus session ended: ${error.message}`),
  );
  const publisher = new RTCPeerConnection({ iceServers: [] });
  publisher.addTransceiver(camera.track, { direction: 'sendonly' });
  await publisher.setLocalDescription(await publisher.createOffer());
  await gathered(publisher);
  const published = (await session.attach(() => undefined)).send(
    { request: 'joinandconfigure', ptype: 'publisher', room: room.room, token },
    { type: 'offer', sdp: publisher.localDescription?.sdp ?? '' },
  );
  const { jsep } = await published.reply;
  if (!jsep) throw new Error('Janus gave the publisher no answer');
  await publisher.setRemoteDescription(jsep);
  await connected(publisher);
  const participants = await withVideoRoom(janus, (request) =>
    request({ request: 'listparticipants', room: room.room }),
  );
  const feed = participantsSchema.parse(participants).participants.find((p) => p.publisher)?.id;
  return {
    pid: janus.pid,
    async addViewer(id) {
      const handle = await session.attach(() => undefined);
      const { jsep: offer } = await handle.send({
        request: 'join',
        ptype: 'subscriber',
        room: room.room,
        streams: [{ feed }],
      }).reply;
      if (!offer) throw new Error('Janus offered the viewer nothing');
      await handle.send({ request: 'start' }, await viewers.answer(id, offer)).reply;
    },
    async close() {
      await publisher.close();
      await session.close().catch(() => undefined);
      await janus.stop();
    },
  };
}

async function forwarderRig(viewers: LightViewers, camera: ReturnType<typeof syntheticCamera>): Promise<LightRig> {
  const forwarder = spawn(process.execPath, ['--import', 'tsx', here('./werift-forwarder.ts')], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<string>((resolve, reject) => {
    forwarder.stdout?.on('data', (chunk: Buffer) => {
      const found = /port=(\d+)/.exec(chunk.toString());
      if (found?.[1]) resolve(found[1]);
    });
    forwarder.once('exit', (code) => reject(new Error(`the werift forwarder exited with ${code}`)));
  });
  const post = async (path: string, body?: unknown): Promise<unknown> => {
    const response = await fetch(`http://127.0.0.1:${port}${path}`, {
      method: 'POST',
      body: JSON.stringify(body ?? {}),
    });
    if (!response.ok) throw new Error(`the forwarder answered ${path} with ${response.status}`);
    return response.json();
  };
  const publisher = new RTCPeerConnection({ iceServers: [] });
  await publisher.setRemoteDescription(descriptionSchema.parse(await post('/publish')));
  for (const transceiver of publisher.getTransceivers()) {
    transceiver.setDirection('sendonly');
    if (transceiver.kind === 'video') await transceiver.sender.replaceTrack(camera.track);
  }
  await publisher.setLocalDescription(await publisher.createAnswer());
  await gathered(publisher);
  await post('/publish/answer', publisher.localDescription);
  await connected(publisher);
  return {
    pid: forwarder.pid ?? 0,
    async addViewer(id) {
      const { id: subscriber, offer } = subscribedSchema.parse(await post('/subscribe'));
      await post(`/subscribe/${subscriber}/answer`, await viewers.answer(id, offer));
    },
    async close() {
      await publisher.close();
      forwarder.kill();
    },
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

/** Adds viewers until there are `count`, a few signalling at once, and waits for each one's first packets. */
async function grow(rig: LightRig, viewers: LightViewers, ids: string[], count: number) {
  while (ids.length < count) {
    const batch = Array.from(
      { length: Math.min(SIGNALLING_AT_ONCE, count - ids.length) },
      (_, i) => `v${ids.length + i + 1}`,
    );
    await Promise.all(batch.map((id) => rig.addViewer(id)));
    ids.push(...batch);
  }
  const deadline = Date.now() + CONNECT_TIMEOUT_MS;
  for (;;) {
    const received = await viewers.count();
    if (ids.every((id) => (received[id] ?? 0) > 0)) return;
    if (Date.now() > deadline)
      throw new Error(
        `${ids.filter((id) => !received[id]).length} of ${ids.length} viewers got no packet within ${CONNECT_TIMEOUT_MS} ms`,
      );
    await sleep(250);
  }
}

async function measureStep(
  mode: LightStep['mode'],
  rig: LightRig,
  viewers: LightViewers,
  camera: ReturnType<typeof syntheticCamera>,
  ids: string[],
  windowMs: number,
  reps: number,
): Promise<LightStep> {
  await sleep(2000);
  const serverCpu: number[] = [];
  const serverSystemCpu: number[] = [];
  const viewersCpu: number[] = [];
  const deliveries: number[][] = [];
  for (let rep = 0; rep < reps; rep++) {
    const before = {
      server: treeTimes(rig.pid),
      viewers: viewers.ticks(),
      sent: camera.sent(),
      received: await viewers.count(),
      at: Date.now(),
    };
    await sleep(windowMs);
    const after = {
      server: treeTimes(rig.pid),
      viewers: viewers.ticks(),
      sent: camera.sent(),
      received: await viewers.count(),
      at: Date.now(),
    };
    const seconds = (after.at - before.at) / 1000;
    const ofCore = (ticks: number) => (ticks / CLOCK_TICKS / seconds) * 100;
    serverCpu.push(ofCore(after.server.user + after.server.system - before.server.user - before.server.system));
    serverSystemCpu.push(ofCore(after.server.system - before.server.system));
    viewersCpu.push(ofCore(after.viewers - before.viewers));
    const sent = after.sent - before.sent;
    deliveries.push(ids.map((id) => ((after.received[id] ?? 0) - (before.received[id] ?? 0)) / sent));
  }
  const worst = Math.min(...deliveries.flat());
  return {
    mode,
    viewers: ids.length,
    serverCpu: median(serverCpu),
    serverSystemCpu: median(serverSystemCpu),
    viewersCpu: median(viewersCpu),
    worstDelivery: worst,
    medianDelivery: median(deliveries.flat()),
    smooth: worst >= DELIVERY_GOAL,
  };
}

const percent = (value: number) => `${(value * 100).toFixed(1)}%`;
function print(step: LightStep) {
  const perViewer = step.serverCpu / step.viewers;
  console.info(
    `${step.mode.padEnd(6)} N=${String(step.viewers).padStart(4)}  server ${step.serverCpu.toFixed(1).padStart(5)}% of a core (${step.serverSystemCpu.toFixed(1)}% in the kernel; ${perViewer.toFixed(3)}% a viewer)  delivery worst ${percent(step.worstDelivery)} median ${percent(step.medianDelivery)}  light viewers' process ${step.viewersCpu.toFixed(0)}%  load ${loadavg()[0]?.toFixed(2)}  ${step.smooth ? 'smooth' : 'NOT smooth'}`,
  );
}

/** Runs both servers over `steps` and returns the steps measured, stopping a server after two steps in a row that are not smooth. */
export async function runLightComparison(options: {
  steps: number[];
  windowMs: number;
  reps: number;
}): Promise<LightStep[]> {
  console.info(
    `light viewers: one publisher sending ${PACKETS_PER_SECOND} packets/s of ${PAYLOAD_BYTES} bytes (${((PACKETS_PER_SECOND * PAYLOAD_BYTES * 8) / 1e6).toFixed(2)} Mbit/s)`,
  );
  const results: LightStep[] = [];
  for (const mode of LIGHT_SERVERS) {
    const viewers = lightViewers();
    const camera = syntheticCamera();
    const rig = mode === 'janus' ? await janusRig(viewers, camera) : await forwarderRig(viewers, camera);
    camera.start();
    const ids: string[] = [];
    let notSmoothInARow = 0;
    try {
      for (const count of options.steps) {
        try {
          await grow(rig, viewers, ids, count);
        } catch (error) {
          console.info(
            `${mode.padEnd(6)} N=${String(count).padStart(4)}  ${error instanceof Error ? error.message : String(error)}`,
          );
          break;
        }
        const step = await measureStep(mode, rig, viewers, camera, ids, options.windowMs, options.reps);
        print(step);
        results.push(step);
        notSmoothInARow = step.smooth ? 0 : notSmoothInARow + 1;
        if (notSmoothInARow === 2) break;
      }
    } finally {
      camera.stop();
      await rig.close();
      viewers.close();
    }
  }
  return results;
}

/** The bench's last line: the largest smooth N of each server, its CPU there, and per viewer. */
export function lightSummary(results: LightStep[]): string {
  const held = (mode: LightStep['mode']) => results.filter((r) => r.mode === mode && r.smooth).at(-1);
  const describe = (step: LightStep | undefined) =>
    step
      ? `${step.viewers} viewers smooth, ${step.serverCpu.toFixed(1)}% of a core (${(step.serverCpu / step.viewers).toFixed(3)}% a viewer)`
      : '0 viewers smooth';
  return `janus: ${describe(held('janus'))}; werift forwarder: ${describe(held('werift'))}`;
}
