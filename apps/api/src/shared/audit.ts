import { type Database, schema } from '@stolik/db';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { administeredRestaurants, authorisedRestaurant } from './access';

/**
 * What a staff route does, for the audit log: declared once beside `config.access`, written by one
 * hook after a 2xx answer. Routes carry no audit code of their own.
 */
export interface AuditDeclaration {
  /** The entity's kind, then what was done: 'queue.call', 'booking.update', 'guest.erase'. */
  action: string;
  /** What it was done to: 'queue_entry', 'booking', 'restaurant', 'guest'… */
  entity: string;
  /**
   * Where the entity's id is ('params.lockId', 'query.pk', 'body.booking', 'reply.id'); 'none'
   * for none. Default: the reply's `id`, else the path's last parameter.
   */
  id?: `${'params' | 'query' | 'body' | 'reply'}.${string}` | 'none';
  /**
   * Which values of the fields sent are kept beside their names: 'safe' (the default) only those
   * of SAFE_FIELDS, never a guest's name, phone or comment; 'settings' every value but secrets
   * (a restaurant's settings); 'none' names only.
   */
  values?: 'safe' | 'settings' | 'none';
  /** Fields of the reply copied into the details (what an erase counted). */
  reply?: readonly string[];
}

declare module 'fastify' {
  interface FastifyContextConfig {
    audit?: AuditDeclaration;
  }
  interface FastifyInstance {
    /** Every /api route with its audit declaration, for the test that every staff change has one. */
    auditTable: { method: string; url: string; audit: AuditDeclaration | undefined }[];
  }
}

