import pino from 'pino';

/** Request logging without secrets: cookies, auth headers and passwords are never written. */
export function createLogger(level: string) {
  return pino({
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
  });
}
