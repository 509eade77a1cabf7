import { type Database, schema, type Tx } from '@stolik/db';
import { and, eq, sql } from 'drizzle-orm';

/**
 * A restaurant's SMS against its monthly budget (`restaurants.sms_monthly_budget` messages in a
 * calendar month of the restaurant's own time zone; 0: never by SMS), counted in `sms_usage`.
 */

const { smsUsage, restaurants } = schema;

type Executor = Database | Tx;

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** The first day ('YYYY-MM-DD') of the month `now` falls in, in the restaurant's time zone. */
const monthOf = (now: Date) =>
  sql`(date_trunc('month', ${now.toISOString()}::timestamptz at time zone ${restaurants.timezone}))::date`;

/**
 * Counts one SMS of `segments` segments into the restaurant's month, if the month's messages are
 * still under its budget: 'taken', else 'budget' (spent, or 0, or no such restaurant). One
 * statement: the insert makes the month's row, a concurrent one finds it and updates it only
 * while `messages < budget`, which PostgreSQL checks on the row it has locked, as the last one
 * left it. So concurrent takes at the edge take exactly what is left.
 */
export async function takeSms(
  tx: Executor,
  restaurantId: number,
  segments: number,
  now: Date,
): Promise<'taken' | 'budget'> {
  const result = await tx.execute(sql`
    insert into ${smsUsage} (restaurant_id, month, messages, segments)
    select ${restaurants.id}, ${monthOf(now)}, 1, ${segments}
    from ${restaurants}
    where ${restaurants.id} = ${restaurantId} and ${restaurants.smsMonthlyBudget} > 0
    on conflict (restaurant_id, month) do update
      set messages = ${smsUsage.messages} + 1, segments = ${smsUsage.segments} + excluded.segments
      where ${smsUsage.messages} < (
        select r.sms_monthly_budget from ${restaurants} r where r.id = ${smsUsage.restaurantId}
      )
    returning ${smsUsage.messages}`);
  return rowsOf(result).length > 0 ? 'taken' : 'budget';
}

/**
 * Gives back an SMS that the provider did not take (refused, or never reached): the month's
 * count one message and `segments` segments lower, never below 0.
 */
export async function giveBackSms(
  tx: Executor,
  restaurantId: number,
  segments: number,
  now: Date,
): Promise<void> {
  await tx.execute(sql`
    update ${smsUsage}
    set messages = greatest(${smsUsage.messages} - 1, 0), segments = greatest(${smsUsage.segments} - ${segments}, 0)
    from ${restaurants}
    where ${restaurants.id} = ${restaurantId} and ${smsUsage.restaurantId} = ${restaurantId}
      and ${smsUsage.month} = ${monthOf(now)}`);
}

/** The first day of the month `now` falls in, in `timeZone`, as 'YYYY-MM-DD'. */
export function localMonth(now: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
  }).formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-01`;
}

/** The SMS a restaurant sent in a month ('YYYY-MM-01', or any day of it): messages and segments. */
export async function smsUsageOf(
  db: Executor,
  restaurantId: number,
  month: string,
): Promise<{ messages: number; segments: number }> {
  const first = `${month.slice(0, 7)}-01`;
  const [row] = await db
    .select({ messages: smsUsage.messages, segments: smsUsage.segments })
    .from(smsUsage)
    .where(and(eq(smsUsage.restaurantId, restaurantId), eq(smsUsage.month, first)));
  return row ?? { messages: 0, segments: 0 };
}

/** The admins' view: the SMS of the restaurant's current month (its time zone). */
export async function smsUsedThisMonth(
  db: Executor,
  restaurantId: number,
  now = new Date(),
): Promise<number> {
  const [restaurant] = await db
    .select({ timezone: restaurants.timezone })
    .from(restaurants)
    .where(eq(restaurants.id, restaurantId));
  if (!restaurant) return 0;
  return (await smsUsageOf(db, restaurantId, localMonth(now, restaurant.timezone))).messages;
}
