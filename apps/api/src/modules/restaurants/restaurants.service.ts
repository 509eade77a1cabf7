import {
  GUEST_CHANNEL_NAMES,
  type GuestChannelName,
  type Restaurant,
  type RestaurantPatchBody,
  type Table,
} from '@stolik/contracts';
import type { Viewer } from '../../shared/access';
import { notFound } from '../../shared/http-errors';
import type { RestaurantRow, RestaurantsRepository, TableRow } from './restaurants.repository';

export function toRestaurant(row: RestaurantRow): Restaurant {
  return {
    id: row.id,
    name: row.name,
    timezone: row.timezone,
    has_bookings: row.hasBookings,
    ui_content: {
      app: {
        hide_orders: row.uiContent.app?.hide_orders ?? false,
        hide_main_table: row.uiContent.app?.hide_main_table ?? false,
      },
    },
    tags: row.tags,
    guest_retention_days: row.guestRetentionDays,
    quote_walk_minutes: row.quoteWalkMinutes,
    quote_grace_minutes: row.quoteGraceMinutes,
    guest_ladder: row.guestLadder.filter((channel): channel is GuestChannelName =>
      (GUEST_CHANNEL_NAMES as readonly string[]).includes(channel),
    ),
    guest_answer_wait_seconds: row.guestAnswerWaitSeconds,
    sms_monthly_budget: row.smsMonthlyBudget,
  };
}

/** The zone's canonical IANA name ('europe/moscow' -> 'Europe/Moscow'), as every later computation reads it. */
export const canonicalTimeZone = (name: string) =>
  new Intl.DateTimeFormat('en', { timeZone: name }).resolvedOptions().timeZone;

/** Tags once each, ignoring case; the first spelling wins. */
function distinctTags(tags: string[]): string[] {
  const seen = new Set<string>();
  return tags.filter((tag) => {
    const key = tag.toLocaleLowerCase('ru');
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

export function toTable(row: TableRow): Table {
  return {
    id: row.id,
    restaurant: row.restaurantId,
    zone: row.zoneId,
    number: row.number,
    seats_min: row.seatsMin,
    seats_max: row.seatsMax,
    is_reservable: row.isReservable,
    shape: row.shape,
    x: row.x,
    y: row.y,
    width: row.width,
    height: row.height,
    rotation: row.rotation,
  };
}

export function createRestaurantsService(
  repository: RestaurantsRepository,
  options: { smsConfigured?: boolean } = {},
) {
  /** One restaurant as its settings show it: with this month's SMS and whether SMS is on here. */
  const withSms = async (row: RestaurantRow): Promise<Restaurant> => ({
    ...toRestaurant(row),
    sms_used_this_month: await repository.smsUsedThisMonth(row.id),
    sms_configured: options.smsConfigured ?? false,
  });
  return {
    /** The viewer's restaurants; a superuser's are all of them. */
    list: async (viewer: Viewer): Promise<Restaurant[]> =>
      (await repository.list(viewer.isSuperuser ? 'all' : [...viewer.memberships.keys()])).map(toRestaurant),

    /** Access was checked by the route (membership); here only existence. */
    get: async (id: number): Promise<Restaurant> => {
      const row = await repository.findById(id);
      if (!row) throw notFound();
      return withSms(row);
    },

    /** The restaurant's own settings (settings 'restaurant': default and tags); only what is sent changes. */
    update: async (id: number, body: RestaurantPatchBody): Promise<Restaurant> => {
      const before = await repository.findById(id);
      if (!before) throw notFound();
      const app = body.ui_content?.app;
      const row = await repository.update(id, {
        ...(body.name !== undefined ? { name: body.name } : {}),
        ...(body.timezone !== undefined ? { timezone: canonicalTimeZone(body.timezone) } : {}),
        ...(body.has_bookings !== undefined ? { hasBookings: body.has_bookings } : {}),
        ...(app
          ? {
              uiContent: {
                ...before.uiContent,
                app: {
                  hide_orders: app.hide_orders ?? before.uiContent.app?.hide_orders ?? false,
                  hide_main_table: app.hide_main_table ?? before.uiContent.app?.hide_main_table ?? false,
                },
              },
            }
          : {}),
        ...(body.tags !== undefined ? { tags: distinctTags(body.tags) } : {}),
        ...(body.guest_retention_days !== undefined ? { guestRetentionDays: body.guest_retention_days } : {}),
        ...(body.quote_walk_minutes !== undefined ? { quoteWalkMinutes: body.quote_walk_minutes } : {}),
        ...(body.quote_grace_minutes !== undefined ? { quoteGraceMinutes: body.quote_grace_minutes } : {}),
        ...(body.guest_ladder !== undefined ? { guestLadder: body.guest_ladder } : {}),
        ...(body.guest_answer_wait_seconds !== undefined
          ? { guestAnswerWaitSeconds: body.guest_answer_wait_seconds }
          : {}),
        ...(body.sms_monthly_budget !== undefined ? { smsMonthlyBudget: body.sms_monthly_budget } : {}),
      });
      return withSms(row);
    },

    tables: async (id: number): Promise<Table[]> => {
      if (!(await repository.findById(id))) throw notFound();
      return (await repository.tables(id)).map(toTable);
    },
  };
}
export type RestaurantsService = ReturnType<typeof createRestaurantsService>;
