/**
 * Browser entry to the WASM core. Vite emits core-wasm/build/core.wasm as a hashed asset (astro.config.mjs keeps it
 * a real file: assetsInlineLimit 0) and this module streams and compiles it. Everything else is the shared wrapper
 * in ./index.ts (createCore), so the browser runs exactly the code Bun runs.
 *
 *   const core = await loadCoreInBrowser();
 *   const { biomes, pois } = core.generateChunk(seed, 0, 0);
 *
 * Works in a window and in a worker (./worker.ts uses it). `bun run build:wasm` must have run before the site build.
 */
import wasmUrl from './build/core.wasm?url';
import { createCore, type Core } from './index.ts';

export * from './index.ts';
export { wasmUrl };

const compiled = new Map<string, Promise<WebAssembly.Module>>();

function compile(url: string): Promise<WebAssembly.Module> {
  let module = compiled.get(url);
  if (!module) {
    module = (async () => {
      const response = await fetch(url);
      if (!response.ok) throw new Error(`core.wasm: ${response.status} ${response.statusText} for ${url}`);
      // instantiateStreaming needs Content-Type application/wasm; fall back to bytes for a misconfigured server.
      if (response.headers.get('content-type')?.startsWith('application/wasm')) return WebAssembly.compileStreaming(response);
      return WebAssembly.compile(await response.arrayBuffer());
    })();
    compiled.set(url, module);
    module.catch(() => compiled.delete(url));
  }
  return module;
}

/** Loads the core (compiled once per URL, a fresh instance and memory per call). */
export async function loadCoreInBrowser(url: string = wasmUrl): Promise<Core> {
  return createCore(await WebAssembly.instantiate(await compile(url)));
}
