// Placeholder until the WASM core lands: the build pipeline compiles it end to end.
export const CHUNK_SIZE: i32 = 128;
export function version(): i32 {
  return 1;
}
