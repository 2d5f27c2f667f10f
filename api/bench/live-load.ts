/**
 * Drives the live benchmark's players: every user opens a real WebSocket, then walks in place (±0.5 units around
 * where it stands) RATE times a second. One observer per world times every move it hears (send of player_move →
 * receipt in a players_moved frame); the others only count frames, to keep the clients light.
 */
import { readdirSync, readFileSync } from 'node:fs';
import type { ServerMessage } from '../contract/protocol.ts';

export interface LoadUser {
  id: string;
  worldId: string;
  /** Full ws:// URL, query included. */
  url: string;
  headers: Record<string, string>;
}

export interface LoadResult {
  sentPerSecond: number;
  rejected: number;
  framesPerSecond: number;
  samples: number;
  p50: number;
  p99: number;
  max: number;
  /** Per server process: % of one core, and peak RSS in MiB. */
  processes: { cpuPercent: number; rssPeakMiB: number }[];
  clientCpuPercent: number;
  /** The Postgres server's processes, when measured. */
  databaseCpuPercent?: number;
}

/** CPU seconds of every process of the local Postgres server (its backends come and go; these are the live ones). */
export function postgresCpuSeconds(): number {
  let total = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() !== 'postgres') continue;
      total += cpuSeconds(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return total;
}

export function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100; // utime + stime in clock ticks (100 Hz)
}

export function rssMiB(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'))!;
  return Number(line.split(/\s+/)[1]) / 1024;
}

interface Bot {
  ws: WebSocket;
  id: string;
  x: number;
  y: number;
  seq: number;
  ready: boolean;
}

export async function runLoad(
  users: LoadUser[],
  opts: { rate: number; seconds: number; pids: number[]; databaseCpuSeconds?: () => number },
): Promise<LoadResult> {
  const firstOfWorld = new Map<string, string>();
  for (const u of users) if (!firstOfWorld.has(u.worldId)) firstOfWorld.set(u.worldId, u.id);
  const probes = new Set(firstOfWorld.values());
  const sentAt = new Map<string, number>();
  const latencies: number[] = [];
  let frames = 0;
  let rejected = 0;
  const bots: Bot[] = [];
  const connecting = Promise.all(
    users.map(
      (u) =>
        new Promise<void>((res, rej) => {
          const ws = new WebSocket(u.url, { headers: u.headers } as never);
          const bot: Bot = { ws, id: u.id, x: 0, y: 0, seq: 0, ready: false };
          const probe = probes.has(u.id);
          ws.onmessage = (e) => {
            if (bot.ready && !probe) {
              frames += 1;
              return;
            }
            const m = JSON.parse(String(e.data)) as ServerMessage;
            if (m.type === 'players_list') {
              const me = m.players.find((p) => p.id === u.id);
              bot.x = me?.x ?? 0;
              bot.y = me?.y ?? 0;
              bot.ready = true;
              res();
            } else if (m.type === 'players_moved') {
              const now = performance.now();
              for (const mv of m.moves) {
                if (mv.playerId === u.id) continue;
                const t = sentAt.get(`${mv.playerId}:${mv.x}`);
                if (t !== undefined) latencies.push(now - t);
              }
              frames += 1;
            } else if (m.type === 'move_rejected') rejected += 1;
          };
          ws.onerror = () => rej(new Error(`socket refused: ${u.url}`));
          ws.onclose = (e) => {
            if (!bot.ready) rej(new Error(`socket closed ${e.code} ${e.reason}`));
          };
          bots.push(bot);
        }),
    ),
  );
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([
    connecting,
    new Promise((_, rej) => {
      timer = setTimeout(
        () => rej(new Error(`only ${bots.filter((b) => b.ready).length} of ${users.length} connected in 3 minutes`)),
        // Each connection does its database work (session, seat, survivor) on a server a loaded machine may starve.
        180_000,
      );
    }),
  ]);
  clearTimeout(timer);
  // Let joins, rosters and the game log settle before measuring: 2,000 joins keep a loaded server busy for seconds.
  await Bun.sleep(1000 + 2 * users.length);
  frames = 0;
  const cpu0 = opts.pids.map(cpuSeconds);
  const db0 = opts.databaseCpuSeconds?.() ?? 0;
  const clientCpu0 = process.cpuUsage();
  const t0 = performance.now();
  const interval = 1000 / opts.rate;
  const timers: ReturnType<typeof setInterval>[] = [];
  const starts = bots.map((bot, i) =>
    setTimeout(
      () => {
        timers.push(
          setInterval(() => {
            bot.seq += 1;
            const x = bot.x + (bot.seq % 2 === 0 ? 0.5 : -0.5) + (bot.seq % 1000) * 1e-6;
            sentAt.set(`${bot.id}:${x}`, performance.now());
            bot.ws.send(JSON.stringify({ type: 'player_move', x, y: bot.y }));
          }, interval),
        );
      },
      // Players are not in step: each starts at its own point of the interval (evenly spread, shuffled by index).
      (((i * 7919) % bots.length) * interval) / bots.length,
    ),
  );
  const rss: number[][] = opts.pids.map(() => []);
  const sampler = setInterval(() => {
    for (const [i, pid] of opts.pids.entries()) rss[i]!.push(rssMiB(pid));
  }, 1000);
  await Bun.sleep(opts.seconds * 1000);
  for (const t of starts) clearTimeout(t);
  for (const t of timers) clearInterval(t);
  clearInterval(sampler);
  await Bun.sleep(500);
  const elapsed = (performance.now() - t0) / 1000;
  const clientUse = process.cpuUsage(clientCpu0);
  const dbCpu = opts.databaseCpuSeconds ? ((opts.databaseCpuSeconds() - db0) / elapsed) * 100 : undefined;
  for (const b of bots) b.ws.close(1000);
  latencies.sort((a, b) => a - b);
  const q = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? Number.NaN;
  return {
    sentPerSecond: bots.reduce((s, b) => s + b.seq, 0) / elapsed,
    rejected,
    framesPerSecond: frames / elapsed,
    samples: latencies.length,
    p50: q(0.5),
    p99: q(0.99),
    max: q(1),
    processes: opts.pids.map((pid, i) => ({
      cpuPercent: ((cpuSeconds(pid) - cpu0[i]!) / elapsed) * 100,
      rssPeakMiB: Math.max(...rss[i]!),
    })),
    clientCpuPercent: ((clientUse.user + clientUse.system) / 1e6 / elapsed) * 100,
    databaseCpuPercent: dbCpu,
  };
}