/** Fields whose values say what happened without saying who the guest is. */
const SAFE_FIELDS = new Set([
  'status',
  'group_size',
  'event',
  'tables',
  'table',
  'group',
  'restaurant',
  'booking',
  'id',
  'seating_time',
  'end_time',
  'date',
  'deposit',
  'role',
  'is_active',
  'active',
  'source',
  'fake',
  'created',
  'guest_retention_days',
  'quote_walk_minutes',
  'quote_grace_minutes',
  'guest_ladder',
  'guest_answer_wait_seconds',
  'sms_monthly_budget',
]);
/** Never kept, whatever the route says. */
const SECRET_FIELDS = new Set(['password', 're_password', 'token', 'refresh', 'access', 'key', 'init_data']);
/** Values longer than this (a scheme, a stylesheet) are named, not kept. */
const MAX_VALUES_CHARS = 2000;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The details of one action: the fields sent, the values that may be kept, the reply's counts.
 * `sent` is the request as validated (values coerced); `named` the fields the client really sent
 * (defaults filled in by validation are not the person's doing).
 */
export function auditDetails(
  declaration: AuditDeclaration,
  sent: unknown,
  reply: unknown,
  named?: readonly string[],
): Record<string, unknown> {
  const details: Record<string, unknown> = {};
  const mode = declaration.values ?? 'safe';
  if (Array.isArray(sent)) {
    details.items = sent.length;
    if (mode === 'settings') details.values = sent;
  } else if (isRecord(sent)) {
    // In the order sent; a field validation dropped (unknown) was not acted on.
    const fields = named ? named.filter((field) => field in sent) : Object.keys(sent);
    details.fields = fields;
    const kept = fields.filter((field) =>
      mode === 'settings' ? !SECRET_FIELDS.has(field) : mode === 'safe' && SAFE_FIELDS.has(field),
    );
    if (kept.length > 0) details.values = Object.fromEntries(kept.map((field) => [field, sent[field]]));
  }
  if (details.values !== undefined && JSON.stringify(details.values).length > MAX_VALUES_CHARS) {
    delete details.values;
    details.values_omitted = true;
  }
  if (isRecord(reply)) {
    for (const field of declaration.reply ?? []) if (field in reply) details[field] = reply[field];
  }
  return details;
}

const paramNames = (url: string) => [...url.matchAll(/:(\w+)/g)].map((match) => match[1] as string);

function entityIdOf(declaration: AuditDeclaration, request: FastifyRequest, reply: unknown): string | null {
  if (declaration.id === 'none') return null;
  const sources: Record<string, unknown> = {
    params: request.params,
    query: request.query,
    body: request.body,
    reply,
  };
  let value: unknown;
  if (declaration.id) {
    const [where = '', name = ''] = declaration.id.split('.');
    const source = sources[where];
    value = isRecord(source) ? source[name] : undefined;
  } else {
    value = isRecord(reply) ? reply.id : undefined;
    const last = paramNames(request.routeOptions.url ?? '').at(-1);
    if (value === undefined && last && isRecord(request.params)) value = request.params[last];
  }
  return typeof value === 'number' || typeof value === 'string' ? String(value) : null;
}

/** Paths under a restaurant: the access rules make them that restaurant's (access-matrix test). */
const RESTAURANT_PATH = /^\/api\/(restaurant|settings)\/:id\//;

/**
 * The restaurants whose log shows the action: the one the access checks let the request into;
 * else the restaurant in the path, or the reply's; else (a user's account) those of the user's
 * restaurants that the actor manages; else none (null: the whole product's, a superuser's).
 */
function restaurantsOf(request: FastifyRequest, reply: unknown): (number | null)[] {
  const checked = request.viewer ? authorisedRestaurant(request.viewer) : undefined;
  if (checked !== undefined) return [checked];
  const params = request.params;
  if (RESTAURANT_PATH.test(request.routeOptions.url ?? '') && isRecord(params)) {
    const id = Number(params.id);
    if (Number.isInteger(id)) return [id];
  }
  if (isRecord(reply) && typeof reply.restaurant === 'number') return [reply.restaurant];
  if (isRecord(reply) && Array.isArray(reply.restaurants) && request.viewer) {
    const managed = administeredRestaurants(request.viewer);
    const ids = reply.restaurants
      .map((restaurant: unknown) => (isRecord(restaurant) ? restaurant.id : undefined))
      .filter((id): id is number => typeof id === 'number' && (managed === 'all' || managed.includes(id)));
    if (ids.length > 0) return ids;
  }
  return [null];
}

const AUDIT_REPLY = Symbol('audit reply');
const AUDIT_NAMED = Symbol('fields sent');
type Audited = FastifyRequest & { [AUDIT_REPLY]?: unknown; [AUDIT_NAMED]?: string[] };
const sentOf = (request: FastifyRequest) =>
  request.method === 'GET' || request.method === 'DELETE' ? request.query : request.body;

/**
 * Writes the audit row of every 2xx answer of a route that declares `config.audit`, made by a
 * signed-in person (or a restaurant's POS, by its key). It runs before the answer leaves, so the
 * row is there when the client hears back; a failure to write it is logged, never turned into a
 * failure of an action that has already happened. An answer given again to a replayed request
 * (Idempotency-Key) was audited the first time.
 */
export const auditPlugin = fp<{ db: Database }>(async (app: FastifyInstance, { db }) => {
  app.decorate('auditTable', []);

  app.addHook('onRoute', (route) => {
    const url = route.url ?? route.path;
    if (!url.startsWith('/api')) return;
    const audit = (route.config as { audit?: AuditDeclaration } | undefined)?.audit;
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') app.auditTable.push({ method: String(method), url, audit });
    }
  });

  // Before validation the request is as the client sent it: the names of its fields.
  app.addHook('preValidation', async (request) => {
    const raw = sentOf(request);
    if (request.routeOptions.config.audit && isRecord(raw))
      (request as Audited)[AUDIT_NAMED] = Object.keys(raw);
  });

  app.addHook('preSerialization', async (request, _reply, payload) => {
    if (request.routeOptions.config.audit) (request as Audited)[AUDIT_REPLY] = payload;
    return payload;
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const declaration = request.routeOptions.config.audit;
    if (!declaration || reply.statusCode < 200 || reply.statusCode >= 300) return payload;
    if (reply.getHeader('idempotent-replayed')) return payload;
    const pos = request.posCaller;
    if (!request.viewer && !pos) return payload;
    const answer = (request as Audited)[AUDIT_REPLY];
    const details = auditDetails(declaration, sentOf(request), answer, (request as Audited)[AUDIT_NAMED]);
    if (pos) details.pos_key = pos.keyId;
    const entityId = entityIdOf(declaration, request, answer);
    const restaurants = pos ? [pos.restaurantId] : restaurantsOf(request, answer);
    try {
      await db.insert(schema.auditLog).values(
        restaurants.map((restaurantId) => ({
          restaurantId,
          actorId: request.viewer?.id ?? null,
          action: declaration.action,
          entityType: declaration.entity,
          entityId,
          details,
          requestId: request.id,
        })),
      );
    } catch (error) {
      request.log.error({ err: error, action: declaration.action }, 'audit: the row was not written');
    }
    return payload;
  });
});
