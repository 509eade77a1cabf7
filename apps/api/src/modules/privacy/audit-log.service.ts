import type { AuditActor, AuditEntry, AuditLogQuery } from '@stolik/contracts';
import type { Database } from '@stolik/db';
import { addDays, zonedInstant } from '@stolik/domain';
import { FieldValidationError, notFound } from '../../shared/http-errors';
import { createRestaurantsRepository } from '../restaurants/restaurants.repository';
import { createAuditLogRepository } from './audit-log.repository';

const nameOf = (user: { firstName: string; lastName: string; email: string | null; id: number }) =>
  `${user.firstName} ${user.lastName}`.trim() || user.email || `#${user.id}`;

/** GET /api/restaurant/{id}/audit-log/: what staff did here, newest first, for the restaurant's admins. */
export function createAuditLogService(db: Database) {
  const repository = createAuditLogRepository(db);
  const restaurants = createRestaurantsRepository(db);

  return {
    async list(
      restaurantId: number,
      query: AuditLogQuery,
    ): Promise<{ count: number; results: AuditEntry[]; actors: AuditActor[] }> {
      const timezone = await restaurants.timezoneOf(restaurantId);
      if (timezone === undefined) throw notFound();
      if (query.start_date && query.end_date && query.end_date < query.start_date) {
        throw new FieldValidationError({ end_date: ['privacy.api.endBeforeStart'] });
      }
      const { count, rows } = await repository.page(
        restaurantId,
        {
          action: query.action,
          actor: query.actor,
          from: query.start_date ? zonedInstant(timezone, query.start_date, '00:00') : undefined,
          before: query.end_date ? zonedInstant(timezone, addDays(query.end_date, 1), '00:00') : undefined,
        },
        query.page_size,
        (query.page - 1) * query.page_size,
      );
      const staff = await repository.staffOf(restaurantId);

      return {
        count,
        results: rows.map(({ entry, firstName, lastName, email }) => ({
          id: entry.id,
          at: entry.at.toISOString(),
          action: entry.action,
          entity_type: entry.entityType,
          entity_id: entry.entityId,
          actor:
            entry.actorId === null
              ? null
              : {
                  id: entry.actorId,
                  name: nameOf({
                    id: entry.actorId,
                    firstName: firstName ?? '',
                    lastName: lastName ?? '',
                    email,
                  }),
                },
          details: entry.details,
          request_id: entry.requestId,
        })),
        actors: staff.map((user) => ({ id: user.id, name: nameOf(user) })),
      };
    },
  };
}
export type AuditLogService = ReturnType<typeof createAuditLogService>;
