import type { z } from 'zod';

/**
 * A small JSON client for the product's API. The full transport of spec §7-8 (bearer token,
 * refresh on 401, aborting an earlier request of the same wrapper) arrives with sign-in.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(`API ${status}`);
    this.name = 'ApiError';
  }
}

const API_ROOT = (import.meta.env.VITE_API_URL as string | undefined)?.replace(/\/$/, '') ?? '';

export async function getJson<S extends z.ZodType>(
  path: string,
  schema: S,
  signal?: AbortSignal,
): Promise<z.output<S>> {
  let response: Response;
  try {
    response = await fetch(`${API_ROOT}${path}`, {
      headers: { Accept: 'application/json' },
      signal: signal ?? null,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(400, 'Network Error');
  }
  const text = await response.text();
  let body: unknown = null;
  if (text) {
    try {
      body = JSON.parse(text);
    } catch {
      body = 'Error';
    }
  }
  if (!response.ok) throw new ApiError(response.status, body);
  return schema.parse(body);
}
