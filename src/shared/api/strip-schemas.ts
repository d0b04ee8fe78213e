import { parseSync } from 'vite';
import { isRecord } from '../records';
import { ENDPOINT_CALL_KEYS } from './endpoint';

/** The endpoint files, one per feature (`src/shared/api/<feature>.ts`): not the helper, not this file, not tests. */
export const ENDPOINT_FILE = /[\\/]src[\\/]shared[\\/]api[\\/](?!endpoint\.ts$|strip-schemas\.ts$)[\w-]+\.ts$/;

type Node = Record<string, unknown> & { type: string; start: number; end: number };

const isNode = (value: unknown): value is Node =>
  isRecord(value) && typeof value.type === 'string' && typeof value.start === 'number' && typeof value.end === 'number';

function* nodesOf(value: unknown): Generator<Node> {
  if (Array.isArray(value)) {
    for (const item of value) yield* nodesOf(item);
    return;
  }
  if (!isNode(value)) return;
  yield value;
  for (const [key, child] of Object.entries(value)) if (key !== 'parent') yield* nodesOf(child);
}

function parse(id: string, code: string) {
  const { program, errors } = parseSync(id, code);
  if (errors.length > 0) throw new Error(`${id}: ${errors[0]?.message}`);
  return program;
}

const CALL_KEYS: ReadonlySet<string> = new Set(ENDPOINT_CALL_KEYS);
const keyName = (property: Node) =>
  isNode(property.key) && property.key.type === 'Identifier' && typeof property.key.name === 'string'
    ? property.key.name
    : null;

/** Every `defineEndpoint({ … })` argument rewritten with its method and path only. */
function withoutSchemaProperties(id: string, code: string): string {
  const edits: { start: number; end: number; text: string }[] = [];
  for (const node of nodesOf(parse(id, code))) {
    if (node.type !== 'CallExpression' || !isNode(node.callee) || node.callee.name !== 'defineEndpoint') continue;
    const [object] = Array.isArray(node.arguments) ? node.arguments : [];
    if (!isNode(object) || object.type !== 'ObjectExpression' || !Array.isArray(object.properties))
      throw new Error(`${id}: defineEndpoint takes an object literal`);
    const kept = object.properties.filter(isNode).filter((property) => {
      const name = property.type === 'Property' && property.computed !== true ? keyName(property) : null;
      if (name === null) throw new Error(`${id}: an endpoint's properties are plain \`key: value\` (no spread)`);
      return CALL_KEYS.has(name);
    });
    const text = `{ ${kept.map((property) => code.slice(property.start, property.end)).join(', ')} }`;
    edits.push({ start: object.start, end: object.end, text });
  }
  if (edits.length === 0) throw new Error(`${id}: an endpoint file declares its endpoints with defineEndpoint`);
  return edits
    .sort((a, b) => b.start - a.start)
    .reduce((text, edit) => text.slice(0, edit.start) + edit.text + text.slice(edit.end), code);
}

/**
 * An endpoint file as the browser's production build takes it (vite.config.ts, docs/decisions/069):
 * each endpoint's method and path, all a call needs; its schemas removed, and with them the imports
 * only they used, so no schema module (and no zod) is bundled for it. Only the helper's import may stay; anything else still used means the
 * file holds more than endpoints, and the build stops rather than ship zod to the public pages.
 */
export function stripEndpointSchemas(code: string, id: string): string {
  const stripped = withoutSchemaProperties(id, code);
  const program = parse(id, stripped);
  const used = new Set<string>();
  const imports: Node[] = [];
  for (const statement of Array.isArray(program.body) ? program.body : []) {
    if (!isNode(statement)) continue;
    if (statement.type === 'ImportDeclaration') {
      imports.push(statement);
      continue;
    }
    const keys = new Set<unknown>();
    for (const node of nodesOf(statement)) {
      if (node.type === 'Property' && node.computed !== true) keys.add(node.key);
      if (node.type === 'Identifier' && !keys.has(node) && typeof node.name === 'string') used.add(node.name);
    }
  }
  let text = stripped;
  for (const declaration of imports.sort((a, b) => b.start - a.start)) {
    const specifiers = Array.isArray(declaration.specifiers) ? declaration.specifiers.filter(isNode) : [];
    const isUsed = specifiers.some((specifier) => isNode(specifier.local) && used.has(String(specifier.local.name)));
    const source = isNode(declaration.source) ? declaration.source.value : undefined;
    if (!isUsed) text = text.slice(0, declaration.start) + text.slice(declaration.end);
    else if (source !== './endpoint')
      throw new Error(`${id}: only the endpoints' schemas may come from '${String(source)}'`);
  }
  return text;
}
