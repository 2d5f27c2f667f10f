/**
 * The modules depend downward only: no module reaches, through its runtime imports, back to itself (a cycle once
 * ran actions → npcs → settlements → actions). A type-only import carries no code and is not counted.
 */
import { describe, expect, test } from 'bun:test';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const MODULES = resolve(import.meta.dir);
const RUNTIME_IMPORT = /^import\s+(?!type\s)[^;]*?from\s+'(\.[^']+)'/gms;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sources(path);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** module name (the folder under api/modules) → the other modules its files import at runtime. */
function moduleGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  const moduleOf = (file: string) => relative(MODULES, file).split('/')[0]!;
  for (const file of sources(MODULES)) {
    const from = moduleOf(file);
    if (from.endsWith('.ts')) continue; // a file beside the modules (game-access.ts), not one of them
    const edges = graph.get(from) ?? new Set<string>();
    graph.set(from, edges);
    for (const [, spec] of readFileSync(file, 'utf8').matchAll(RUNTIME_IMPORT)) {
      const target = resolve(dirname(file), spec!);
      if (!target.startsWith(`${MODULES}/`)) continue;
      const to = moduleOf(target);
      if (to !== from && !to.endsWith('.ts')) edges.add(to);
    }
  }
  return graph;
}

function cycleFrom(graph: Map<string, Set<string>>, start: string): string[] | null {
  const walk = (node: string, path: string[]): string[] | null => {
    for (const next of graph.get(node) ?? []) {
      if (next === start) return [...path, next];
      if (!path.includes(next)) {
        const found = walk(next, [...path, next]);
        if (found) return found;
      }
    }
    return null;
  };
  return walk(start, [start]);
}

describe('module dependencies', () => {
  test('the graph is read from the sources (actions imports npcs at runtime)', () => {
    expect(moduleGraph().get('actions')?.has('npcs')).toBe(true);
  });

  test('no module imports itself back through others', () => {
    const graph = moduleGraph();
    const cycles = [...graph.keys()].map((m) => cycleFrom(graph, m)).filter((c) => c !== null);
    expect(cycles.map((c) => c.join(' → '))).toEqual([]);
  });
});
