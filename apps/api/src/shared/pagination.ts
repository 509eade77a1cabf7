import type { FastifyRequest } from 'fastify';

/**
 * `next` and `previous` of a paginated reply (API-CONVENTIONS): the request's own path and query
 * as it was sent, with another page number.
 */
export function pageLinks(
  request: FastifyRequest,
  count: number,
  page: number,
  pageSize: number,
): { next: string | null; previous: string | null } {
  const url = new URL(request.url, 'http://localhost');
  const link = (to: number) => {
    url.searchParams.set('page', String(to));
    url.searchParams.set('page_size', String(pageSize));
    return `${url.pathname}?${url.searchParams.toString()}`;
  };
  return {
    next: page * pageSize < count ? link(page + 1) : null,
    previous: page > 1 ? link(page - 1) : null,
  };
}
