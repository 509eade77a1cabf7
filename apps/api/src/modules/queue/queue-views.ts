import type { GuestReach, QueueEntry } from '@stolik/contracts';
import { legacySourceOf, type PartyEstimate } from '@stolik/domain';
import { requireRestaurant, type Viewer } from '../../shared/access';
import { notFound } from '../../shared/http-errors';
import type { VisitsRepository } from '../../shared/visits.repository';
import type { ReachReads } from '../guest-messages/reach.repository';
import type { EntryRow, ListedEntry, QueueRepository } from './queue.repository';
import type { QueueWaits } from './queue-waits';

const iso = (value: Date | null) => (value ? value.toISOString() : null);

export function toQueueEntry(
  row: ListedEntry,
  estimate: PartyEstimate | undefined,
  visits: number,
  reach: GuestReach | null = null,
): QueueEntry {
  return {
    id: row.id,
    restaurant: row.restaurantId,
    number: row.number,
    group_size: row.groupSize,
    event: row.event,
    comment: row.comment,
    name: row.name,
    phone: row.phone,
    source: row.source,
    status: row.status,
    fake: row.fake,
    legacy_source: legacySourceOf(row),
    created: row.createdAt.toISOString(),
    invite_time: iso(row.invitedAt),
    seated_time: iso(row.seatedAt),
    finished_time: iso(row.finishedAt),
    tables: row.tableIds,
    quoted_wait: row.quotedWaitMinutes,
    waiting_time: estimate?.waitMinutes ?? null,
    waiting_range: estimate?.range ?? null,
    visits,
    reach,
  };
}

/** Queue entries as staff see them: their waits now and the guest's earlier visits. */
export function createQueueViews(
  repository: QueueRepository,
  waits: QueueWaits,
  visits: VisitsRepository,
  reach: ReachReads,
) {
  return {
    /** Entries of one restaurant with the waits already simulated (`estimates`). */
    async views(rows: ListedEntry[], estimates: Map<number, PartyEstimate>): Promise<QueueEntry[]> {
      const [earlier, reached] = await Promise.all([
        visits.ofQueueEntries(rows),
        reach.ofQueueEntries(rows.map((row) => row.id)),
      ]);
      return rows.map((row) =>
        toQueueEntry(row, estimates.get(row.id), earlier.get(row.id) ?? 0, reached.get(row.id) ?? null),
      );
    },

    /** An entry with its wait now (unless already known) and the guest's earlier visits. */
    async view(row: EntryRow, estimate?: PartyEstimate): Promise<QueueEntry> {
      const [earlier, reached] = await Promise.all([
        visits.ofQueueEntries([row]),
        reach.ofQueueEntries([row.id]),
      ]);
      return toQueueEntry(
        row,
        estimate ?? (await waits.estimates(row.restaurantId)).get(row.id),
        earlier.get(row.id) ?? 0,
        reached.get(row.id) ?? null,
      );
    },

    /** The entry, if the viewer works in its restaurant (404 otherwise, or 403 by role). */
    async entryFor(viewer: Viewer, id: number): Promise<EntryRow> {
      const row = await repository.findById(id);
      if (!row) throw notFound();
      requireRestaurant(viewer, row.restaurantId, 'member');
      return row;
    },
  };
}
export type QueueViews = ReturnType<typeof createQueueViews>;
