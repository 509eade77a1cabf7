import fastJson from 'fast-json-stringify';
import type { FastifyInstance } from 'fastify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { keepCompressedCopies } from './compressed-copies';

type JsonSchema = Record<string, unknown>;

/** The routes (`METHOD url`) whose replies are written this way, for `checkRepliesPlugin`. */
const writtenFromJsonSchema = new Set<string>();

/**
 * `anyOf: [{type: T, …}, {type: 'null'}]` (zod's nullable) as `{type: [T, 'null'], …}`: the same
 * replies, written by fast-json-stringify without trying each branch on every value.
 */
function simplifyNullables(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(simplifyNullables);
  if (!node || typeof node !== 'object') return node;
  const schema = Object.fromEntries(
    Object.entries(node as JsonSchema).map(([key, value]) => [key, simplifyNullables(value)]),
  ) as JsonSchema;
  const anyOf = schema.anyOf as JsonSchema[] | undefined;
  if (anyOf?.length === 2) {
    const nullAt = anyOf.findIndex((branch) => branch.type === 'null' && Object.keys(branch).length === 1);
    const other = anyOf[1 - nullAt];
    if (nullAt >= 0 && other && typeof other.type === 'string' && other.type !== 'object') {
      const { anyOf: _, ...rest } = schema;
      // A nullable enum keeps null among its values, or a null would match neither type nor enum.
      const values = Array.isArray(other.enum) ? { enum: [...other.enum, null] } : {};
      return { ...rest, ...other, ...values, type: [other.type, 'null'] };
    }
  }
  return schema;
}

/**
 * A route's replies written from its contract turned into JSON Schema (fast-json-stringify), not
 * encoded with zod on every request as the other routes' are: for the hot reads, where checking a
 * page of 150 bookings field by field cost more than reading it from the cache. What is written is
 * what the contract says (unknown fields are left out, as zod leaves them); the contract itself is
 * no longer checked at run time on these routes, so their tests parse every reply with it. A
 * contract JSON Schema cannot say keeps zod's encoder.
 */
export function contractSerializerCompiler(route: {
  schema: unknown;
  method: string;
  url: string;
  httpStatus?: string;
}): (data: unknown) => string {
  let json: JsonSchema;
  try {
    json = z.toJSONSchema(route.schema as z.ZodType, {
      target: 'draft-07',
      io: 'output',
      unrepresentable: 'throw',
    }) as JsonSchema;
  } catch {
    return zodSerializerCompiler(route as Parameters<typeof zodSerializerCompiler>[0]);
  }
  const { $schema: _, ...schema } = simplifyNullables(json) as JsonSchema;
  writtenFromJsonSchema.add(`${route.method} ${route.url}`);
  const write = fastJson(schema);
  // A reply kept by the read cache is the same object on every request and never changed
  // (read-cache.ts): written once. A fresh reply is written and forgotten with it.
  const written = new WeakMap<object, string>();
  return (data) => {
    if (typeof data !== 'object' || data === null) return write(data);
    const known = written.get(data);
    if (known !== undefined) {
      // Written again: its compressed copies are kept too (compressed-copies.ts).
      keepCompressedCopies(known);
      return known;
    }
    const text = write(data);
    written.set(data, text);
    return text;
  };
}

/**
 * Tests: every reply of a route written from JSON Schema is also parsed with its contract before
 * it is written, and one that does not fit fails the request (500), as zod's encoder would.
 */
export function checkContractReplies(app: FastifyInstance) {
  app.addHook('preSerialization', async (request, reply, payload) => {
    const route = `${request.method} ${request.routeOptions.url}`;
    if (!writtenFromJsonSchema.has(route)) return payload;
    const responses = request.routeOptions.schema?.response as Record<string, unknown> | undefined;
    const contract = responses?.[String(reply.statusCode)];
    if (contract instanceof z.ZodType) contract.parse(payload);
    return payload;
  });
}
