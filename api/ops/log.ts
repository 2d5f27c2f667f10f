import pino, { type DestinationStream, type Logger as PinoLogger } from 'pino';
import { errorFields } from '../http/errors.ts';

export const LOG_LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
export type Logger = PinoLogger;

/**
 * One JSON object a line (stdout unless told otherwise): `{"level":"info","time":"…Z","pid":…,"msg":"…",…}` plus the
 * fields the caller passes. Nothing is read from requests here, and an `err` field keeps only the error's classes and
 * driver code (pino's own serializer would print the message, which for a query error carries its bound parameters).
 */
export function createLogger(level: LogLevel, destination?: DestinationStream): Logger {
  const options = {
    level,
    base: { pid: process.pid },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label: string) => ({ level: label }) },
    serializers: { err: errorFields },
  };
  return destination ? pino(options, destination) : pino(options);
}

/** A logger that writes nothing: benches and tests that build the services by hand. */
export function silentLogger(): Logger {
  return createLogger('silent');
}
