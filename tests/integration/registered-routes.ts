import type { TestApp } from './test-app';

/**
 * Every route the app registered under `prefix`, as "METHOD /path", read from Fastify's printed
 * route tree: each line is a path segment below its parent ("│   └── /:id (PATCH)"), four
 * characters of indent per level.
 */
export function registeredRoutes(app: TestApp, prefix: string): string[] {
  const routes: string[] = [];
  const parents: string[] = [];
  for (const line of app.app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)[├└]── (\S+)(?: \(([A-Z, ]+)\))?$/u.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    const path = (parents[depth - 1] ?? '') + match[2]!;
    parents[depth] = path;
    parents.length = depth + 1;
    if (!path.startsWith(prefix) || !match[3]) continue;
    for (const method of match[3].split(', ')) if (method !== 'HEAD') routes.push(`${method} ${path}`);
  }
  return routes.sort();
}
