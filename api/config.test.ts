import { expect, test } from 'bun:test';
import { loadConfig } from './config.ts';
import { NPC_LEASE_CHECK_MS } from './game/npc-lease.ts';
import { TIME_UPDATE_INTERVAL_MS } from './contract/world.ts';
import { REQUEST_DRAIN_MS } from './http/graceful-stop.ts';
import { OWNER_LEASE_MS } from './live/ownership.ts';
import { WRITE_BACK_INTERVAL_MS } from './live/write-back.ts';

test('production keeps its intervals (live, leases, NPC tick, stop, time updates); test servers may shorten them', () => {
  expect(loadConfig({})).toMatchObject({
    writeBackIntervalMs: WRITE_BACK_INTERVAL_MS,
    ownerLeaseMs: OWNER_LEASE_MS,
    npcLeaseCheckMs: NPC_LEASE_CHECK_MS,
    npcTickMs: null,
    stopRequestDrainMs: REQUEST_DRAIN_MS,
    timeUpdateIntervalMs: TIME_UPDATE_INTERVAL_MS,
  });
  expect([WRITE_BACK_INTERVAL_MS, OWNER_LEASE_MS, NPC_LEASE_CHECK_MS, REQUEST_DRAIN_MS, TIME_UPDATE_INTERVAL_MS]).toEqual([
    2_000, 6_000, 1_000, 4_000, 10_000,
  ]);
  expect(
    loadConfig({ WRITE_BACK_INTERVAL_MS: '100', OWNER_LEASE_MS: '300', NPC_LEASE_CHECK_MS: '250', NPC_TICK_MS: '50' }),
  ).toMatchObject({ writeBackIntervalMs: 100, ownerLeaseMs: 300, npcLeaseCheckMs: 250, npcTickMs: 50 });
  expect(loadConfig({ STOP_REQUEST_DRAIN_MS: '1500', TIME_UPDATE_INTERVAL_MS: '200' })).toMatchObject({
    stopRequestDrainMs: 1500,
    timeUpdateIntervalMs: 200,
  });
});

test('a survivor lease shorter than two write-backs, or an interval of 0, stops start-up', () => {
  expect(() => loadConfig({ OWNER_LEASE_MS: '3999' })).toThrow(/OWNER_LEASE_MS must be at least twice/);
  expect(() => loadConfig({ WRITE_BACK_INTERVAL_MS: '500', OWNER_LEASE_MS: '999' })).toThrow(/OWNER_LEASE_MS/);
  expect(() => loadConfig({ WRITE_BACK_INTERVAL_MS: '0' })).toThrow(/WRITE_BACK_INTERVAL_MS must be at least 1/);
  expect(() => loadConfig({ NPC_LEASE_CHECK_MS: '0' })).toThrow(/NPC_LEASE_CHECK_MS must be at least 1/);
  expect(() => loadConfig({ NPC_TICK_MS: '0' })).toThrow(/NPC_TICK_MS must be at least 1/);
});
