import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES, loadConfig } from './config';

const repoFile = (name: string) => readFileSync(fileURLToPath(new URL(`../../${name}`, import.meta.url)), 'utf8');
const [appPart = '', composePart = ''] = repoFile('.env.example').split('## compose.yaml only');
/** `NAME=value` lines, set or commented out (`# NAME=value`). */
const variables = (text: string) =>
  [...text.matchAll(/^(#\s*)?([A-Z][A-Z0-9_]*)=(.*)$/gm)].map(([, commented, name, value]) => ({
    name: name!,
    value: value!,
    isSet: !commented,
  }));
const lines = variables(appPart);

describe('.env.example', () => {
  it('lists every variable the config reads, once, and nothing else', () => {
    const names = lines.map((line) => line.name);
    expect([...names].sort()).toEqual([...CONFIG_VARIABLES].sort());
  });

  it('lists apart, last, what only compose.yaml reads, each of which it does read', () => {
    const compose = repoFile('compose.yaml');
    const names = variables(composePart).map((line) => line.name);
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) {
      expect(CONFIG_VARIABLES).not.toContain(name);
      expect(compose).toContain(`\${${name}`);
    }
  });

  it('starts a production node once its blanks are filled in, and refuses it while they are empty', () => {
    const set = Object.fromEntries(lines.filter((line) => line.isSet).map((line) => [line.name, line.value]));
    expect(() => loadConfig(set)).toThrow(/AUTH_SECRET/);
    const filled = {
      ...set,
      PUBLIC_URL: 'https://soultribe.example',
      AUTH_SECRET: 'x'.repeat(32),
      STRIPE_SECRET_KEY: 'sk_live_example',
      STRIPE_WEBHOOK_SECRET: 'whsec_example',
      SMTP_URL: 'smtps://apikey:secret@smtp.example:465',
    };
    expect(loadConfig(filled)).toMatchObject({
      isProduction: true,
      publicUrl: 'https://soultribe.example',
      payments: { provider: 'stripe' },
    });
  });
});
