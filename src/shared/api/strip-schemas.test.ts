import { describe, expect, it } from 'vitest';
import { ENDPOINT_FILE, stripEndpointSchemas } from './strip-schemas';

const ID = '/app/src/shared/api/things.ts';

const file = `import { noContentSchema } from '../errors';
import { thingSchema, thingParamsSchema, THING_LIMIT } from '../things';
import { defineEndpoint } from './endpoint';

/** Things. */
export const thingsApi = {
  get: defineEndpoint({
    method: 'GET',
    path: '/api/things/:id',
    access: ['client', 'reader'],
    summary: 'The caller’s thing, as it is',
    tag: 'things',
    params: thingParamsSchema,
    responses: { 200: thingSchema },
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/api/things/:id',
    access: 'signed-in',
    summary: 'Removes a thing',
    tag: 'things',
    params: thingParamsSchema,
    responses: { 204: noContentSchema },
  }),
};
`;

describe('stripEndpointSchemas', () => {
  it('keeps each endpoint’s method and path, and drops the rest, its schemas with their imports', () => {
    const stripped = stripEndpointSchemas(file, ID);
    expect(stripped).not.toMatch(/Schema|THING_LIMIT|'\.\.\/things'|'\.\.\/errors'/);
    expect(stripped).toContain(`import { defineEndpoint } from './endpoint';`);
    expect(stripped).toContain(`get: defineEndpoint({ method: 'GET', path: '/api/things/:id' })`);
    expect(stripped).toContain(`remove: defineEndpoint({ method: 'DELETE', path: '/api/things/:id' })`);
  });

  it('refuses a form it cannot read, rather than leave schemas in the bundle', () => {
    const spread = file.replace(`params: thingParamsSchema,\n    responses: { 200: thingSchema },`, '...shared,');
    expect(() => stripEndpointSchemas(spread, ID)).toThrow(/no spread/);
    const usesALimit = file.replace(`path: '/api/things/:id',`, `path: '/api/things/' + THING_LIMIT,`);
    expect(() => stripEndpointSchemas(usesALimit, ID)).toThrow(
      /only the endpoints' schemas may come from '..\/things'/,
    );
    expect(() => stripEndpointSchemas(`export const x = 1;`, ID)).toThrow(/defineEndpoint/);
  });

  it('reads the feature files only', () => {
    expect(ENDPOINT_FILE.test(ID)).toBe(true);
    expect(ENDPOINT_FILE.test('/app/src/shared/api/client-notes.ts')).toBe(true);
    for (const other of ['endpoint.ts', 'strip-schemas.ts', 'things.test.ts'])
      expect(ENDPOINT_FILE.test(`/app/src/shared/api/${other}`), other).toBe(false);
    expect(ENDPOINT_FILE.test('/app/src/shared/things.ts')).toBe(false);
  });
});
