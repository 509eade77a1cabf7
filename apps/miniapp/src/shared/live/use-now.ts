import { useEffect, useState } from 'react';

/** The current time, renewed every `everyMs`: elapsed waits, "late" and the now-line move without a refetch. */
export function useNow(everyMs = 10_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
