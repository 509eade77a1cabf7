import {
  AvailableSlotsQuery,
  AvailableSlotsV1,
  AvailableSlotsV2,
  AvailableTablesQuery,
  Booking,
  BookingCreateBody,
  BookingHistoryItem,
  BookingListQuery,
  BookingPage,
  BookingParams,
  BookingUpdateBody,
  BookingVersionHeaders,
  ChangeRestaurantBody,
  ContactsExportQuery,
  DayTablePage,
  FindTablesQuery,
  GuestBookingBody,
  GuestBookingCreated,
  GuestBookingStatus,
  GuestCount,
  GuestCountQuery,
  GuestTokenParams,
  HistorySearchCount,
  HistorySearchGuest,
  HistorySearchQuery,
  PublicSlots,
  PublicSlotsQuery,
  RestaurantIdQuery,
  RestaurantParams,
  TableFitSchema,
  WaitingListBody,
} from '@stolik/contracts';
import { normalizeMobilePhone } from '@stolik/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { viewerOf } from '../../plugins/authentication';
import { access } from '../../shared/access';
import { contractSerializerCompiler } from '../../shared/contract-serializer';
import { errorReplies } from '../../shared/error-replies';
import { pageLinks } from '../../shared/pagination';
import { addressOf, perAddress, type RateLimiter, SMALL_BODY_LIMIT } from '../../shared/rate-limit';
import { rememberedValidatorCompiler } from '../../shared/remembered-validation';
import type { ReadCache } from '../events/read-cache';
import type { GuestChannelOf } from '../telegram/guest-chat';
import type { BookingService } from './booking.service';
import { contactsWorkbook } from './contacts-export';

