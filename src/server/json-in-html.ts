const SCRIPT_ESCAPES: Record<string, string> = {
  '<': '\\u003c',
  '>': '\\u003e',
  '&': '\\u0026',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};

/**
 * JSON to write inside a `<script>` data block. The HTML parser ends the block at the first `</script`
 * whatever the JSON means, and `<!--` changes how it looks for that end, so no `<`, `>` or `&` may
 * stand as itself; U+2028 and U+2029 end a line in older JavaScript, should anything read the block
 * as code. JSON has these characters only inside strings, where the `\u` escapes read back the same.
 */
export function jsonInScript(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (char) => SCRIPT_ESCAPES[char]!);
}
