import { describe, expect, it } from 'vitest';
import { isPushPayload } from './push-payload';

const payload = {
  title: 'Luna wants a chat reading',
  body: 'Open to answer',
  url: '/dashboard',
  tag: 'reading_request:1',
};

describe('a push payload, as the service worker reads it', () => {
  it('is shown with or without buttons', () => {
    expect(isPushPayload(payload)).toBe(true);
    expect(isPushPayload({ ...payload, actions: [{ action: 'accept', title: 'Accept', url: '/session/1' }] })).toBe(
      true,
    );
  });

  it('opens only pages of the app', () => {
    for (const url of ['https://elsewhere.example', '//elsewhere.example', '/\\elsewhere.example', 'dashboard']) {
      expect(isPushPayload({ ...payload, url }), url).toBe(false);
      expect(isPushPayload({ ...payload, actions: [{ action: 'open', title: 'Open', url }] }), url).toBe(false);
    }
  });

  it('is not shown when a field is missing or of the wrong kind', () => {
    expect(
      [null, 'text', {}, { ...payload, title: 1 }, { ...payload, tag: undefined }, { ...payload, actions: 'none' }].map(
        isPushPayload,
      ),
    ).toEqual([false, false, false, false, false, false]);
  });
});