const errors = errorReplies;
const REQUEST_PER_ADDRESS = { max: 20, windowS: 10 * 60 };
const REQUEST_PER_PHONE = { max: 5, windowS: 10 * 60 };
const SLOTS_PER_ADDRESS = { max: 120, windowS: 60 };
const IdempotencyHeaders = z.object({ 'idempotency-key': z.string().min(8).max(100).optional() });
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Bookings, availability and the guest booking form (spec §7 slots and bookings). */
export const bookingRoutes: FastifyPluginAsyncZod<{
  bookings: BookingService;
  limiter: RateLimiter;
  /** The guest's Telegram chat from the form's init_data (400 when forged or too old). */
  guestChannel: GuestChannelOf;
  /** The hot reads' replies (the bookings of a day). */
  reads: ReadCache;
}> = async (app, { bookings, limiter, guestChannel, reads }) => {
  app.get(
    '/api/booking/',
    {
      serializerCompiler: contractSerializerCompiler,
      validatorCompiler: rememberedValidatorCompiler,
      config: { access: access.member('query', 'restaurant_id') },
      schema: {
        tags: ['bookings'],
        summary: 'Bookings by date range, status, waiting list and search; by seating time',
        querystring: BookingListQuery,
        response: { 200: BookingPage, ...errors },
      },
    },
    async (request) => {
      // Kept whole, links included, so keyed by the address as it was sent (the links repeat it);
      // a search is read, not kept (typed once, seldom asked again).
      const read = async () => {
        const page = await bookings.list(request.query);
        return { ...page, ...pageLinks(request, page.count, request.query.page, request.query.page_size) };
      };
      return request.query.search
        ? read()
        : reads.read(request.query.restaurant_id, `bookings:${request.url}`, read);
    },
  );

  app.post(
    '/api/booking/',
    {
      config: { access: access.authenticated, audit: { action: 'booking.create', entity: 'booking' } },
      schema: {
        tags: ['bookings'],
        summary: 'Book a table (the best free fit when none is named)',
        description:
          "409 `booking_conflict` when the table is taken at that time (the database's exclusion constraint decides races), 409 `no_table` when nothing fits.",
        body: BookingCreateBody,
        response: { 201: Booking, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await bookings.create(viewerOf(request), request.body)),
  );

  app.get(
    '/api/booking/today-bookings/',
    {
      config: { access: access.member('query', 'restaurant_id') },
      schema: {
        tags: ['bookings'],
        summary: "The restaurant's bookings of the service day now",
        querystring: RestaurantIdQuery,
        response: { 200: z.array(Booking), ...errors },
      },
    },
    (request) => bookings.today(request.query.restaurant_id),
  );

  app.get(
    '/api/booking/guest-count/',
    {
      config: { access: access.member('query', 'restaurant_id') },
      schema: {
        tags: ['bookings'],
        summary: 'Bookings and guests of a day, by status',
        querystring: GuestCountQuery,
        response: { 200: GuestCount, ...errors },
      },
    },
    (request) => bookings.guestCount(request.query.restaurant_id, request.query.date),
  );

  app.get(
    '/api/booking/history-by-search-count/',
    {
      config: { access: access.member('query', 'restaurant_id') },
      schema: {
        tags: ['bookings'],
        summary: 'How many earlier guests match a name or phone',
        querystring: HistorySearchQuery,
        response: { 200: HistorySearchCount, ...errors },
      },
    },
    async (request) => ({
      count: await bookings.searchGuestsCount(request.query.restaurant_id, request.query.search_field),
    }),
  );

  app.get(
    '/api/booking/history-by-search-field/',
    {
      config: { access: access.member('query', 'restaurant_id') },
      schema: {
        tags: ['bookings'],
        summary: 'Earlier guests matching a name or phone (at most 20, latest first)',
        querystring: HistorySearchQuery,
        response: { 200: z.array(HistorySearchGuest), ...errors },
      },
    },
    (request) => bookings.searchGuests(request.query.restaurant_id, request.query.search_field),
  );

  app.get(
    '/api/booking/guests-contacts-export/',
    {
      // Guests' names and phones leave the product: the restaurant's managers only.
      config: { access: access.restaurantAdmin('query', 'restaurant_id') },
      schema: {
        tags: ['bookings'],
        summary: 'Guest contacts of a date range (.xlsx)',
        querystring: ContactsExportQuery,
        produces: [XLSX],
        response: { 200: z.any().describe('an .xlsx workbook'), ...errors },
      },
    },
    async (request, reply) => {
      const end = request.query.end_date ?? request.query.start_date;
      const { rows } = await bookings.contacts(request.query.restaurant_id, request.query.start_date, end);
      const file = await contactsWorkbook(rows, app.i18n);
      return reply
        .header('content-type', XLSX)
        .header(
          'content-disposition',
          `attachment; filename="guests-${request.query.start_date}-${end}.xlsx"`,
        )
        .send(file);
    },
  );

  app.post(
    '/api/booking/waiting_queue/',
    {
      config: { access: access.authenticated, audit: { action: 'booking.waiting_list', entity: 'booking' } },
      schema: {
        tags: ['bookings'],
        summary: 'Put a request on the waiting list (no table held)',
        body: WaitingListBody,
        response: { 201: Booking, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await bookings.addToWaitingList(viewerOf(request), request.body)),
  );

  app.patch(
    '/api/booking/change-restaurant/',
    {
      config: {
        access: access.authenticated,
        audit: { action: 'booking.move_restaurant', entity: 'booking', id: 'body.booking' },
      },
      schema: {
        tags: ['bookings'],
        summary: 'Move a booking to another restaurant of the same staff member',
        body: ChangeRestaurantBody,
        response: { 200: Booking, ...errors },
      },
    },
    (request) => bookings.changeRestaurant(viewerOf(request), request.body.booking, request.body.restaurant),
  );

  app.get(
    '/api/booking/find-available-tables/',
    {
      config: { access: access.member('query', 'restaurant_id') },
      schema: {
        tags: ['availability'],
        summary: 'Tables and groups that fit a party at a time, best fit first',
        querystring: FindTablesQuery,
        response: { 200: z.array(TableFitSchema), ...errors },
      },
    },
    (request) => bookings.findTables(request.query),
  );

  app.get(
    '/api/booking/:id/',
    {
      config: { access: access.authenticated },
      schema: {
        tags: ['bookings'],
        summary: 'One booking',
        params: BookingParams,
        response: { 200: Booking, ...errors },
      },
    },
    (request) => bookings.get(viewerOf(request), request.params.id),
  );

  app.patch(
    '/api/booking/:id/',
    {
      config: { access: access.authenticated, audit: { action: 'booking.update', entity: 'booking' } },
      schema: {
        tags: ['bookings'],
        summary: 'Change the status (as the status machine allows) and/or the details',
        description:
          '409 `invalid_transition` for a move the machine refuses, `booking_conflict` when a new time or table is taken, `conflict` when another device changed it first (its status, or anything at all when `If-Match` names the version the change was made on).',
        params: BookingParams,
        headers: BookingVersionHeaders,
        body: BookingUpdateBody,
        response: { 200: Booking, ...errors },
      },
    },
    (request) => {
      const version = request.headers['if-match'];
      return bookings.update(
        viewerOf(request),
        request.params.id,
        request.body,
        version ? new Date(version.slice(1, -1)) : null,
      );
    },
  );

  app.get(
    '/api/booking/:id/get-history/',
    {
      config: { access: access.authenticated },
      schema: {
        tags: ['bookings'],
        summary: 'Who changed what when',
        params: BookingParams,
        response: { 200: z.array(BookingHistoryItem), ...errors },
      },
    },
    (request) => bookings.history(viewerOf(request), request.params.id),
  );

  for (const [path, version] of [
    ['/api/available_slots/', 1],
    ['/api/v2/available_slots/', 2],
  ] as const) {
    app.get(
      path,
      {
        config: { access: access.member('query', 'restaurant_id') },
        schema: {
          tags: ['availability'],
          summary:
            version === 1
              ? 'Start times a party can book on a date (HH:mm)'
              : 'Start times a party can book on a date, with their instants and how many places fit',
          querystring: AvailableSlotsQuery,
          response: { 200: version === 1 ? AvailableSlotsV1 : AvailableSlotsV2, ...errors },
        },
      },
      async (request) => {
        const result = await bookings.slots(request.query);
        return version === 1 ? result.slots.map((s) => s.time) : result;
      },
    );
  }

  app.get(
    '/api/available_tables/',
    {
      config: { access: access.member('query', 'restaurant_id') },
      schema: {
        tags: ['availability'],
        summary: "Each table's held ranges and locks on a service day",
        querystring: AvailableTablesQuery,
        response: { 200: DayTablePage, ...errors },
      },
    },
    async (request) => {
      const { restaurant_id, date, page, page_size } = request.query;
      const result = await bookings.dayTables(restaurant_id, date, page, page_size);
      return { ...result, ...pageLinks(request, result.count, page, page_size) };
    },
  );

  // Guests: no sign-in; they see only their own request, through its secret token.
  app.get(
    '/api/public/restaurant/:id/slots/',
    {
      config: { access: access.public, rateLimit: perAddress.slots },
      schema: {
        tags: ['guests'],
        summary: 'Start times a guest may request',
        params: RestaurantParams,
        querystring: PublicSlotsQuery,
        response: { 200: PublicSlots, ...errors },
      },
    },
    async (request) => {
      await limiter.consume(`slots:address:${addressOf(request.ip)}`, SLOTS_PER_ADDRESS);
      return bookings.publicSlots(request.params.id, request.query.date, request.query.group_size);
    },
  );

  app.post(
    '/api/public/restaurant/:id/booking/',
    {
      config: { access: access.public, rateLimit: perAddress.guestForm },
      bodyLimit: SMALL_BODY_LIMIT,
      schema: {
        tags: ['guests'],
        summary: 'Request a booking (idempotent on the Idempotency-Key header)',
        description:
          '409 `slot_unavailable` when the time is no longer offered; 409 `bookings_off`. Inside ' +
          "Telegram the form sends the Mini App's `init_data`: the guest then hears the outcome in " +
          'their chat (source `telegram`). Forged or older than a day: 400 with a field error of ' +
          '`init_data`, nothing stored.',
        params: RestaurantParams,
        headers: IdempotencyHeaders,
        body: GuestBookingBody,
        response: { 200: GuestBookingCreated, 201: GuestBookingCreated, ...errors },
      },
    },
    async (request, reply) => {
      const channel = guestChannel(request.body.init_data);
      await limiter.consume(`booking:address:${addressOf(request.ip)}`, REQUEST_PER_ADDRESS);
      // One phone however it is written ('8 916…', '+7 (916)…'): the number the booking would keep.
      // Counted per restaurant, and only requests made: a phone's requests elsewhere, refused ones
      // and replays lock nobody out (rate-limit.ts `creating`).
      const phoneKey = normalizeMobilePhone(request.body.phone) ?? request.body.phone.replace(/\D/g, '');
      const key = request.headers['idempotency-key'] ?? null;
      const result = await limiter.creating(
        `booking:phone:${request.params.id}:${phoneKey}`,
        REQUEST_PER_PHONE,
        (phoneLimit) =>
          bookings.guestRequest(
            request.params.id,
            request.body,
            key,
            channel.source,
            channel.chatId,
            phoneLimit,
          ),
      );
      return reply
        .code(result.created ? 201 : 200)
        .send({ token: result.status.token, status: result.status.status });
    },
  );

  app.get(
    '/api/public/booking/:token/',
    {
      config: { access: access.public, rateLimit: perAddress.guestPage },
      schema: {
        tags: ['guests'],
        summary: "The guest's own request and its outcome",
        params: GuestTokenParams,
        response: { 200: GuestBookingStatus, ...errors },
      },
    },
    (request) => bookings.guestStatus(request.params.token),
  );

  app.post(
    '/api/public/booking/:token/cancel/',
    {
      config: { access: access.public, rateLimit: perAddress.guestCancel },
      schema: {
        tags: ['guests'],
        summary: 'The guest cancels their request or booking',
        params: GuestTokenParams,
        response: { 200: GuestBookingStatus, ...errors },
      },
    },
    (request) => bookings.guestCancel(request.params.token),
  );
};
