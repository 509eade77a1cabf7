import { randomBytes } from 'node:crypto';
import {
  FontInfo,
  GlobalAlert,
  Org,
  RestaurantChange,
  RestaurantComments,
  RestaurantStyle,
  type Scheme,
  SchemeHistoryPage,
  SchemeVersion,
  SchemeView,
  SuperSetup,
  Table,
} from '@stolik/contracts';
import { FONT_MAX_BYTES, fontFormatOf } from '@stolik/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { openEventStream } from '../../test/event-stream';
import { createIdentities, type Identities, type Person } from '../../test/identities';
import { openTestRestaurant } from '../../test/restaurants';
import { createTestApp, type TestApp } from '../../test/test-app';
import { trueTypeFont, woffFont } from './test-fonts';

/** A multipart/form-data body with one file, as a browser's FormData sends it. */
function upload(bytes: Buffer, fileName = 'brand.ttf', contentType = 'font/ttf') {
  const boundary = `----stolik${randomBytes(8).toString('hex')}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe('the static-content service', () => {
  let t: TestApp;
  let who: Identities;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp();
    who = await createIdentities(t);
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  const call = (
    method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
    url: string,
    as: Person | null = who.superuser,
    payload?: object,
  ) => t.app.inject({ method, url, headers: as ? who.bearer(as) : {}, ...(payload ? { payload } : {}) });

  const sendFont = (
    restaurantId: number,
    bytes: Buffer,
    fileName: string,
    type: string,
    as: Person = who.superuser,
  ) => {
    const body = upload(bytes, fileName, type);
    return t.app.inject({
      method: 'POST',
      url: `/api/restaurant/${restaurantId}/font/`,
      payload: body.payload,
      headers: { ...body.headers, ...who.bearer(as) },
    });
  };

  const hall = (name: string) =>
    openTestRestaurant(t, who, {
      name,
      zones: [
        { name: 'Зал', sortOrder: 0 },
        { name: 'Терраса', sortOrder: 1 },
      ],
      tables: [
        { number: '1', seatsMax: 4, zone: 'Зал' },
        { number: '2', seatsMax: 2, zone: 'Зал' },
        { number: '3', seatsMax: 6, zone: 'Терраса' },
      ],
    });

  /** A laid-out hall: three tables, two zone areas, a wall, the bar and a label. */
  const layout = (h: Awaited<ReturnType<typeof hall>>): Scheme => ({
    canvas: { width: 1000, height: 700, grid: 20 },
    tables: [
      { table: h.table('1'), shape: 'square', x: 40, y: 40, width: 80, height: 80, rotation: 0 },
      { table: h.table('2'), shape: 'round', x: 200, y: 40, width: 60, height: 60, rotation: 0 },
      { table: h.table('3'), shape: 'rectangle', x: 40, y: 400, width: 160, height: 80, rotation: 90 },
    ],
    zones: [
      {
        zone: h.zone('Зал'),
        points: [
          { x: 20, y: 20 },
          { x: 600, y: 20 },
          { x: 600, y: 300 },
          { x: 20, y: 300 },
        ],
        color: '#e3f2fd',
      },
    ],
    decorations: [
      { kind: 'wall', x: 0, y: 0, width: 1000, height: 8, rotation: 0, color: null },
      { kind: 'bar', x: 700, y: 40, width: 100, height: 300, rotation: 0, color: '#8d6e63' },
    ],
    labels: [{ text: 'Зал', x: 30, y: 280, rotation: 0, size: 18 }],
  });

  describe('the hall scheme', () => {
    it('gives every member the demo restaurant laid out, its tables where they stand', async () => {
      const res = await call('GET', `/api/restaurant/${who.restaurantA}/scheme/`, who.hostessA);
      expect(res.statusCode, res.body).toBe(200);
      const view = SchemeView.parse(res.json());
      expect(view.version).toBe(1);
      expect(view.scheme.tables).toHaveLength(12);
      expect(view.scheme.zones).toHaveLength(2);
      expect(view.scheme.decorations.length).toBeGreaterThan(0);
      const tables = z
        .array(Table)
        .parse((await call('GET', `/api/tables/?restaurant_code=${who.restaurantA}`)).json());
      for (const table of tables)
        expect(view.scheme.tables.find((entry) => entry.table === table.id)).toMatchObject({
          x: table.x,
          y: table.y,
        });
      expect((await call('GET', `/api/restaurant/${who.restaurantA}/scheme/`, who.hostessB)).statusCode).toBe(
        404,
      );
    });

    it('before the first save, shows the tables at their own places on an empty hall', async () => {
      const h = await hall('Схема: пусто');
      const view = SchemeView.parse(
        (await call('GET', `/api/restaurant/${h.id}/scheme/`, who.hostessA)).json(),
      );
      expect(view).toMatchObject({ version: null, saved_at: null, restored_from: null });
      expect(view.scheme.tables.map((entry) => entry.table)).toEqual([
        h.table('1'),
        h.table('2'),
        h.table('3'),
      ]);
      expect(view.scheme.canvas).toEqual({ width: 800, height: 600, grid: 20 });
    });

    it('saves a scheme as a new version and moves the tables there, for everyone', async () => {
      const h = await hall('Схема: сохранение');
      const stream = await openEventStream(
        `${base}/api/restaurant/${h.id}/events/`,
        who.bearer(who.hostessA),
      );
      expect((await stream.next()).event).toBe('ready');
      const saved = await call('POST', `/api/restaurant/${h.id}/scheme/`, who.superuser, {
        scheme: layout(h),
        base_version: null,
      });
      expect(saved.statusCode, saved.body).toBe(201);
      const view = SchemeView.parse(saved.json());
      expect(view).toMatchObject({ restaurant: h.id, version: 1, restored_from: null, scheme: layout(h) });
      expect(RestaurantChange.parse(JSON.parse((await stream.next()).data))).toMatchObject({
        kind: 'table',
        restaurant: h.id,
      });
      stream.close();
      // The hostess's map and the table list agree on where table 3 now stands.
      const map = SchemeView.parse(
        (await call('GET', `/api/restaurant/${h.id}/scheme/`, who.hostessA)).json(),
      );
      expect(map.scheme).toEqual(layout(h));
      const tables = z.array(Table).parse((await call('GET', `/api/tables/?restaurant_code=${h.id}`)).json());
      expect(tables.find((table) => table.id === h.table('3'))).toMatchObject({
        shape: 'rectangle',
        x: 40,
        y: 400,
        width: 160,
        rotation: 90,
      });
    });

    it('refuses a malformed scheme, field by field, and saves nothing', async () => {
      const h = await hall('Схема: кривая');
      const good = layout(h);
      const bad = await call('POST', `/api/restaurant/${h.id}/scheme/`, who.superuser, {
        scheme: {
          ...good,
          canvas: { width: 50_000, height: 700 },
          tables: [{ ...good.tables[0], x: -10, width: 0 }],
          decorations: [{ kind: 'spaceship', x: 0, y: 0, width: 10, height: 10 }],
          labels: [{ text: 'x'.repeat(200), x: 0, y: 0 }],
          zones: [{ zone: h.zone('Зал'), points: [{ x: 0, y: 0 }], color: 'red; background: url(x)' }],
        },
      });
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(bad.json()).sort()).toEqual([
        'scheme.canvas.width',
        'scheme.decorations.0.kind',
        'scheme.labels.0.text',
        'scheme.tables.0.width',
        'scheme.tables.0.x',
        'scheme.zones.0.color',
        'scheme.zones.0.points',
      ]);
      const tooMany = await call('POST', `/api/restaurant/${h.id}/scheme/`, who.superuser, {
        scheme: { ...good, decorations: new Array(1001).fill(good.decorations[0]) },
      });
      expect(tooMany.statusCode).toBe(400);
      expect(
        (await call('POST', `/api/restaurant/${h.id}/scheme/`, who.superuser, { scheme: 'a hall' }))
          .statusCode,
      ).toBe(400);
      expect(
        SchemeView.parse((await call('GET', `/api/restaurant/${h.id}/scheme/`)).json()).version,
      ).toBeNull();
    });

    it('refuses a scheme naming a table or zone the restaurant does not have, naming it', async () => {
      const h = await hall('Схема: чужие столы');
      const other = await hall('Схема: другой ресторан');
      const scheme = layout(h);
      const res = await call('POST', `/api/restaurant/${h.id}/scheme/`, who.superuser, {
        scheme: {
          ...scheme,
          tables: [
            ...scheme.tables,
            { ...scheme.tables[0], table: other.table('1') },
            { ...scheme.tables[1], x: 500 },
          ],
          zones: [{ ...scheme.zones[0], zone: 999_999 }],
        },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        'scheme.tables.3.table': [`Стола с id ${other.table('1')} нет в этом ресторане`],
        'scheme.tables.4.table': [`Стол с id ${h.table('2')} указан дважды`],
        'scheme.zones.0.zone': ['Зоны с id 999999 нет в этом ресторане'],
      });
      // Nothing moved.
      const tables = z.array(Table).parse((await call('GET', `/api/tables/?restaurant_code=${h.id}`)).json());
      expect(tables.every((table) => table.x === 0)).toBe(true);
    });

    it("answers 409 to an editor that started from an older version, instead of dropping the other's work", async () => {
      const h = await hall('Схема: двое');
      const url = `/api/restaurant/${h.id}/scheme/`;
      expect(
        (await call('POST', url, who.superuser, { scheme: layout(h), base_version: null })).statusCode,
      ).toBe(201);
      const late = await call('POST', url, who.superuser, { scheme: layout(h), base_version: null });
      expect(late.statusCode).toBe(409);
      expect(late.json()).toEqual({
        detail: 'Схему уже сохранили в другом окне. Обновите редактор, чтобы не потерять чужие правки',
        code: 'scheme_changed',
        version: 1,
      });
      expect(
        (await call('POST', url, who.superuser, { scheme: layout(h), base_version: 1 })).json().version,
      ).toBe(2);
    });

    it('keeps every version: lists them, shows one as saved, and restores an old one as the newest', async () => {
      const h = await hall('Схема: история');
      const url = `/api/restaurant/${h.id}/scheme/`;
      const first = layout(h);
      await call('POST', url, who.superuser, { scheme: first });
      const second = { ...first, tables: first.tables.map((entry) => ({ ...entry, x: entry.x + 100 })) };
      await call('POST', url, who.superuser, { scheme: second });

      const history = SchemeHistoryPage.parse((await call('GET', `${url}history/?page_size=1`)).json());
      expect(history.count).toBe(2);
      expect(history.results).toEqual([
        {
          version: 2,
          saved_at: expect.any(String),
          saved_by: { id: who.superuser.id, name: 'Администратор' },
          restored_from: null,
          tables: 3,
        },
      ]);
      expect(history.next).toContain('page=2');
      const one = SchemeVersion.parse((await call('GET', `${url}history/1/`)).json());
      expect(one.scheme).toEqual(first);
      expect((await call('GET', `${url}history/9/`)).statusCode).toBe(404);

      // Table 2 is removed in between: the old version comes back without it.
      expect((await call('DELETE', `/api/tables/?pk=${h.table('2')}`, who.adminA)).statusCode).toBe(204);
      const restored = await call('POST', `${url}history/1/restore/`);
      expect(restored.statusCode, restored.body).toBe(201);
      const view = SchemeView.parse(restored.json());
      expect(view).toMatchObject({ version: 3, restored_from: 1 });
      expect(view.scheme.tables).toEqual(first.tables.filter((entry) => entry.table !== h.table('2')));
      const tables = z.array(Table).parse((await call('GET', `/api/tables/?restaurant_code=${h.id}`)).json());
      expect(tables.find((table) => table.id === h.table('1'))?.x).toBe(40);
      // The version as saved still has it.
      expect(SchemeVersion.parse((await call('GET', `${url}history/1/`)).json()).scheme.tables).toHaveLength(
        3,
      );
      expect((await call('POST', `${url}history/7/restore/`)).statusCode).toBe(404);
    });

    it('leaves the editor and the history to superusers: admins and hostesses are refused', async () => {
      const h = await hall('Схема: доступ');
      const url = `/api/restaurant/${h.id}/scheme/`;
      for (const person of [who.adminA, who.hostessA]) {
        expect((await call('POST', url, person, { scheme: layout(h) })).statusCode).toBe(403);
        expect((await call('GET', `${url}history/`, person)).statusCode).toBe(403);
        expect((await call('GET', `${url}history/1/`, person)).statusCode).toBe(403);
        expect((await call('POST', `${url}history/1/restore/`, person)).statusCode).toBe(403);
      }
      expect((await call('GET', url, null)).statusCode).toBe(401);
      expect(
        (await call('POST', '/api/restaurant/999999/scheme/', who.superuser, { scheme: layout(h) }))
          .statusCode,
      ).toBe(404);
    });
  });

  describe('the guest forms’ style', () => {
    it('saves the palette for a superuser and shows it to anyone, colours only', async () => {
      const h = await hall('Стиль: палитра');
      const palette = { primary: '#e53935', primary_text: '#FFF', background: '#fafafa80' };
      expect((await call('POST', `/api/restaurant/${h.id}/style/`, who.adminA, { palette })).statusCode).toBe(
        403,
      );
      const saved = await call('POST', `/api/restaurant/${h.id}/style/`, who.superuser, { palette });
      expect(saved.statusCode, saved.body).toBe(200);
      const style = RestaurantStyle.parse(
        (await call('GET', `/api/public/restaurant/${h.id}/style/`, null)).json(),
      );
      expect(style).toEqual({ restaurant: h.id, palette, font: null });
      const bad = await call('POST', `/api/restaurant/${h.id}/style/`, who.superuser, {
        palette: { primary: 'red', accent: '#12345', text: '#000;}body{display:none' },
      });
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(bad.json()).sort()).toEqual(['palette.accent', 'palette.primary', 'palette.text']);
      const unknown = await call('POST', `/api/restaurant/${h.id}/style/`, who.superuser, {
        palette: { primray: '#000000' },
      });
      expect(unknown.statusCode).toBe(400);
      expect((await call('GET', '/api/public/restaurant/999999/style/', null)).statusCode).toBe(404);
    });

    it('takes a real font file, tells its format by its bytes, and serves it back with its content type', async () => {
      const h = await hall('Стиль: шрифт');
      const ttf = trueTypeFont();
      expect(fontFormatOf(ttf)).toBe('ttf');
      // The browser's MIME type proves nothing; the bytes do.
      const res = await sendFont(h.id, ttf, 'Brand Sans.ttf', 'application/octet-stream');
      expect(res.statusCode, res.body).toBe(201);
      const font = FontInfo.parse(res.json());
      expect(font).toMatchObject({ format: 'ttf', size: ttf.length, file_name: 'Brand Sans.ttf' });

      const served = await t.app.inject({ method: 'GET', url: font.url });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('font/ttf');
      expect(served.rawPayload.equals(ttf)).toBe(true);
      const again = await t.app.inject({
        method: 'GET',
        url: font.url,
        headers: { 'if-none-match': String(served.headers.etag) },
      });
      expect(again.statusCode).toBe(304);
      const style = RestaurantStyle.parse(
        (await call('GET', `/api/public/restaurant/${h.id}/style/`, null)).json(),
      );
      expect(style.font).toEqual(font);

      // A WOFF replaces it.
      const woff = woffFont();
      const replaced = await sendFont(h.id, woff, 'brand.woff', 'font/woff');
      expect(replaced.statusCode, replaced.body).toBe(201);
      expect(replaced.json()).toMatchObject({ format: 'woff', size: woff.length });
      const woffServed = await t.app.inject({ method: 'GET', url: `/api/public/restaurant/${h.id}/font/` });
      expect(woffServed.headers['content-type']).toBe('font/woff');

      expect((await call('DELETE', `/api/restaurant/${h.id}/font/`, who.adminA)).statusCode).toBe(403);
      expect((await call('DELETE', `/api/restaurant/${h.id}/font/`)).statusCode).toBe(204);
      expect(
        (await t.app.inject({ method: 'GET', url: `/api/public/restaurant/${h.id}/font/` })).statusCode,
      ).toBe(404);
    });

    it('refuses what is not a font whatever it is called, a file over the limit, and admins', async () => {
      const h = await hall('Стиль: не шрифт');
      const send = (bytes: Buffer, as: Person = who.superuser) =>
        sendFont(h.id, bytes, 'brand.woff2', 'font/woff2', as);
      const script = await send(Buffer.from('<script>alert(1)</script>'));
      expect(script.statusCode).toBe(400);
      expect(script.json()).toEqual({ file: ['Это не файл шрифта. Подойдет WOFF2, WOFF, TTF или OTF'] });
      // Starts like a WOFF2, but its header does not hold together.
      const fake = Buffer.alloc(4096);
      fake.write('wOF2', 0, 'latin1');
      expect((await send(fake)).statusCode).toBe(400);

      const huge = Buffer.concat([trueTypeFont(), Buffer.alloc(FONT_MAX_BYTES)]);
      const tooLarge = await send(huge);
      expect(tooLarge.statusCode).toBe(413);
      expect(tooLarge.json()).toEqual({
        detail: 'Файл шрифта слишком большой: не больше 2 МБ',
        code: 'file_too_large',
      });

      expect((await send(trueTypeFont(), who.adminA)).statusCode).toBe(403);
      const notMultipart = await call('POST', `/api/restaurant/${h.id}/font/`, who.superuser, { file: 'x' });
      expect(notMultipart.statusCode).toBe(400);
      expect(notMultipart.json()).toEqual({ file: ['Заполните поле'] });
      const style = RestaurantStyle.parse(
        (await call('GET', `/api/public/restaurant/${h.id}/style/`, null)).json(),
      );
      expect(style.font).toBeNull();
    });
  });

  describe('preset comments', () => {
    it('members read them, managers replace them (each once, in order), hostesses may not', async () => {
      const h = await hall('Комментарии');
      const url = `/api/restaurant/${h.id}/comments/`;
      expect((await call('GET', url, who.hostessA)).json()).toEqual({ comments: [] });
      const list = { comments: ['У окна', 'Детский стул', 'У окна', ' Аллергия на орехи '] };
      expect((await call('POST', url, who.hostessA, list)).statusCode).toBe(403);
      const saved = await call('POST', url, who.adminA, list);
      expect(saved.statusCode, saved.body).toBe(200);
      expect(RestaurantComments.parse(saved.json())).toEqual({
        comments: ['У окна', 'Детский стул', 'Аллергия на орехи'],
      });
      expect((await call('GET', url, who.hostessA)).json()).toEqual(saved.json());
      expect((await call('GET', url, who.hostessB)).statusCode).toBe(404);
      expect((await call('POST', url, who.adminA, { comments: ['x'.repeat(101)] })).statusCode).toBe(400);
    });
  });

  describe('the whole product: super setup, organisations, the global alert', () => {
    it('tells anyone the super setup, and lets only a superuser change it', async () => {
      expect(SuperSetup.parse((await call('GET', '/api/static/super-setup/', null)).json())).toEqual({
        test_stand: false,
        main_host: null,
      });
      const setup = { test_stand: true, main_host: 'Stolik.Example.com' };
      expect((await call('POST', '/api/static/super-setup/', who.adminA, setup)).statusCode).toBe(403);
      const saved = await call('POST', '/api/static/super-setup/', who.superuser, setup);
      expect(saved.statusCode, saved.body).toBe(200);
      expect((await call('GET', '/api/static/super-setup/', null)).json()).toEqual({
        test_stand: true,
        main_host: 'stolik.example.com',
      });
      const bad = await call('POST', '/api/static/super-setup/', who.superuser, { main_host: 'https://x/' });
      expect(bad.statusCode).toBe(400);
    });

    it('lists every restaurant for a superuser and opens new ones; admins are refused', async () => {
      expect((await call('GET', '/api/static/orgs/', who.adminA)).statusCode).toBe(403);
      expect((await call('POST', '/api/static/orgs/', who.adminA, { name: 'Третий' })).statusCode).toBe(403);
      const made = await call('POST', '/api/static/orgs/', who.superuser, {
        name: 'Третий',
        timezone: 'asia/novosibirsk',
      });
      expect(made.statusCode, made.body).toBe(201);
      expect(Org.parse(made.json())).toMatchObject({
        name: 'Третий',
        timezone: 'Asia/Novosibirsk',
        has_bookings: true,
        tables: 0,
        scheme_version: null,
      });
      const orgs = z.array(Org).parse((await call('GET', '/api/static/orgs/')).json());
      expect(orgs.find((org) => org.id === who.restaurantA)).toMatchObject({
        name: 'Демо',
        tables: 12,
        zones: 2,
        scheme_version: 1,
      });
      expect(orgs.map((org) => org.id)).toContain(made.json().id);
      expect(
        (await call('POST', '/api/static/orgs/', who.superuser, { name: 'X', timezone: '+03:00' }))
          .statusCode,
      ).toBe(400);
    });

    it('shows staff the global alert, which only a superuser sets and takes down', async () => {
      expect(
        GlobalAlert.parse((await call('GET', '/api/static/global-alert/', who.hostessA)).json()),
      ).toEqual({
        text: '',
        updated_at: null,
      });
      expect((await call('GET', '/api/static/global-alert/', null)).statusCode).toBe(401);
      const alert = { text: 'Сегодня в 23:00 обновление, 5 минут без связи' };
      expect((await call('POST', '/api/static/global-alert/', who.adminA, alert)).statusCode).toBe(403);
      const set = GlobalAlert.parse(
        (await call('POST', '/api/static/global-alert/', who.superuser, alert)).json(),
      );
      expect(set.text).toBe(alert.text);
      expect((await call('GET', '/api/static/global-alert/', who.hostessB)).json()).toEqual(set);
      const down = await call('POST', '/api/static/global-alert/', who.superuser, { text: '' });
      expect(down.json().text).toBe('');
      expect(
        (await call('POST', '/api/static/global-alert/', who.superuser, { text: 'x'.repeat(501) }))
          .statusCode,
      ).toBe(400);
    });
  });
});
