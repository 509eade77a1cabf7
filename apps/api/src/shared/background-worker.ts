/**
 * The two small pieces every background loop here needs (the Telegram dispatcher, the guest
 * messenger): a sleep that a change can cut short, and the sends under way, awaited on stop.
 */

/** `sleep(ms)` resolves after `ms`, or at once when `wake()` is called (a change was announced). */
export function wakeableSleep() {
  let wakeUp: (() => void) | null = null;
  return {
    wake(): void {
      const w = wakeUp;
      wakeUp = null;
      w?.();
    },
    sleep(ms: number): Promise<void> {
      return new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          wakeUp = null;
          resolve();
        }, ms);
        wakeUp = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    },
  };
}

/** Work started and not awaited by the loop: a failure is logged, and `settled()` waits for all. */
export function inFlightWork(onError: (error: unknown) => void) {
  const inFlight = new Set<Promise<void>>();
  return {
    track(promise: Promise<void>): void {
      const guarded = promise.catch(onError);
      inFlight.add(guarded);
      void guarded.finally(() => inFlight.delete(guarded));
    },
    async settled(): Promise<void> {
      await Promise.all([...inFlight]);
    },
  };
}
