import { describe, expect, test } from 'bun:test';
import { RateLimiter } from './rate-limit.ts';

describe('rate limiter', () => {
  test('a key spends its burst at once, then one token per 1/perSecond, and the wait is said', () => {
    const limiter = new RateLimiter(2, 3);
    for (let i = 0; i < 3; i++) expect(limiter.take('u', 0)).toBe(0);
    expect(limiter.take('u', 0)).toBe(500);
    expect(limiter.take('u', 499)).toBeGreaterThan(0);
    expect(limiter.take('u', 500)).toBe(0);
    expect(limiter.take('other', 500)).toBe(0);
  });

  test('refusal sets Retry-After in whole seconds and answers the 429 body', () => {
    const limiter = new RateLimiter(0.5, 1);
    const headers: Record<string, unknown> = {};
    expect(limiter.refusal('u', 0, headers, 'moves')).toBeNull();
    expect(headers['retry-after']).toBeUndefined();
    expect(limiter.refusal('u', 0, headers, 'moves')).toEqual({ message: 'Too many moves; slow down and try again in 2 s' });
    expect(headers['retry-after']).toBe('2');
  });

  test('memory stays bounded: buckets that refilled are dropped when the table is full', () => {
    const limiter = new RateLimiter(10, 1, 100);
    for (let i = 0; i < 100; i++) limiter.take(`k${i}`, 0);
    expect(limiter.size).toBe(100);
    limiter.take('late', 1_000);
    expect(limiter.size).toBe(1);
  });

  test('a flood from more keys than the table holds, none of them refilled, never grows it past maxKeys', () => {
    const limiter = new RateLimiter(0.001, 1, 100);
    for (let i = 0; i < 1_000; i++) limiter.take(`k${i}`, i);
    expect(limiter.size).toBeLessThanOrEqual(100);
    // The newest keys are the ones kept: the last one is still spent.
    expect(limiter.take('k999', 1_000)).toBeGreaterThan(0);
  });
});
