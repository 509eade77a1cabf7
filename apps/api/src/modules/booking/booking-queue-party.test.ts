import { AvailableSlotsV2, TableFitSchema } from '@stolik/contracts';
import { serviceDateOf } from '@stolik/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { bookingKit, MINUTE, middayZone } from '../../test/booking-kit';
import { createIdentities, type Identities } from '../../test/identities';
import { createTestApp, type TestApp } from '../../test/test-app';

/** A queue party seated at a table: the booking side of the API sees the table taken. */

let t: TestApp;
let who: Identities;
beforeAll(async () => {
  t = await createTestApp();
  who = await createIdentities(t);
});
afterAll(() => t.close());

const { call, open } = bookingKit(
  () => t,
  () => who,
  { firstPhone: 6000 },
);

describe('a seated queue party at the API', () => {
  it('takes its table out of the slots and the table search for now, and a booking there is refused', async () => {
    const zone = middayZone();
    const today = serviceDateOf(zone, new Date());
    const hall = await open({
      name: 'Очередь и брони',
      timezone: zone,
      tables: [
        { number: '1', seatsMax: 4 },
        { number: '2', seatsMax: 4 },
      ],
      hours: { opens: '08:00', closes: '23:00' },
    });
    const slots = async () =>
      AvailableSlotsV2.parse(
        (
          await call('GET', `/api/v2/available_slots/?restaurant_id=${hall.id}&date=${today}&group_size=2`)
        ).json(),
      ).slots;
    const find = async () => {
      const start = encodeURIComponent(new Date().toISOString());
      return z
        .array(TableFitSchema)
        .parse(
          (
            await call(
              'GET',
              `/api/booking/find-available-tables/?restaurant_id=${hall.id}&num_people=2&start_time=${start}`,
            )
          ).json(),
        )
        .map((fit) => fit.name);
    };
    const before = await slots();
    expect(before.length).toBeGreaterThan(0);
    expect(before.every((s) => s.options === 2)).toBe(true);
    expect(await find()).toEqual(['1', '2']);

    // A walk-in waits, then is seated at table 1 through the queue.
    const walkIn = await call('POST', '/api/reservation/', who.hostessA, {
      restaurant: hall.id,
      group_size: 2,
    });
    expect(walkIn.statusCode, walkIn.body).toBe(201);
    const seat = await call('PUT', `/api/reservation/${walkIn.json().id}/`, who.hostessA, {
      status: 'sat',
      tables: [hall.table('1')],
    });
    expect(seat.statusCode, seat.body).toBe(200);
    const seatedAt = Date.parse(seat.json().seated_time);

    expect(await find()).toEqual(['2']);
    // Two hours of a booking from a start must not meet the party's expected hour plus 15
    // minutes of cleaning: until then only table 2 is offered, afterwards both again.
    const freeAgain = seatedAt + (60 + 15) * MINUTE;
    const after = await slots();
    expect(after.map((s) => s.time)).toEqual(before.map((s) => s.time));
    for (const slot of after) {
      expect(slot.options, slot.time).toBe(Date.parse(slot.start) < freeAgain ? 1 : 2);
    }
    expect(after.some((s) => s.options === 1)).toBe(true);
    const refused = await call('POST', '/api/booking/', who.hostessA, {
      restaurant: hall.id,
      table: hall.table('1'),
      group_size: 2,
      seating_time: new Date(Date.now() + 5 * MINUTE).toISOString(),
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'booking_conflict', tables: [hall.table('1')] });
  });
});
