import { existsSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const WIDTH = 160;
const HEIGHT = 120;
const FPS = 10;
const FRAMES = 20;

/**
 * The browsers' camera: a small picture (160×120, a bar crossing it, 10 frames a second) that
 * Chromium plays in a loop (--use-file-for-fake-video-capture). Its own fake camera is 640×480,
 * which every peer encodes, decodes and composites in software: 16 times the pixels for tests that
 * only ask that video arrives, plays and stops.
 */
export function fakeCameraFile(): string {
  const file = path.join(tmpdir(), `soul-tribe-fake-camera-${WIDTH}x${HEIGHT}-${FPS}fps-${FRAMES}.y4m`);
  if (existsSync(file)) return file;
  const lumaSize = WIDTH * HEIGHT;
  const chromaSize = lumaSize / 4;
  const frames: Buffer[] = [Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F${FPS}:1 Ip A1:1 C420jpeg\n`)];
  for (let frame = 0; frame < FRAMES; frame++) {
    const luma = Buffer.alloc(lumaSize, 60);
    const barStart = Math.floor((frame * WIDTH) / FRAMES);
    for (let y = 0; y < HEIGHT; y++)
      luma.fill(200, y * WIDTH + barStart, y * WIDTH + Math.min(WIDTH, barStart + WIDTH / 8));
    frames.push(Buffer.from('FRAME\n'), luma, Buffer.alloc(chromaSize, 110), Buffer.alloc(chromaSize, 150));
  }
  // Written whole under another name, then renamed: Playwright loads its config in every worker,
  // and a browser must never open a half-written file.
  const partial = `${file}.${process.pid}`;
  writeFileSync(partial, Buffer.concat(frames));
  renameSync(partial, file);
  return file;
}
