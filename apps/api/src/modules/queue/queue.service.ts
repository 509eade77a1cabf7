import type { Database } from '@stolik/db';
import { createVisitsRepository } from '../../shared/visits.repository';
import { createReachReads } from '../guest-messages/reach.repository';
import { createQueueRepository } from './queue.repository';
import { createQueueChanges } from './queue-changes';
import { createQueueCommands } from './queue-commands';
import { createGuestQueue } from './queue-guest';
import { createQueueReads } from './queue-reads';
import { createQueueViews } from './queue-views';
import { createQueueWaits, type SharedReads } from './queue-waits';

/**
 * The live queue: guests join (form, Telegram) or are added at the door; staff move them through
 * the status machine. Composed of commands (queue-commands.ts), reads (queue-reads.ts), the guest
 * side (queue-guest.ts) and the waits (queue-waits.ts); every write goes through queue-changes.ts
 * (history and outbox in the same transaction), every query through queue.repository.ts.
 */
export function createQueueService(
  db: Database,
  now: () => Date = () => new Date(),
  options: { turnCacheMs?: number; shared?: SharedReads } = {},
) {
  const repository = createQueueRepository(db);
  const waits = createQueueWaits(db, repository, now, options);
  const views = createQueueViews(repository, waits, createVisitsRepository(db), createReachReads(db));
  const changes = createQueueChanges(db, now, repository);
  return {
    ...createQueueReads(db, now, { repository, views, waits }),
    ...createQueueCommands(db, now, { repository, changes, views, waits }),
    ...createGuestQueue(db, { repository, changes, waits, shared: options.shared }),
  };
}
export type QueueService = ReturnType<typeof createQueueService>;
