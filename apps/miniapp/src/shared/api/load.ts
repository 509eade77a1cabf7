import { get, type RequestOptions } from './transport';

/**
 * A GET for react-query. The transport resolves null only for an aborted call (react-query has
 * already dropped that result) or an empty reply (none of these endpoints sends one).
 */
export async function load<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return (await get<T>(path, options)) as T;
}
