import type { Org, OrgCreateBody, RestaurantComments, SuperSetup } from '@stolik/contracts';
import { queryOptions } from '@tanstack/react-query';
import { load } from '../../../shared/api/load';
import { post } from '../../../shared/api/transport';

/** Settings → static: the parts of the static-content service (spec §7) that have a page here. */
export const staticKeys = {
  comments: (restaurantId: number) => ['static-content', restaurantId, 'comments'] as const,
  superSetup: () => ['static-content', 'super-setup'] as const,
  orgs: () => ['static-content', 'orgs'] as const,
};

const sent = <T>(call: Promise<T | null>) => call as Promise<T>;

export const commentsQuery = (restaurantId: number) =>
  queryOptions({
    queryKey: staticKeys.comments(restaurantId),
    queryFn: ({ signal }) =>
      load<RestaurantComments>(`/api/restaurant/${restaurantId}/comments/`, { signal }),
  });

/** The whole list, replaced in this order. */
export const saveComments = (restaurantId: number, comments: string[]) =>
  sent(post<RestaurantComments>(`/api/restaurant/${restaurantId}/comments/`, { comments }));

export const superSetupQuery = () =>
  queryOptions({
    queryKey: staticKeys.superSetup(),
    queryFn: ({ signal }) => load<SuperSetup>('/api/static/super-setup/', { signal }),
  });

export const saveSuperSetup = (body: SuperSetup) => sent(post<SuperSetup>('/api/static/super-setup/', body));

export const orgsQuery = () =>
  queryOptions({
    queryKey: staticKeys.orgs(),
    queryFn: ({ signal }) => load<Org[]>('/api/static/orgs/', { signal }),
  });

export const createOrg = (body: OrgCreateBody) => sent(post<Org>('/api/static/orgs/', body));
