import { describe, expect, test } from 'bun:test';
import { donationLinks, safeExternalUrl } from './donate.ts';

describe('donation widget targets', () => {
  test('both unset: nothing to show', () => {
    expect(donationLinks({})).toEqual({ monthly: null, tip: null });
    expect(donationLinks({ PUBLIC_DONATE_MONTHLY_URL: '  ', PUBLIC_DONATE_TIP_URL: '' })).toEqual({ monthly: null, tip: null });
  });

  test('each link is independent', () => {
    expect(donationLinks({ PUBLIC_DONATE_TIP_URL: 'https://tips.example/wasteland' })).toEqual({
      monthly: null,
      tip: 'https://tips.example/wasteland',
    });
    expect(donationLinks({ PUBLIC_DONATE_MONTHLY_URL: ' https://support.example/wl ' }).monthly).toBe(
      'https://support.example/wl',
    );
  });

  test('only absolute http(s) URLs are accepted', () => {
    expect(safeExternalUrl('javascript:alert(1)')).toBeNull();
    expect(safeExternalUrl('/relative')).toBeNull();
    expect(safeExternalUrl('not a url')).toBeNull();
    expect(safeExternalUrl('http://x.example/a?b=1')).toBe('http://x.example/a?b=1');
  });
});
