import { useEffect, useState } from 'react';

/** The wall clock, re-read every `everyMs` while it is given (a countdown on screen); null stops the ticking. */
export function useNow(everyMs: number | null): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    if (everyMs === null) return;
    setNow(Date.now());
    const t = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(t);
  }, [everyMs]);
  return now;
}
