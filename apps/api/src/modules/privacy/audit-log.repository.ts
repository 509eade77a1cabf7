import { type Database, schema } from '@stolik/db';
import { and, asc, count, desc, eq, gte, like, lt, or, type SQL } from 'drizzle-orm';

const { auditLog, users, memberships } = schema;

/** Which entries of a restaurant's audit log to read (all bounds optional). */
export interface AuditLogFilter {
  /** An action ('queue.call'), or a group of them by its prefix ('queue'). */
  action?: string | undefined;
  actor?: number | undefined;
  /** From this instant on. */
  from?: Date | undefined;
  /** Before this instant. */
  before?: Date | undefined;
}

/** Where the audit log is read (it is written by shared/audit.ts). */
export function createAuditLogRepository(db: Database) {
  return {
    /** One page of the restaurant's entries, newest first, with who did each, and how many there are. */
    async page(restaurantId: number, filter: AuditLogFilter, limit: number, offset: number) {
      const conditions: SQL[] = [eq(auditLog.restaurantId, restaurantId)];
      if (filter.action) {
        // 'queue' is every action on the queue; 'queue.call' that one alone.
        const group = or(eq(auditLog.action, filter.action), like(auditLog.action, `${filter.action}.%`));
        if (group) conditions.push(group);
      }
      if (filter.actor !== undefined) conditions.push(eq(auditLog.actorId, filter.actor));
      if (filter.from) conditions.push(gte(auditLog.at, filter.from));
      if (filter.before) conditions.push(lt(auditLog.at, filter.before));
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
        .limit(limit)
        .offset(offset);
      return { count: total?.n ?? 0, rows };
    },

    /** The restaurant's staff, by first name. */
    staffOf: (restaurantId: number) =>
      db
        .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
        .from(memberships)
        .innerJoin(users, eq(users.id, memberships.userId))
        .where(eq(memberships.restaurantId, restaurantId))
        .orderBy(asc(users.firstName), asc(users.id)),
  };
}
