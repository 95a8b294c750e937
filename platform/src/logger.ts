import { pino, type Logger } from 'pino';

export type { Logger };

/**
 * JSON logs, one line per request and per handled event. Secrets never reach a log line: these
 * paths are redacted wherever they appear.
 */
export function createLogger(level: string = process.env.LOG_LEVEL ?? 'info'): Logger {
  return pino({
    level,
    redact: {
      paths: [
        'password',
        '*.password',
        'req.headers.cookie',
        'req.headers.authorization',
        'res.headers["set-cookie"]',
        'documentText',
        '*.documentText',
      ],
      censor: '[redacted]',
    },
  });
}
