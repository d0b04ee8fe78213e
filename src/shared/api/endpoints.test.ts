import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { everyEndpoint } from '../../../tests/unit/every-endpoint';

const endpoints = everyEndpoint();
const label = ({ endpoint }: { endpoint: { method: string; path: string } }) => `${endpoint.method} ${endpoint.path}`;

describe('the endpoint objects of src/shared/api', () => {
  it('are found, one per method and path', () => {
    expect(endpoints.length).toBeGreaterThan(10);
    const labels = endpoints.map(label);
    expect(labels.filter((name, index) => labels.indexOf(name) !== index)).toEqual([]);
  });

  it('each sit in their feature’s group and file, tagged with the feature', () => {
    for (const { feature, name, endpoint } of endpoints) {
      const group = `${feature.replace(/-(\w)/g, (_, letter: string) => letter.toUpperCase())}Api`;
      expect(name.split('.')[0], name).toBe(group);
      expect(endpoint.tag, name).toBe(feature);
    }
  });

  it('each declare exactly the path parameters their path names', () => {
    for (const { name, endpoint } of endpoints) {
      const inPath = [...endpoint.path.matchAll(/:(\w+)/g)].map((match) => match[1]).sort();
      const declared = endpoint.params instanceof z.ZodObject ? Object.keys(endpoint.params.shape).sort() : [];
      expect(declared, name).toEqual(inPath);
    }
  });

  it('each say in one line what they do, and answer a success', () => {
    for (const { name, endpoint } of endpoints) {
      expect(endpoint.summary, name).toMatch(/^[A-Z][^\n]{10,110}[^.\s]$/);
      expect(
        Object.keys(endpoint.responses).some((status) => /^2\d\d$/.test(status)),
        name,
      ).toBe(true);
    }
  });

  it('name their cookies only when public: a guarded endpoint’s security follows from its access', () => {
    for (const { name, endpoint } of endpoints) if (endpoint.security) expect(endpoint.access, name).toBe('public');
  });

  it('read no body on GET', () => {
    for (const { name, endpoint } of endpoints)
      if (endpoint.method === 'GET') expect(endpoint.body, name).toBeUndefined();
  });
});
