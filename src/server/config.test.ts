import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('TRUST_PROXY', () => {
  it('is off unless set, in production too', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(32) }).trustProxy).toBe(false);
    for (const off of ['', 'false', 'off', '0']) expect(loadConfig({ TRUST_PROXY: off }).trustProxy).toBe(false);
  });

  it('takes a hop count or proxy addresses and CIDRs', () => {
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,::1,fd00::/8,loopback' }).trustProxy).toBe('10.0.0.0/8,127.0.0.1,::1,fd00::/8,loopback');
  });

  it('refuses anything else with a clear message', () => {
    for (const bad of ['true', 'everyone', '10.0.0.0/33', '300.1.1.1', '1.2.3.4/8/9']) {
      expect(() => loadConfig({ TRUST_PROXY: bad })).toThrow(/TRUST_PROXY/);
    }
  });
});

describe('trusted origins', () => {
  it('are PUBLIC_URL plus TRUSTED_ORIGINS', () => {
    const config = loadConfig({ NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(32), PUBLIC_URL: 'https://soultribe.example/', TRUSTED_ORIGINS: 'https://www.soultribe.example, https://app.soultribe.example/' });
    expect(config.trustedOrigins).toEqual(['https://soultribe.example', 'https://www.soultribe.example', 'https://app.soultribe.example']);
  });

  it('refuse an entry that is not an origin', () => {
    for (const bad of ['www.soultribe.example', 'https://soultribe.example/path', 'ftp://soultribe.example']) {
      expect(() => loadConfig({ TRUSTED_ORIGINS: bad })).toThrow(/TRUSTED_ORIGINS/);
    }
  });
});

describe('RETENTION_DAYS', () => {
  it('is 30 days unless set', () => {
    expect(loadConfig({}).retentionDays).toBe(30);
    expect(loadConfig({ RETENTION_DAYS: '90' }).retentionDays).toBe(90);
  });

  it('refuses anything but a whole number of days from 1 to 3650', () => {
    for (const bad of ['0', '-5', '2.5', 'forever', '3651']) {
      expect(() => loadConfig({ RETENTION_DAYS: bad })).toThrow(/RETENTION_DAYS/);
    }
  });
});
