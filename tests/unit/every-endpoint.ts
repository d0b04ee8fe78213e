import type { Endpoint } from '@shared/api/endpoint';

/** An endpoint of src/shared/api, with the file and group that declare it. */
export interface DeclaredEndpoint {
  /** The file's name, which is the feature's: `wallet` for src/shared/api/wallet.ts. */
  feature: string;
  /** As the web app names it: `walletApi.limits`. */
  name: string;
  endpoint: Endpoint;
}

const modules = import.meta.glob<Record<string, unknown>>(
  ['../../src/shared/api/*.ts', '!**/endpoint.ts', '!**/strip-schemas.ts', '!**/*.test.ts'],
  { eager: true },
);

const isEndpoint = (value: unknown): value is Endpoint =>
  typeof value === 'object' && value !== null && 'method' in value && 'path' in value && 'responses' in value;

/** Every endpoint object of every feature's file: each file exports its feature's group (`walletApi`). */
export function everyEndpoint(): DeclaredEndpoint[] {
  return Object.entries(modules).flatMap(([file, exports]) => {
    const feature = file.replace(/^.*\/([\w-]+)\.ts$/, '$1');
    return Object.entries(exports).flatMap(([group, endpoints]) =>
      Object.entries(endpoints ?? {}).map(([key, endpoint]) => {
        if (!isEndpoint(endpoint)) throw new Error(`${file}: ${group}.${key} is not an endpoint`);
        return { feature, name: `${group}.${key}`, endpoint };
      }),
    );
  });
}
