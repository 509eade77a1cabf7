/**
 * A process that is stopping (SIGTERM, server.ts): from `begin()` its health check answers 503, so
 * a proxy's health checks stop sending it anything new, while it still serves what reaches it;
 * every reply then closes its connection, so a proxy does not reuse one into a process about to
 * stop listening. The process then closes (event streams end with a retry hint, requests in
 * flight finish).
 */
export interface Drain {
  readonly draining: boolean;
  begin(): void;
}

export function createDrain(): Drain {
  let draining = false;
  return {
    get draining() {
      return draining;
    },
    begin() {
      draining = true;
    },
  };
}
