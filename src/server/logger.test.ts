import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger, wantsPrettyLogs } from './logger';

/** Collects what a logger writes. */
function sink() {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      chunks.push(String(chunk));
      done();
    },
  });
  return { stream, text: () => chunks.join('') };
}

describe('logs', () => {
  it('are pretty only for a terminal outside production', () => {
    expect(wantsPrettyLogs({ isProduction: false }, { isTTY: true })).toBe(true);
    expect(wantsPrettyLogs({ isProduction: false }, { isTTY: undefined })).toBe(false);
    expect(wantsPrettyLogs({ isProduction: true }, { isTTY: true })).toBe(false);
  });

  it('write one JSON object a line by default, with secrets redacted', () => {
    const out = sink();
    createLogger('info', { destination: out.stream }).info({ body: { password: 'hunter22' } }, 'signed in');
    const line = JSON.parse(out.text().trim());
    expect(line).toMatchObject({ level: 30, msg: 'signed in', body: { password: '[redacted]' } });
  });

  it('write a readable line when pretty, with secrets redacted too', () => {
    const out = sink();
    createLogger('info', { pretty: true, destination: out.stream }).info(
      { body: { password: 'hunter22' } },
      'signed in',
    );
    const text = out.text();
    expect(text).toMatch(/^\[\d{2}:\d{2}:\d{2}\.\d{3}\] INFO: signed in\n/);
    expect(text).toContain('[redacted]');
    expect(text).not.toContain('hunter22');
    expect(() => JSON.parse(text)).toThrow();
  });
});
