import { serviceDateOf } from '@stolik/domain';
import { HOSTESS } from './people';

/** The long name every screen has to hold (queue rows, timeline bars, cards, guest pages). */
export const LONG_NAME = 'Константин Константинопольский';

export type Staff = (method: string, url: string, body?: object) => Promise<Response>;

/** Calls the product's API as the hostess (signed in once, by the API). */
export async function hostessApi(base: string): Promise<Staff> {
  const { access } = (await (
    await fetch(`${base}/api/auth/jwt/create/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: HOSTESS.email, password: HOSTESS.password }),
    })
  ).json()) as { access: string };
  return (method, url, body) =>
    fetch(`${base}${url}`, {
      method,
      headers: { authorization: `Bearer ${access}`, 'content-type': 'application/json' },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
}

/** A guest joins the queue through the public form's API; their page's token. */
export async function joinQueue(base: string, body: object): Promise<string> {
  const res = await fetch(`${base}/api/public/restaurant/1/queue/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`queue join: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}

/**
 * A Friday evening at the demo restaurant, through the API as the forms and the hostess make it:
 * a queue with a long name, comments and events, one guest called and one seated; the day's
 * bookings (`seedBookings`); and a guest's booking request for tomorrow. The guest pages' tokens.
 */
export async function seedEvening(
  base: string,
  staff: Staff,
): Promise<{ waitingGuest: string; calledGuest: string; bookingRequest: string }> {
  const waitingGuest = await joinQueue(base, {
    group_size: 4,
    name: LONG_NAME,
    phone: '+79167001124',
    event: 'business',
    comment: 'Нужен детский стул и место для коляски',
  });
  const calledGuest = await joinQueue(base, {
    group_size: 2,
    name: 'Анна',
    phone: '+79167001123',
    event: 'date',
  });
  await joinQueue(base, { group_size: 3, name: 'Светлана', phone: '+79167001122', event: 'birthday' });
  await joinQueue(base, {
    group_size: 6,
    name: 'Олег',
    phone: '+79167001125',
    comment: 'Нужен детский стул и место для коляски',
  });
  await joinQueue(base, { group_size: 2, name: 'Мария', phone: '+79167001126' });
  const queue = (await (await staff('GET', '/api/reservation/?restaurant_id=1')).json()) as {
    id: number;
    name: string;
  }[];
  const anna = queue.find((e) => e.name === 'Анна');
  const called = await staff('POST', '/api/reservation/invite/', { id: anna?.id });
  if (!called.ok) throw new Error(`evening seed: call ${called.status} ${await called.text()}`);
  const seated = await staff('POST', '/api/reservation/instant_seat/', {
    restaurant: 1,
    group_size: 2,
    name: 'Павел',
    tables: [1],
  });
  if (!seated.ok) throw new Error(`evening seed: walk-in ${seated.status} ${await seated.text()}`);
  await seedBookings(staff);
  return { waitingGuest, calledGuest, bookingRequest: await requestBooking(base) };
}

/** A guest's booking request for tomorrow (Moscow, the demo restaurant's zone), as the form sends it. */
export async function requestBooking(base: string): Promise<string> {
  const tomorrow = new Date(Date.now() + 86_400_000).toLocaleDateString('en-CA', {
    timeZone: 'Europe/Moscow',
  });
  const { slots } = (await (
    await fetch(`${base}/api/public/restaurant/1/slots/?date=${tomorrow}&group_size=4`)
  ).json()) as { slots: string[] };
  const res = await fetch(`${base}/api/public/restaurant/1/booking/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      date: tomorrow,
      time: slots[Math.floor(slots.length / 2)],
      group_size: 4,
      name: LONG_NAME,
      phone: '+79167001127',
      comment: 'Отмечаем день рождения',
    }),
  });
  if (!res.ok) throw new Error(`booking request: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}

/**
 * A day of bookings at the demo restaurant, today on its clock (Moscow): requests and confirmed
 * bookings across the evening, a group on two tables, a long name, and around the current time a
 * party that is late and one that has stayed past its end; a cancelled one and the waiting list.
 * A booking the clock makes impossible (a table already held) is skipped, not fatal.
 */
export async function seedBookings(staff: Staff) {
  // The service day going on (06:00 to 06:00), as the timeline opens on it.
  const day = serviceDateOf('Europe/Moscow', new Date());
  const at = (time: string) => new Date(`${day}T${time}:00+03:00`).toISOString();
  const minutesFromNow = (m: number) =>
    new Date(Math.floor(Date.now() / 900_000) * 900_000 + m * 60_000).toISOString();
  const tables = (await (await staff('GET', '/api/restaurant/1/tables/')).json()) as {
    id: number;
    number: string;
  }[];
  const table = (number: string) => tables.find((t) => t.number === number)?.id;
  const fits = (await (
    await staff(
      'GET',
      `/api/booking/find-available-tables/?restaurant_id=1&num_people=7&start_time=${at('19:30')}`,
    )
  ).json()) as { kind: string; id: number; name: string }[];
  const group = fits.find((f) => f.kind === 'group')?.id;
  const book = async (body: object, status?: string) => {
    const res = await staff('POST', '/api/booking/', { restaurant: 1, ...body });
    if (!res.ok) return console.warn('seed booking skipped:', res.status, await res.text());
    const booking = (await res.json()) as { id: number };
    if (status) await staff('PATCH', `/api/booking/${booking.id}/`, { status });
  };
  await book({
    table: table('1'),
    group_size: 2,
    seating_time: at('13:00'),
    name: 'Анна',
    phone: '+79167001201',
    status: 'new',
  });
  await book({
    table: table('2'),
    group_size: 2,
    seating_time: at('20:00'),
    name: 'Мария',
    phone: '+79167001202',
    status: 'new',
  });
  await book({
    table: table('3'),
    group_size: 4,
    seating_time: at('14:00'),
    name: 'Константин Константинопольский',
    phone: '+79167001203',
    deposit: true,
  });
  await book({
    table: table('7'),
    group_size: 6,
    seating_time: at('19:00'),
    name: 'Олег',
    phone: '+79167001125',
    comment: 'Нужен детский стул и место для коляски',
  });
  await book({
    group,
    group_size: 7,
    seating_time: at('19:30'),
    name: 'Юбилей Петровых',
    phone: '+79167001204',
  });
  await book({
    table: table('8'),
    group_size: 8,
    seating_time: at('21:00'),
    name: 'Корпоратив',
    phone: '+79167001205',
  });
  await book(
    { table: table('В1'), group_size: 2, seating_time: at('18:00'), name: 'Ирина', phone: '+79167001206' },
    'cancelled',
  );
  await book({
    table: table('В2'),
    group_size: 2,
    seating_time: at('18:15'),
    name: 'Светлана',
    phone: '+79167001207',
  });
  // Around now: late, overstaying, arrived.
  await book(
    {
      table: table('4'),
      group_size: 3,
      seating_time: minutesFromNow(-150),
      end_time: minutesFromNow(-30),
      name: 'Дмитрий',
      phone: '+79167001208',
    },
    'open',
  );
  await book({
    table: table('5'),
    group_size: 2,
    seating_time: minutesFromNow(-15),
    name: 'Елена',
    phone: '+79167001209',
  });
  // The long name again within the hour, so it is on the timeline whatever the hour of the run.
  await book({
    table: table('В1'),
    group_size: 2,
    seating_time: minutesFromNow(45),
    name: LONG_NAME,
    phone: '+79167001213',
    comment: 'Отмечаем день рождения, нужен торт со свечами',
  });
  await book(
    {
      table: table('6'),
      group_size: 4,
      seating_time: minutesFromNow(-60),
      name: 'Павел',
      phone: '+79167001210',
    },
    'open',
  );
  await book(
    {
      table: table('5'),
      group_size: 2,
      seating_time: minutesFromNow(120),
      name: 'Гости у окна',
      phone: '+79167001211',
    },
    'waiting',
  );
  for (const [name, time, size] of [
    ['Алексей', '19:00', 4],
    ['Наталья', '20:30', 2],
  ] as const) {
    await staff('POST', '/api/booking/waiting_queue/', {
      restaurant: 1,
      group_size: size,
      seating_time: at(time),
      name,
      phone: '+79167001300',
      comment: name === 'Алексей' ? 'Можно на веранде' : '',
    });
  }
}
