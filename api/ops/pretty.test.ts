import { describe, expect, test } from 'bun:test';
import { prettyLine } from './pretty.ts';

describe('bun run dev shows JSON log lines readably', () => {
  test('an access line: time, level, message, the request in one phrase, then the other fields', () => {
    const line = JSON.stringify({
      level: 'info',
      time: '2026-11-24T18:51:16.144Z',
      pid: 1,
      requestId: 'r-1',
      method: 'GET',
      route: '/api/health',
      status: 200,
      durationMs: 1.5,
      client: '127.0.0.1',
      msg: 'request',
    });
    expect(prettyLine(line, false)).toBe('18:51:16.144 INFO  request GET /api/health 200 1.5ms requestId=r-1 client=127.0.0.1');
  });

  test('an error line keeps its fields; a line that is not JSON is shown as it is', () => {
    const line = JSON.stringify({
      level: 'error',
      time: '2026-11-24T18:51:16.144Z',
      errorCode: '23514',
      msg: 'unexpected error',
    });
    expect(prettyLine(line, false)).toBe('18:51:16.144 ERROR unexpected error errorCode=23514');
    expect(prettyLine(line)).toContain('\x1b[31mERROR');
    expect(prettyLine('Cannot reach the database at 127.0.0.1:1')).toBe('Cannot reach the database at 127.0.0.1:1');
  });
});
