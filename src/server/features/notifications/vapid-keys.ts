import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import webpush from 'web-push';
import { isRecord } from '@shared/records';
import type { Config } from '../../config';
import type { VapidKeys } from './push-transport';

/**
 * The server's VAPID key pair: from the config, or outside production one generated on first start
 * and kept in DATA_DIR (a browser's subscription is bound to the public key, so a new pair at
 * every start would silence every device). Null: push is off (production without keys).
 */
export function resolveVapidKeys(push: Config['push']): VapidKeys | null {
  if (push.keys) return push.keys;
  const file = push.generatedKeysFile;
  if (!file) return null;
  if (existsSync(file)) {
    const saved: unknown = JSON.parse(readFileSync(file, 'utf8'));
    if (isRecord(saved) && typeof saved.publicKey === 'string' && typeof saved.privateKey === 'string')
      return { publicKey: saved.publicKey, privateKey: saved.privateKey };
    throw new Error(
      `${file} does not hold a VAPID key pair: delete it to have a new pair made (devices subscribed with the old one must subscribe again)`,
    );
  }
  const generated = webpush.generateVAPIDKeys();
  mkdirSync(dirname(file), { recursive: true });
  // 'wx': of two processes starting at once on one DATA_DIR, the second reads the first's pair.
  try {
    writeFileSync(file, `${JSON.stringify(generated)}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if (error instanceof Error && 'code' in error && error.code === 'EEXIST') return resolveVapidKeys(push);
    throw error;
  }
  return generated;
}
