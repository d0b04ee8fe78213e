import type { PGlite } from '@electric-sql/pglite';

/** Told how long PGlite spent on each statement, by its text (benchmarks rank statements by cost with it). */
export type StatementTimeListener = (statement: string, ms: number) => void;

const decoder = new TextDecoder();
const PARSE = 'P'.charCodeAt(0);
const SIMPLE_QUERY = 'Q'.charCodeAt(0);

/** A Parse message is type, length, statement name, text; a simple Query is type, length, text (all names and texts NUL-ended). */
function statementText(message: Uint8Array): string {
  let start = 5;
  if (message[0] === PARSE) start = message.indexOf(0, start) + 1;
  const end = message.indexOf(0, start);
  return decoder.decode(message.subarray(start, end === -1 ? undefined : end));
}

/**
 * Times every protocol exchange PGlite runs and gives it to the statement it belongs to: a
 * statement is sent as a Parse (extended protocol) or a Query (simple), and every message after it
 * (describe, bind, execute, sync) is its own until the next one. The time is PostgreSQL's work in
 * WebAssembly plus PGlite's reading of the answer, not the driver's building of the statement.
 */
export function timeStatements(client: PGlite, onTime: StatementTimeListener) {
  const exchange = client.execProtocolStream.bind(client);
  let current = '';
  client.execProtocolStream = async (message, options) => {
    if (message[0] === PARSE || message[0] === SIMPLE_QUERY) current = statementText(message);
    const statement = current;
    const started = performance.now();
    try {
      return await exchange(message, options);
    } finally {
      onTime(statement, performance.now() - started);
    }
  };
}
