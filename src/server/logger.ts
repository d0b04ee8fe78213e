import pino, { type DestinationStream } from 'pino';
import pretty from 'pino-pretty';

/**
 * Human-readable lines for a person at a terminal while developing; JSON lines everywhere else
 * (production, CI, anything that ships or parses the logs).
 */
export function wantsPrettyLogs(
  config: { isProduction: boolean },
  stdout: { isTTY?: boolean } = process.stdout,
): boolean {
  return !config.isProduction && stdout.isTTY === true;
}

/**
 * Request logging without secrets: cookies, auth headers and passwords are never written, pretty
 * or not. `destination` is for tests; the default is standard output.
 */
export function createLogger(level: string, options: { pretty?: boolean; destination?: DestinationStream } = {}) {
  const settings = {
    level,
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        'res.headers["set-cookie"]',
        '*.password',
        '*.newPassword',
        'body.password',
      ],
      censor: '[redacted]',
    },
  };
  if (options.pretty) {
    return pino(
      settings,
      pretty({
        colorize: options.destination === undefined,
        translateTime: 'SYS:HH:MM:ss.l',
        ignore: 'pid,hostname',
        sync: true,
        destination: options.destination ?? 1,
      }),
    );
  }
  return options.destination ? pino(settings, options.destination) : pino(settings);
}
