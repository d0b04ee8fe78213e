import { describe, expect, it } from 'vitest';
import { addFacesTogether, coversCodePoint } from './load-fonts';

describe('coversCodePoint', () => {
  it('reads ranges, single code points and wildcards', () => {
    const latin = 'U+0000-00FF, U+0131, U+0152-0153, U+2000-206F';
    expect(coversCodePoint(latin, 0x61)).toBe(true);
    expect(coversCodePoint(latin, 0x131)).toBe(true);
    expect(coversCodePoint(latin, 0x2014)).toBe(true);
    expect(coversCodePoint(latin, 0x100)).toBe(false);
    expect(coversCodePoint('U+100-2BA,U+1E00-1E9F', 0x61)).toBe(false);
    expect(coversCodePoint('U+4??', 0x4ff)).toBe(true);
    expect(coversCodePoint('U+4??', 0x500)).toBe(false);
    expect(coversCodePoint('', 0x61)).toBe(true);
  });
});

/** A face whose load the test settles by hand. */
function face(unicodeRange: string) {
  let settle = (_ok: boolean) => {};
  const loaded = new Promise<void>((resolve, reject) => {
    settle = (ok) => (ok ? resolve() : reject(new Error('network error')));
  });
  const calls = { load: 0 };
  const fontFace = {
    unicodeRange,
    load: () => {
      calls.load += 1;
      return loaded;
    },
  };
  return { fontFace: fontFace as unknown as FontFace, settle, calls };
}

describe('addFacesTogether', () => {
  it('adds every face in one go once the Latin ones have loaded or failed, fetching no other subset', async () => {
    const regular = face('U+0-FF, U+2000-206F');
    const bold = face('U+0-FF, U+2000-206F');
    const cyrillic = face('U+400-45F');
    const added: unknown[] = [];
    const done = addFacesTogether([cyrillic.fontFace, regular.fontFace, bold.fontFace], {
      add: (fontFace) => {
        added.push(fontFace);
        return undefined as unknown as FontFaceSet;
      },
    });
    regular.settle(true);
    await Promise.resolve();
    await Promise.resolve();
    expect(added).toEqual([]);
    bold.settle(false);
    await done;
    expect(added).toEqual([cyrillic.fontFace, regular.fontFace, bold.fontFace]);
    expect([regular.calls.load, bold.calls.load, cyrillic.calls.load]).toEqual([1, 1, 0]);
  });
});
