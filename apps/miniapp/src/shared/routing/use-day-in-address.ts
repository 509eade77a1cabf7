import { parseIsoDate } from '@stolik/domain';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { todayIn } from '../time/restaurant-clock';

/**
 * The day a screen shows, kept in the address (?date=) so a reload or a shared link keeps it. Without
 * a valid date there it is the restaurant's service day now, and follows the clock past the day's edge.
 * Choosing a day replaces the history entry (the other parameters stay).
 */
export function useDayInAddress(timeZone: string, now: number) {
  const [params, setParams] = useSearchParams();
  const today = todayIn(timeZone, now);
  const asked = params.get('date');
  const date = asked && parseIsoDate(asked) ? asked : today;
  const setDate = useCallback(
    (next: string) =>
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          updated.set('date', next);
          return updated;
        },
        { replace: true },
      ),
    [setParams],
  );
  return { date, today, setDate };
}
