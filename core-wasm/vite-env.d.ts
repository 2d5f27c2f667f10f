/** Vite's `?url` imports (core-wasm/browser.ts): the emitted file's URL. */
declare module '*.wasm?url' {
  const url: string;
  export default url;
}
