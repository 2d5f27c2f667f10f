/// <reference types="astro/client" />

interface ImportMetaEnv {
  /** Donation widget: where "Support monthly" leads (unset: the link is left out). */
  readonly PUBLIC_DONATE_MONTHLY_URL?: string;
  /** Donation widget: where "Leave a one-time tip" leads (unset: the link is left out). */
  readonly PUBLIC_DONATE_TIP_URL?: string;
}
