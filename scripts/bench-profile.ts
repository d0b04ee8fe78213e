import { writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';

interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
  samples: number[];
  timeDeltas: number[];
}

/**
 * Profiles this process over a bench's measured window only, so the set-up's work does not hide
 * where the steady state spends its time. `stop` writes the .cpuprofile (for
 * Chrome DevTools) and returns the functions with the most self time.
 */
export async function startWindowProfile(path: string) {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  return {
    async stop(top = 15) {
      const { profile } = (await session.post('Profiler.stop')) as { profile: CpuProfile };
      session.disconnect();
      await writeFile(path, JSON.stringify(profile));
      return { top: topSelfTime(profile, top), byPart: selfTimeByPart(profile) };
    },
  };
}

type CallFrame = CpuProfile['nodes'][number]['callFrame'];

/** Sums self time by `keyOf` of each sample's function, as shares of the whole window (idle included). */
function selfTimeBy(profile: CpuProfile, keyOf: (frame: CallFrame | undefined) => string) {
  const byNode = new Map(profile.nodes.map((node) => [node.id, node.callFrame]));
  const selfMicros = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((nodeId, i) => {
    const delta = profile.timeDeltas[i] ?? 0;
    total += delta;
    const key = keyOf(byNode.get(nodeId));
    selfMicros.set(key, (selfMicros.get(key) ?? 0) + delta);
  });
  return [...selfMicros]
    .sort((a, b) => b[1] - a[1])
    .map(([where, micros]) => ({ where, percent: (micros / Math.max(1, total)) * 100 }));
}

function topSelfTime(profile: CpuProfile, top: number) {
  return selfTimeBy(profile, (frame) => {
    const place = frame?.url ? `${frame.url.replace(/^.*\/(node_modules|src)\//, '$1/')}:${frame.lineNumber + 1}` : '';
    return `${frame?.functionName || '(anonymous)'} ${place}`.trim();
  }).slice(0, top);
}

/** The same time by part of the stack: the database engine's WebAssembly counts apart from its JavaScript. */
const PARTS: [RegExp, string][] = [
  [/^wasm:|@electric-sql\/pglite/, 'PGlite'],
  [/\/pg\/|pg-protocol|pg-pool/, 'node-postgres'],
  [/drizzle-orm/, 'Drizzle'],
  [/socket\.io|engine\.io|\/ws\//, 'Socket.IO'],
  [/fastify|avvio|find-my-way|light-my-request/, 'Fastify'],
  [/zod/, 'zod'],
  [/\/src\//, 'app code'],
  [/node_modules/, 'other packages'],
];
function selfTimeByPart(profile: CpuProfile) {
  return selfTimeBy(profile, (frame) => {
    const url = frame?.url ?? '';
    if (!url) return frame?.functionName.startsWith('(') ? frame.functionName : 'Node (native)';
    return PARTS.find(([pattern]) => pattern.test(url))?.[1] ?? 'Node (JavaScript)';
  });
}

/** The profile's summary as the benches print it. */
export function printProfile(
  path: string,
  result: { top: { where: string; percent: number }[]; byPart: { where: string; percent: number }[] },
) {
  console.log(
    `CPU profile of the run (${path}), self time by part: ${result.byPart.map((p) => `${p.where} ${p.percent.toFixed(1)}%`).join(', ')}`,
  );
  console.log('most self time:');
  for (const { where, percent } of result.top) console.log(`  ${percent.toFixed(1).padStart(5)}%  ${where}`);
}
