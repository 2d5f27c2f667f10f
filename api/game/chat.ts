/**
 * Chat rules (radio and nearby voice), in one home for the server, the islands and the tests (spec: chat max 200, a Portable Radio
 * equipped to send; the slow mode and the mute list go beyond the spec).
 */

/**
 * The two channels: the radio reaches the whole world and needs a Portable Radio worn to send; nearby voice needs
 * nothing and reaches the survivors standing within the sender's vision range when it is sent. Slow mode, mutes and
 * the length limit hold on both.
 */
export const CHAT_CHANNELS = ['radio', 'nearby'] as const;
export type ChatChannel = (typeof CHAT_CHANNELS)[number];
/** A message without a channel goes out on the radio (the rule before nearby voice existed). */
export const DEFAULT_CHAT_CHANNEL: ChatChannel = 'radio';
/** Nearby frames name at most this many listeners per bus event (Postgres NOTIFY payloads stay under 8,000 bytes). */
export const NEARBY_AUDIENCE_SLICE = 100;
/** How long a nearby message floats over its sender on the map (a speech bubble). */
export const CHAT_BUBBLE_MS = 6000;

/** The longest message, after trimming (spec constant). */
export const CHAT_MESSAGE_MAX = 200;
/** How many of the latest messages GET /api/world/{id}/chat answers (oldest first). */
export const CHAT_HISTORY_LIMIT = 50;
/** Slow mode: at most this many messages per player in any window of CHAT_SLOW_WINDOW_MS; more answers 429. */
export const CHAT_SLOW_MESSAGES = 5;
export const CHAT_SLOW_WINDOW_MS = 10_000;
/** How many players one survivor may mute. */
export const CHAT_MUTE_LIMIT = 200;

/** Desktop overlay (spec): up to 5 floating messages, 3 shown, fading after 4 s and gone after 5 s. */
export const CHAT_OVERLAY_KEPT = 5;
export const CHAT_OVERLAY_SHOWN = 3;
export const CHAT_FADE_AFTER_MS = 4000;
export const CHAT_GONE_AFTER_MS = 5000;
/** The spec's poll of the history, a fallback to the live chat_message frames. */
export const CHAT_POLL_MS = 8000;

export const CHAT_TEXT = {
  noRadio: 'You need a Portable Radio equipped to use the radio',
  /** A nearby message nobody else stood close enough to hear (the sender still sees it). */
  nobodyNear: 'Nobody is close enough to hear you',
  failedToSend: 'Failed to send message',
  empty: 'Message cannot be empty',
  tooLong: `Message must be at most ${CHAT_MESSAGE_MAX} characters`,
  /** The mute list's refusals (PUT /api/player/mutes/{playerId}). */
  muteSelf: 'You cannot mute yourself',
  unknownPlayer: 'Player not found',
  muteFull: `You can mute at most ${CHAT_MUTE_LIMIT} players; unmute someone first`,
} as const;

/** The message as it is stored and sent: trimmed; null when nothing is left or it is too long. */
export function cleanChatMessage(raw: string): string | null {
  const message = raw.trim();
  if (message.length === 0 || message.length > CHAT_MESSAGE_MAX) return null;
  return message;
}

/**
 * Slow mode over the sender's recent send times (ms, any order): 0 when one more message is allowed at `now`,
 * else the ms until the oldest message in the window leaves it.
 */
export function slowModeWait(recentSends: readonly number[], now: number): number {
  const inWindow = recentSends.filter((t) => now - t < CHAT_SLOW_WINDOW_MS).sort((a, b) => a - b);
  if (inWindow.length < CHAT_SLOW_MESSAGES) return 0;
  const oldestThatCounts = inWindow[inWindow.length - CHAT_SLOW_MESSAGES] as number;
  return Math.max(1, oldestThatCounts + CHAT_SLOW_WINDOW_MS - now);
}

/**
 * Who hears a nearby message: the survivors (the sender included) standing within `radius` world units of where the
 * sender stands when it is sent. The radius is the sender's vision range (api/game/vision.ts through the core's
 * visionRadius, in tiles times the tile size): what you can see is what you can call to.
 */
export function nearbyListeners(
  from: { x: number; y: number },
  radius: number,
  present: readonly { id: string; x: number; y: number }[],
): string[] {
  const r2 = radius * radius;
  return present.filter((p) => (p.x - from.x) ** 2 + (p.y - from.y) ** 2 <= r2).map((p) => p.id);
}
