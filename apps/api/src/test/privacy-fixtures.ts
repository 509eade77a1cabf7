import { randomBytes } from 'node:crypto';
import { type Database, schema } from '@stolik/db';
import { asc, eq, inArray } from 'drizzle-orm';

/**
 * Guests written straight into the database at fixed moments, as years of service would leave
 * them: the privacy tests need rows older than any retention period.
 */
type EntryValues = typeof schema.queueEntries.$inferInsert;
type BookingValues = typeof schema.bookings.$inferInsert;

let counter = 0;
const next = () => ++counter;
/** A distinct valid Russian mobile number per call. */
export const freshPhone = () => `+7916${String(1_000_000 + next()).slice(-7)}`;
const token = () => randomBytes(12).toString('hex');

export async function insertEntry(
  db: Database,
  values: Pick<EntryValues, 'restaurantId' | 'status' | 'createdAt'> & Partial<EntryValues>,
) {
  const n = next();
  const created = values.createdAt as Date;
  const [row] = await db
    .insert(schema.queueEntries)
    .values({
      serviceDate: created.toISOString().slice(0, 10),
      number: n,
      groupSize: 3,
      source: 'guest_form',
      guestToken: token(),
      name: `Гость ${n}`,
      phone: freshPhone(),
      comment: 'у окна, аллергия на орехи',
      telegramChatId: 700_000 + n,
      guestDeviceHash: `device-hash-${n}`,
      quotedWaitMinutes: 15,
      updatedAt: values.finishedAt ?? values.seatedAt ?? values.invitedAt ?? created,
      ...values,
    })
    .returning();
  if (!row) throw new Error('no entry');
  return row;
}

export async function insertBooking(
  db: Database,
  values: Pick<BookingValues, 'restaurantId' | 'status' | 'seatingTime'> & Partial<BookingValues>,
) {
  const n = next();
  const start = values.seatingTime as Date;
  const [row] = await db
    .insert(schema.bookings)
    .values({
      groupSize: 4,
      endTime: new Date(start.getTime() + 2 * 3_600_000),
      name: `Бронь ${n}`,
      phone: freshPhone(),
      comment: 'день рождения, торт свой',
      source: 'telegram',
      guestToken: token(),
      telegramChatId: 800_000 + n,
      guestDeviceHash: `booking-device-hash-${n}`,
      createdAt: new Date(start.getTime() - 86_400_000),
      updatedAt: values.endTime ?? new Date(start.getTime() + 2 * 3_600_000),
      ...values,
    })
    .returning();
  if (!row) throw new Error('no booking');
  return row;
}

export async function insertRestaurant(db: Database, name: string, guestRetentionDays?: number) {
  const [row] = await db
    .insert(schema.restaurants)
    .values({ name, ...(guestRetentionDays ? { guestRetentionDays } : {}) })
    .returning();
  if (!row) throw new Error('no restaurant');
  return row;
}

/** What the statistics read of the entries: everything but the guest's name, phone, comment and chat. */
export async function entryStatistics(db: Database, ids: number[]) {
  const rows = await db
    .select()
    .from(schema.queueEntries)
    .where(inArray(schema.queueEntries.id, ids))
    .orderBy(asc(schema.queueEntries.id));
  // The guest's words and what ties the entry to them (chat, device); the rest is the statistics.
  return rows.map(({ name, phone, comment, telegramChatId, guestDeviceHash, ...rest }) => rest);
}

export async function bookingStatistics(db: Database, ids: number[]) {
  const rows = await db
    .select()
    .from(schema.bookings)
    .where(inArray(schema.bookings.id, ids))
    .orderBy(asc(schema.bookings.id));
  return rows.map(({ name, phone, comment, telegramChatId, guestDeviceHash, ...rest }) => rest);
}

export async function entryRow(db: Database, id: number) {
  const [row] = await db.select().from(schema.queueEntries).where(eq(schema.queueEntries.id, id));
  if (!row) throw new Error(`no entry ${id}`);
  return row;
}

export async function bookingRow(db: Database, id: number) {
  const [row] = await db.select().from(schema.bookings).where(eq(schema.bookings.id, id));
  if (!row) throw new Error(`no booking ${id}`);
  return row;
}

/** The guest fields of a row, to compare in one go. */
export const guestOf = (row: {
  name: string;
  phone: string;
  comment: string;
  telegramChatId: number | null;
}) => ({ name: row.name, phone: row.phone, comment: row.comment, telegramChatId: row.telegramChatId });

export const BLANK = { name: '', phone: '', comment: '', telegramChatId: null };
