// How fast this machine is, printed at the start of `npm test` so that CI times from different
// machines can be compared: stop 53's machine ran the same commit's CI in 1,440 s where stop 52's
// took 629 s, with the same tests. Two figures, ~1 s in all: one core's integer speed (a loop V8
// cannot shorten) and the cost of a system call (fstat), which Chromium, PostgreSQL and every socket
// pay many times a test.
import { fstatSync } from 'node:fs';

function loopMs() {
  const started = process.hrtime.bigint();
  let a = 0;
  for (let i = 0; i < 1e8; i++) a = (a * 31 + i) | 0;
  return [Number(process.hrtime.bigint() - started) / 1e6, a];
}

function syscallNs() {
  const calls = 100_000;
  const started = process.hrtime.bigint();
  for (let i = 0; i < calls; i++) fstatSync(1);
  return Number(process.hrtime.bigint() - started) / calls;
}

const [loop] = loopMs();
const syscall = syscallNs();
console.log(`machine: 1e8-step integer loop ${loop.toFixed(0)} ms, fstat ${(syscall / 1000).toFixed(2)} µs a call`);
