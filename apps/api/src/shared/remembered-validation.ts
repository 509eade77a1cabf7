import type { FastifySchemaValidationError } from 'fastify/types/schema';
import { validatorCompiler } from 'fastify-type-provider-zod';

/** Query strings (or path parameters) remembered per route at most; all are forgotten past it. */
const KEPT_PER_ROUTE = 500;

type Validate = (data: unknown) => { value?: unknown; error?: FastifySchemaValidationError[] | Error };

/** Frozen through: a remembered value is shared by every request that sends the same query. */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

/**
 * Zod's validator (the app's, fastify-type-provider-zod) for a hot read's query string or path
 * parameters, with what it made of each input remembered: a screen asks the same address again
 * and again, and parsing it (coercions, dates, status lists) was a tenth of a cached read's CPU.
 * Keyed by the input as parsed from the address, so the same text always gives the same result;
 * only for contracts that are a function of their input alone (no default from the clock, no
 * refinement that reads anything else). Refusals are not remembered (each says its own errors),
 * and the remembered value is frozen: a handler cannot change it for the next request.
 */
export function rememberedValidatorCompiler(route: {
  schema: unknown;
  method: string;
  url: string;
  httpPart?: string;
}): Validate {
  const validate = (validatorCompiler as (route: unknown) => Validate)(route);
  if (route.httpPart !== 'querystring' && route.httpPart !== 'params') return validate;
  const kept = new Map<string, { value: unknown }>();
  return (data) => {
    const key = JSON.stringify(data);
    const known = kept.get(key);
    if (known) return known;
    const result = validate(data);
    if (result.error) return result;
    if (kept.size >= KEPT_PER_ROUTE) kept.clear();
    const remembered = { value: deepFreeze(result.value) };
    kept.set(key, remembered);
    return remembered;
  };
}
