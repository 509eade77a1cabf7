import type { AuditActor, AuditEntry, AuditLogQuery } from '@stolik/contracts';
import { type Database, schema } from '@stolik/db';
import { addDays, zonedInstant } from '@stolik/domain';
import { and, asc, count, desc, eq, gte, like, lt, or, type SQL } from 'drizzle-orm';
import { FieldValidationError, notFound } from '../../shared/http-errors';

const { auditLog, users, restaurants, memberships } = schema;

const nameOf = (user: { firstName: string; lastName: string; email: string | null; id: number }) =>
  `${user.firstName} ${user.lastName}`.trim() || user.email || `#${user.id}`;

/** GET /api/restaurant/{id}/audit-log/: what staff did here, newest first, for the restaurant's admins. */
export function createAuditLogService(db: Database) {
  return {
    async list(
      restaurantId: number,
      query: AuditLogQuery,
    ): Promise<{ count: number; results: AuditEntry[]; actors: AuditActor[] }> {
      const [restaurant] = await db
        .select({ timezone: restaurants.timezone })
        .from(restaurants)
        .where(eq(restaurants.id, restaurantId));
      if (!restaurant) throw notFound();
      if (query.start_date && query.end_date && query.end_date < query.start_date) {
        throw new FieldValidationError({ end_date: ['privacy.api.endBeforeStart'] });
      }
      const conditions: SQL[] = [eq(auditLog.restaurantId, restaurantId)];
      if (query.action) {
        // 'queue' is every action on the queue; 'queue.call' that one alone.
        const group = or(eq(auditLog.action, query.action), like(auditLog.action, `${query.action}.%`));
        if (group) conditions.push(group);
      }
      if (query.actor !== undefined) conditions.push(eq(auditLog.actorId, query.actor));
      if (query.start_date)
        conditions.push(gte(auditLog.at, zonedInstant(restaurant.timezone, query.start_date, '00:00')));
      if (query.end_date)
        conditions.push(
          lt(auditLog.at, zonedInstant(restaurant.timezone, addDays(query.end_date, 1), '00:00')),
        );
      const where = and(...conditions);

      const [total] = await db.select({ n: count() }).from(auditLog).where(where);
      const rows = await db
        .select({
          entry: auditLog,
          firstName: users.firstName,
          lastName: users.lastName,
          email: users.email,
        })
        .from(auditLog)
        .leftJoin(users, eq(users.id, auditLog.actorId))
        .where(where)
        .orderBy(desc(auditLog.at), desc(auditLog.id))
        .limit(query.page_size)
        .offset((query.page - 1) * query.page_size);
      const staff = await db
        .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
        .from(memberships)
        .innerJoin(users, eq(users.id, memberships.userId))
        .where(eq(memberships.restaurantId, restaurantId))
        .orderBy(asc(users.firstName), asc(users.id));

      return {
        count: total?.n ?? 0,
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
