/**
 * The layers look down: every source file belongs to one layer,
 * and its runtime imports reach only its own layer or the layers below it. Beyond that, no feature module reaches,
 * through its runtime imports, back to itself (a cycle once ran actions → npcs → settlements → actions), and no
 * file does. A type-only import carries no code and is not counted; tests may import anything.
 */
import { describe, expect, test } from 'bun:test';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const ROOT = resolve(import.meta.dir, '..');
const MODULES = resolve(ROOT, 'api/modules');
const SOURCE_DIRS = ['core-wasm', 'api', 'db', 'site/src'];
const RUNTIME_IMPORT = /^(?:import|export)\s+(?!type\s)[^;]*?from\s+'(\.[^']+)'/gms;

/**
 * Lowest first. `uses`: the layers right below, whose own `uses` it may import too (so db, using api/contract,
 * may import api/game and core-wasm). The site shares the pure layers (rules, schemas, the core) and nothing else.
 */
const LAYERS: { name: string; paths: string[]; uses: string[] }[] = [
  { name: 'core-wasm', paths: ['core-wasm/'], uses: [] },
  { name: 'api/game', paths: ['api/game/'], uses: ['core-wasm'] },
  { name: 'api/contract', paths: ['api/contract/'], uses: ['api/game'] },
  { name: 'db', paths: ['db/'], uses: ['api/contract'] },
  { name: 'api/http', paths: ['api/http/'], uses: ['db'] },
  { name: 'api/live', paths: ['api/live/'], uses: ['api/http'] },
  { name: 'api/ops', paths: ['api/ops/'], uses: ['api/http'] },
  { name: 'api/modules', paths: ['api/modules/'], uses: ['api/live', 'api/ops'] },
  {
    name: 'the server and its commands',
    paths: [
      'api/app.ts',
      'api/config.ts',
      'api/services.ts',
      'api/production-mode.ts',
      'api/server.ts',
      'api/dev.ts',
      'api/play.ts',
      'api/worlds.ts',
    ],
    uses: ['api/modules'],
  },
  { name: 'test and bench tools', paths: ['api/testing/', 'api/bench/', 'api/fuzz/'], uses: ['the server and its commands'] },
  { name: 'site/src/lib', paths: ['site/src/lib/'], uses: ['api/contract'] },
  { name: 'site/src/stores', paths: ['site/src/stores/'], uses: ['site/src/lib'] },
  { name: 'site/src/game', paths: ['site/src/game/'], uses: ['site/src/stores'] },
  { name: 'site/src/islands', paths: ['site/src/islands/'], uses: ['site/src/game'] },
  {
    name: 'site pages',
    paths: ['site/src/pages/', 'site/src/layouts/', 'site/src/components/', 'site/src/content', 'site/src/env.d.ts'],
    uses: ['site/src/islands'],
  },
];

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    if (e.name === 'node_modules' || e.name === 'build') return [];
    const path = join(dir, e.name);
    if (e.isDirectory()) return sources(path);
    return /\.(ts|tsx|astro)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [path] : [];
  });
}

const layerOf = (file: string) => {
  const path = relative(ROOT, file);
  return LAYERS.find((l) => l.paths.some((p) => (p.endsWith('/') ? path.startsWith(p) : path === p || path.startsWith(p))));
};

/** Every layer each one may import: itself and, transitively, those it uses. */
function reachable(): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  const below = (name: string): Set<string> => {
    const known = out.get(name);
    if (known) return known;
    const layer = LAYERS.find((l) => l.name === name)!;
    const set = new Set([name, ...layer.uses.flatMap((u) => [...below(u)])]);
    out.set(name, set);
    return set;
  };
  for (const l of LAYERS) below(l.name);
  return out;
}

/** file → the files it imports at runtime (relative imports only: packages are not layers). */
function fileGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of SOURCE_DIRS.flatMap((d) => sources(resolve(ROOT, d)))) {
    const text = readFileSync(file, 'utf8');
    graph.set(
      file,
      [...text.matchAll(RUNTIME_IMPORT)].map(([, spec]) => resolve(dirname(file), spec!)),
    );
  }
  return graph;
}

/** module name (the folder under api/modules) → the other modules its files import at runtime. */
function moduleGraph(files: Map<string, string[]>): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  const moduleOf = (file: string) => relative(MODULES, file).split('/')[0]!;
  for (const [file, imports] of files) {
    if (!file.startsWith(`${MODULES}/`)) continue;
    const from = moduleOf(file);
    if (from.endsWith('.ts')) continue; // a file beside the modules (game-access.ts), not one of them
    const edges = graph.get(from) ?? new Set<string>();
    graph.set(from, edges);
    for (const target of imports) {
      if (!target.startsWith(`${MODULES}/`)) continue;
      const to = moduleOf(target);
      if (to !== from && !to.endsWith('.ts')) edges.add(to);
    }
  }
  return graph;
}

function cycleFrom<T>(graph: Map<T, Iterable<T>>, start: T): T[] | null {
  const seen = new Set<T>();
  const walk = (node: T, path: T[]): T[] | null => {
    for (const next of graph.get(node) ?? []) {
      if (next === start) return [...path, next];
      if (seen.has(next)) continue;
      seen.add(next);
      const found = walk(next, [...path, next]);
      if (found) return found;
    }
    return null;
  };
  return walk(start, [start]);
}

describe('dependencies', () => {
  const files = fileGraph();

  test('the graph is read from the sources (actions imports npcs; the socket imports the http layer)', () => {
    expect(moduleGraph(files).get('actions')?.has('npcs')).toBe(true);
    const socket = files.get(resolve(ROOT, 'api/live/socket.ts')) ?? [];
    expect(socket.some((t) => t.startsWith(resolve(ROOT, 'api/http')))).toBe(true);
  });

  test('every source file is in a layer', () => {
    expect([...files.keys()].filter((f) => !layerOf(f)).map((f) => relative(ROOT, f))).toEqual([]);
  });

  test('no runtime import reaches up a layer (or sideways into one not below)', () => {
    const may = reachable();
    const upward: string[] = [];
    for (const [file, imports] of files) {
      const from = layerOf(file);
      if (!from) continue;
      for (const target of imports) {
        const to = layerOf(target);
        if (to && !may.get(from.name)!.has(to.name))
          upward.push(`${relative(ROOT, file)} (${from.name}) → ${relative(ROOT, target)} (${to.name})`);
      }
    }
    expect(upward).toEqual([]);
  });

  test('the check sees an upward import: a rule importing a feature module would be one', () => {
    const may = reachable();
    expect(may.get('api/game')!.has('api/modules')).toBe(false);
    expect(may.get('site/src/game')!.has('site/src/islands')).toBe(false);
    expect(may.get('api/live')!.has('api/modules')).toBe(false);
    expect(may.get('db')!.has('api/game')).toBe(true);
  });

  test('no feature module imports itself back through others', () => {
    const graph = moduleGraph(files);
    const cycles = [...graph.keys()].map((m) => cycleFrom(graph, m)).filter((c) => c !== null);
    expect(cycles.map((c) => c.join(' → '))).toEqual([]);
  });

  test('no file imports itself back through others', () => {
    const cycles = [...files.keys()]
      .map((f) => cycleFrom(files, f))
      .filter((c) => c !== null)
      .map((c) => c.map((f) => relative(ROOT, f)).join(' → '));
    expect(cycles).toEqual([]);
  });
});
