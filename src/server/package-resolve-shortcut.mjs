// Plain JavaScript, as is its registration (register-package-resolve-shortcut.mjs): Vitest's workers
// load that with `--import` before any TypeScript can run.

/**
 * Packages whose package.json is large (date-fns 199 KB, drizzle-orm 179 KB, mostly `exports`),
 * that are `"type": "module"` and hold no other package.json (package-resolve-shortcut.test.ts
 * checks all three). For every `.js` file it resolves, Node 24's ESM resolver copies the package.json
 * of the file's package into a string and parses its `exports` again (getPackageScopeConfig, to read
 * the `type`), once per importing file: loading date-fns took 2.0-2.2 s of CPU and 73,000 page
 * faults, drizzle-orm's six entry points 1.2-1.3 s (Node 20: 0.4 s; decision 038, stop 68).
 */
export const SHORTCUT_PACKAGES = ['date-fns', 'drizzle-orm'];

const NODE_MODULES = '/node_modules/';

/**
 * A relative `.js` import from one file of those packages to another of the same package resolves
 * by joining the two URLs, as an ES module: what Node finds, without reading the package.json again.
 * Anything else goes on to Node's own resolution.
 * @template T
 * @param {string} specifier
 * @param {{ parentURL?: string | undefined }} context
 * @param {(specifier: string, context: { parentURL?: string | undefined }) => T} nextResolve
 * @returns {T | { url: string, format: 'module', shortCircuit: true }}
 */
export function resolveShortcut(specifier, context, nextResolve) {
  const root = shortcutRootOf(context.parentURL);
  if (root && /^\.\.?\/.*\.js$/.test(specifier)) {
    const url = new URL(specifier, context.parentURL).href;
    // The same package, not one of its own dependencies.
    if (url.startsWith(root) && !url.includes(NODE_MODULES, root.length - 1))
      return { url, format: 'module', shortCircuit: true };
  }
  return nextResolve(specifier, context);
}

/**
 * The folder URL (`…/node_modules/date-fns/`) of the shortcut's package an importing file belongs
 * to, directly; none for any other file.
 * @param {string | undefined} parent
 */
function shortcutRootOf(parent) {
  if (!parent?.startsWith('file:')) return undefined;
  const at = parent.lastIndexOf(NODE_MODULES);
  if (at === -1) return undefined;
  const name = parent.slice(at + NODE_MODULES.length).split('/', 1)[0] ?? '';
  return SHORTCUT_PACKAGES.includes(name) ? parent.slice(0, at + NODE_MODULES.length + name.length + 1) : undefined;
}
