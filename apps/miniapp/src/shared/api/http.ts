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

/**
 * GET a JSON reply typed by its contract. Replies are not re-validated at run time here (zod stays
 * out of the first screen's bundle); the contract tests parse every reply with its schema.
 */
export async function getJson<T>(path: string, signal?: AbortSignal): Promise<T> {
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
  return body as T;
}
