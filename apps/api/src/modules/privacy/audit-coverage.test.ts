import { createServerI18n } from '@stolik/i18n';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';

/**
 * A staff member's own account, not the restaurant's guests, bookings or settings: nothing for
 * the restaurant's audit log. Every other signed-in change must say what the log records.
 */
const OWN_ACCOUNT = new Set([
  'POST /api/user/me/telegram-link/',
  'DELETE /api/user/me/telegram-link/',
  'POST /api/telegram/notifications/',
  'POST /api/telegram/complete-auth/',
]);
const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

describe('the audit declarations of every route', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const routes = () =>
    t.app.routeTable.map((route) => ({
      ...route,
      audit: t.app.auditTable.find((r) => r.method === route.method && r.url === route.url)?.audit,
    }));

  it('makes every change a signed-in person (or a POS) can make declare what the audit log records', () => {
    const silent = routes()
      .filter(
        (route) =>
          MUTATING.has(route.method) &&
          route.access?.kind !== 'public' &&
          !OWN_ACCOUNT.has(`${route.method} ${route.url}`) &&
          !route.audit,
      )
      .map((route) => `${route.method} ${route.url}`);
    expect(silent).toEqual([]);
    // The list above stays true: each exempt route still exists.
    const urls = new Set(routes().map((route) => `${route.method} ${route.url}`));
    expect([...OWN_ACCOUNT].filter((route) => !urls.has(route))).toEqual([]);
  });

  it('never audits guests themselves: public routes declare nothing', () => {
    const guestAudited = routes()
      .filter((route) => route.access?.kind === 'public' && route.audit)
      .map((route) => `${route.method} ${route.url}`);
    expect(guestAudited).toEqual([]);
  });

  it('gives every action a Russian name in the journal and an entity id that the route has', () => {
    const i18n = createServerI18n();
    const problems: string[] = [];
    for (const route of routes()) {
      const audit = route.audit;
      if (!audit) continue;
      if (!/^[a-z_]+(\.[a-z_]+)+$/.test(audit.action)) problems.push(`${audit.action}: not group.action`);
      if (!i18n.exists(`privacy.audit.actions.${audit.action}`))
        problems.push(`${audit.action}: no privacy.audit.actions label`);
      if (!i18n.exists(`privacy.audit.groups.${audit.action.split('.')[0]}`))
        problems.push(`${audit.action}: no privacy.audit.groups label`);
      const param = /^params\.(\w+)$/.exec(audit.id ?? '')?.[1];
      if (param && !route.url.includes(`:${param}`)) problems.push(`${route.url}: no :${param} for its id`);
    }
    expect(problems).toEqual([]);
  });
});
