import { type SQL, sql } from 'drizzle-orm';

/**
 * The SQL that blanks a guest in the places they are written down: the row's name, phone, comment
 * and Telegram chat; the same fields in its history's `changes`; the name, phone and chat in the
 * outbox rows that told of it. Counts, sizes, times and statuses (the statistics) are untouched.
 */

/** Does this jsonb (history changes, an outbox payload) still hold a guest's words? */
export const holdsGuestValues = (column: SQL) =>
  sql`(coalesce(${column}->>'name', '') <> '' or coalesce(${column}->>'phone', '') <> '' or coalesce(${column}->>'comment', '') <> '')`;

/** The same jsonb with the guest's name, phone and comment blanked where present. */
export const scrubbedGuestValues = (column: SQL) => sql`${column} || jsonb_strip_nulls(jsonb_build_object(
  'name', case when ${column} ? 'name' then '' end,
  'phone', case when ${column} ? 'phone' then '' end,
  'comment', case when ${column} ? 'comment' then '' end))`;

/** An outbox payload that still names the guest or their Telegram chat. */
export const payloadHoldsGuest = sql`(${holdsGuestValues(sql`payload`)} or payload ? 'chat_id')`;

/** The payload without the guest: no name, no phone, no chat (a guest message left unsent goes nowhere). */
export const scrubbedPayload = scrubbedGuestValues(sql`(payload - 'chat_id')`);

/** A queue entry or booking that still holds something of the guest. */
export const rowHoldsGuest = (alias: string) =>
  sql.raw(
    `(${alias}.name <> '' or ${alias}.phone <> '' or ${alias}.comment <> '' or ${alias}.telegram_chat_id is not null)`,
  );

const idList = (ids: readonly number[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

/** The outbox rows of a guest's queue entries (staff news and the guest's 'your table is ready'). */
export const outboxOfEntries = (ids: readonly number[]) =>
  sql`((type = 'queue' or (type = 'guest' and status not like 'booking%')) and entity_id in (${idList(ids)}))`;

/** The outbox rows of a guest's bookings (staff news and the guest's confirmation or cancellation). */
export const outboxOfBookings = (ids: readonly number[]) =>
  sql`((type = 'booking' or (type = 'guest' and status like 'booking%')) and entity_id in (${idList(ids)}))`;
