import { createHmac, randomBytes } from 'node:crypto';
import { type Database, schema } from '@stolik/db';
import { ROLE_MANAGER } from '@stolik/domain';
import { and, eq, isNotNull, sql } from 'drizzle-orm';

/** Links a user to a Telegram account (the chat id of a private chat is the user's Telegram id). */
export async function linkTelegram(db: Database, userId: number, telegramId: number): Promise<void> {
  await db.update(schema.users).set({ telegramId }).where(eq(schema.users.id, userId));
}

/** Subscribes a user, straight in the table (also where the API would refuse: a test of the dispatcher's own checks). */
export async function subscribe(
  db: Database,
  userId: number,
  restaurantId: number,
  type: 'queue' | 'booking',
  statuses: string[],
): Promise<void> {
  await db
    .insert(schema.telegramNotificationSettings)
    .values({ userId, restaurantId, type, statuses })
    .onConflictDoUpdate({
      target: [
        schema.telegramNotificationSettings.userId,
        schema.telegramNotificationSettings.restaurantId,
        schema.telegramNotificationSettings.type,
      ],
      set: { statuses },
    });
}

/**
 * `count` hostesses of a restaurant, each linked to Telegram (ids from `firstTelegramId`) and
 * subscribed to queue 'live'. Returns their chat ids.
 */
export async function subscribedHostesses(
  db: Database,
  restaurantId: number,
  count: number,
  firstTelegramId: number,
): Promise<number[]> {
  const chats: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const telegramId = firstTelegramId + i;
    const [user] = await db
      .insert(schema.users)
      .values({
        email: `tg${telegramId}-${randomBytes(3).toString('hex')}@stolik.test`,
        firstName: `Хостес${i}`,
        telegramId,
      })
      .returning();
    if (!user) throw new Error('no user');
    await db.insert(schema.memberships).values({ userId: user.id, restaurantId, role: ROLE_MANAGER });
    await subscribe(db, user.id, restaurantId, 'queue', ['live']);
    chats.push(telegramId);
  }
  return chats;
}

/** An outbox row as the queue service writes it for a new guest (status 'live'). */
export async function queueEvent(
  db: Database,
  restaurantId: number,
  number: number,
  name = `Гость ${number}`,
) {
  const [row] = await db
    .insert(schema.outbox)
    .values({
      restaurantId,
      type: 'queue',
      status: 'live',
      entityId: 100_000 + number,
      payload: { number, group_size: 2, name },
    })
    .returning();
  if (!row) throw new Error('no outbox row');
  return row;
}

/** Waits until every outbox row is handed over and every delivery is finished (sent or failed). */
export async function settled(db: Database, timeoutMs = 15_000): Promise<void> {
  const started = Date.now();
  for (;;) {
    // One statement, one snapshot: counted apart, a fan-out committing between the two counts
    // would look like nothing left to do.
    const result = (await db.execute(sql`
      select
        (select count(*)::int from ${schema.notificationDeliveries}
          where delivered_at is null and failed_at is null) as deliveries,
        (select count(*)::int from ${schema.outbox}
          where delivered_at is null and failed_at is null) as outbox
    `)) as unknown as { rows: { deliveries: number; outbox: number }[] };
    const counts = result.rows[0];
    if (counts && Number(counts.deliveries) === 0 && Number(counts.outbox) === 0) return;
    if (Date.now() - started > timeoutMs) {
      throw new Error(`not settled in ${timeoutMs} ms: ${JSON.stringify(counts)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * An outbox row as the queue service writes it when a guest who joined from the Mini App is
 * called: one message to that guest's own chat.
 */
export async function guestCalledEvent(db: Database, restaurantId: number, number: number, chatId: number) {
  // A real called entry: the guest messenger tells only guests who exist.
  const [entry] = await db
    .insert(schema.queueEntries)
    .values({
      restaurantId,
      serviceDate: new Date().toISOString().slice(0, 10),
      number: 200_000 + number,
      groupSize: 2,
      source: 'telegram',
      status: 'called',
      guestToken: randomBytes(18).toString('base64url'),
      telegramChatId: chatId,
    })
    .returning();
  if (!entry) throw new Error('no entry');
  const [row] = await db
    .insert(schema.outbox)
    .values({
      restaurantId,
      type: 'guest',
      status: 'called',
      entityId: entry.id,
      payload: { channel: 'telegram', chat_id: chatId, number },
    })
    .returning();
  if (!row) throw new Error('no outbox row');
  return row;
}

/** The guest chats whose message is already marked sent (a snapshot, e.g. right after a crash). */
export async function deliveredChats(db: Database, restaurantId: number): Promise<Set<number>> {
  const rows = await db
    .select({ chat: schema.notificationDeliveries.chatId })
    .from(schema.notificationDeliveries)
    .where(
      and(
        eq(schema.notificationDeliveries.restaurantId, restaurantId),
        isNotNull(schema.notificationDeliveries.deliveredAt),
      ),
    );
  return new Set(rows.map((r) => r.chat));
}

/**
 * What a burst to one message per chat came to: how often each chat got it, and which chats got
 * it more than once, with the root (`via`) each arrival came through, in the order they arrived.
 */
export function arrivals(
  calls: readonly { payload: Record<string, unknown>; at: number; via: string }[],
  chats: number[],
) {
  const wanted = new Set(chats);
  const byChat = new Map<number, { at: number; via: string }[]>();
  for (const call of calls) {
    const chat = Number(call.payload.chat_id);
    if (!wanted.has(chat)) continue;
    byChat.set(chat, [...(byChat.get(chat) ?? []), { at: call.at, via: call.via }]);
  }
  return {
    missing: chats.filter((chat) => !byChat.has(chat)),
    repeated: [...byChat.entries()]
      .filter(([, times]) => times.length > 1)
      .map(([chat, times]) => ({ chat, times: times.map((x) => x.at), vias: times.map((x) => x.via) })),
  };
}

/**
 * Init data of any shape, signed as Telegram signs it (HMAC-SHA256 of the sorted `key=value` lines
 * with the key HMAC("WebAppData", bot token)): what older clients send (no `signature`), without
 * a user, with a user that is not JSON… `auth_date` defaults to now; null leaves it out.
 */
export function signRawInitData(
  fields: Record<string, string>,
  botToken: string,
  authDate: Date | null = new Date(),
): string {
  const all: Record<string, string> = { ...fields };
  if (authDate) all.auth_date = String(Math.floor(authDate.getTime() / 1000));
  const check = Object.entries(all)
    .map(([key, value]) => `${key}=${value}`)
    .sort()
    .join('\n');
  const secret = createHmac('sha256', 'WebAppData').update(botToken).digest();
  const hash = createHmac('sha256', secret).update(check).digest('hex');
  return new URLSearchParams({ ...all, hash }).toString();
}
