/**
 * How long the tables that only grow keep their rows. What the game shows is always kept: a world's
 * newest CHAT_HISTORY_LIMIT radio messages, its newest GAME_LOG_KEPT log lines (twice the GAME_LOG_SHOWN the log shows) and every
 * survivor's latest entered/left line (the live layer reads it to log arrivals and departures once), and every NPC
 * offer within its lifetime (NPC_OFFER_TTL_MS). Beyond that a row stays for its retention, then the process that
 * holds the NPC lease deletes it, in batches of PRUNE_BATCH rows, at most PRUNE_BATCHES_PER_RUN of them per table
 * about once a minute (api/modules/npcs/simulation.ts), so a backlog drains without holding the database.
 */
import { NPC_OFFER_TTL_MS } from './npcs.ts';

const DAY_MS = 24 * 3600_000;

/** Radio messages older than this, and past the newest CHAT_HISTORY_LIMIT of their world, are deleted. */
export const CHAT_RETENTION_MS = 7 * DAY_MS;
/** Game log lines older than this, past the newest GAME_LOG_KEPT of their world and not a survivor's latest entered/left line. */
export const GAME_LOG_RETENTION_MS = 7 * DAY_MS;
/** The game log shows a world's newest this many lines (GET /api/world/{id}/events). */
export const GAME_LOG_SHOWN = 50;
/** Each world keeps at least this many of its newest log lines, whatever their age: twice what the log shows. */
export const GAME_LOG_KEPT = 2 * GAME_LOG_SHOWN;
/** Settlement notices (what the away report reads) older than this are deleted: a report looks back this far at most. */
export const NOTICE_RETENTION_MS = 7 * DAY_MS;
/** An NPC offer is deleted this long after its lifetime ended (recruit and dismiss ignore it from then on). */
export const OFFER_RETENTION_MS = NPC_OFFER_TTL_MS + DAY_MS;

/** Rows deleted by one statement, and statements per table per run. */
export const PRUNE_BATCH = 500;
export const PRUNE_BATCHES_PER_RUN = 20;
