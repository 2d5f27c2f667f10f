/**
 * Coalesces refreshes: while a fetch is in flight, further requests collapse into one more fetch after it (so a
 * socket `inventory_updated`, the 12 s poll and our own action never stack three requests, and none is lost).
 */
export function coalesced(run: () => Promise<void>): () => Promise<void> {
  let inFlight: Promise<void> | null = null;
  let again = false;
  const loop = async () => {
    try {
      do {
        again = false;
        await run().catch(() => {}); // run() reports its own failures
      } while (again);
    } finally {
      inFlight = null;
    }
  };
  return () => {
    if (inFlight) {
      again = true;
      return inFlight;
    }
    inFlight = loop();
    return inFlight;
  };
}
