import { BookingPage, GuestQueueStatus, PublicRestaurant, QueueEntry, SeatingZone } from '@stolik/contracts';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { contractSerializerCompiler } from './contract-serializer';

const writerOf = (schema: z.ZodType) =>
  contractSerializerCompiler({ schema, method: 'GET', url: '/test/', httpStatus: '200' });
/** What zod's encoder would have written (fastify-type-provider-zod's serializer), of a valid reply. */
const zodWrites = (schema: z.ZodType, data: unknown) => {
  expect(schema.safeParse(data).success).toBe(true);
  return JSON.stringify(schema.encode(data as never));
};

const booking = {
  id: 7,
  restaurant: 1,
  table: null,
  group: 3,
  tables: [4, 5],
  group_size: 2,
  seating_time: '2026-11-26T16:00:00.000Z',
  end_time: '2026-11-26T18:00:00.000Z',
  status: 'new',
  name: 'Гость "в кавычках" \\ и слэш',
  phone: '+79165550001',
  comment: 'строка\nвторая',
  source: 'staff',
  deposit: false,
  created: '2026-11-26T10:00:00.000Z',
  updated: '2026-11-26T10:00:00.000Z',
  visits: 0,
  reach: null,
};
const entry = {
  id: 1,
  restaurant: 1,
  number: 12,
  group_size: 3,
  event: null,
  comment: '',
  name: 'Гость',
  phone: '+79165550002',
  source: 'staff',
  status: 'live',
  fake: false,
  legacy_source: 'Live',
  created: '2026-11-26T10:00:00.000Z',
  invite_time: null,
  seated_time: null,
  finished_time: null,
  tables: [],
  quoted_wait: 25,
  waiting_time: 20,
  waiting_range: { min: 15, max: 30 },
  visits: 2,
  reach: { channel: null, state: 'unreached', at: '2026-11-26T10:05:00.000Z' },
};

describe('replies written from the JSON Schema of their contract', () => {
  it('writes the same bytes as zod for the hot reads, nulls and escapes included', () => {
    const page = {
      count: 2,
      next: null,
      previous: 'https://stolik.test/api/booking/?page=1',
      results: [booking, booking],
    };
    expect(writerOf(BookingPage)(page)).toBe(zodWrites(BookingPage, page));
    const list = z.array(QueueEntry);
    const entries = [entry, { ...entry, id: 2, waiting_time: null, waiting_range: null, event: 'birthday' }];
    expect(writerOf(list)(entries)).toBe(zodWrites(list, entries));
    const zones = [
      {
        id: null,
        name: '',
        tables: [
          {
            id: 1,
            number: '1',
            seats_min: 1,
            seats_max: 4,
            occupied_by: null,
            booked_by: null,
            next_booking: {
              id: 4,
              name: 'Бронь «вечер»',
              group_size: 4,
              seating_time: '2026-11-26T17:00:00.000Z',
              end_time: '2026-11-26T19:00:00.000Z',
            },
          },
          {
            id: 2,
            number: '2',
            seats_min: 2,
            seats_max: 4,
            occupied_by: {
              kind: 'queue',
              id: 9,
              number: 3,
              name: 'За столом',
              group_size: 2,
              seated_time: '2026-11-26T10:00:00.000Z',
              until: null,
            },
            booked_by: null,
            next_booking: null,
          },
          {
            id: 3,
            number: '3',
            seats_min: 2,
            seats_max: 6,
            occupied_by: {
              kind: 'booking',
              id: 12,
              number: null,
              name: 'Ранние «гости»',
              group_size: 5,
              seated_time: '2026-11-26T10:30:00.000Z',
              until: '2026-11-26T14:00:00.000Z',
            },
            booked_by: null,
            next_booking: null,
          },
        ],
      },
    ];
    expect(writerOf(z.array(SeatingZone))(zones)).toBe(zodWrites(z.array(SeatingZone), zones));
    const restaurant = { id: 1, name: 'Ресторан', queue_open: true, typical_wait: null };
    expect(writerOf(PublicRestaurant)(restaurant)).toBe(zodWrites(PublicRestaurant, restaurant));
    const guest = {
      token: 'x'.repeat(20),
      restaurant: 1,
      restaurant_name: 'Ресторан',
      number: 4,
      status: 'live',
      position: 0,
      waiting_time: 10,
    };
    expect(writerOf(GuestQueueStatus)(guest)).toBe(zodWrites(GuestQueueStatus, guest));
  });

  it('leaves out what the contract does not name, as zod does', () => {
    const written = JSON.parse(
      writerOf(PublicRestaurant)({ id: 1, name: 'Р', queue_open: false, typical_wait: 5, secret: 'x' }),
    );
    expect(written).toEqual({ id: 1, name: 'Р', queue_open: false, typical_wait: 5 });
  });
});
