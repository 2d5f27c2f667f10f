/**
 * The donation widget's targets, read at build time from PUBLIC_DONATE_MONTHLY_URL and PUBLIC_DONATE_TIP_URL.
 * A target that is unset, blank or not an absolute http(s) URL is left out; with none left the widget is hidden.
 */
export interface DonationLinks {
  monthly: string | null;
  tip: string | null;
}

export function safeExternalUrl(value: string | undefined | null): string | null {
  const raw = value?.trim();
  if (!raw) return null;
  try {
    const url = new URL(raw);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

export function donationLinks(env: Record<string, string | undefined>): DonationLinks {
  return {
    monthly: safeExternalUrl(env.PUBLIC_DONATE_MONTHLY_URL),
    tip: safeExternalUrl(env.PUBLIC_DONATE_TIP_URL),
  };
}
