import type { Invitation, InviteBody, Me, UserList, UserPatch, UsersQuery } from '@stolik/contracts';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { load } from '../../../shared/api/load';
import { del, patch, post } from '../../../shared/api/transport';

export type UsersFilter = Pick<UsersQuery, 'search' | 'role' | 'restaurant_id'> & { is_active?: boolean };

const PAGE_SIZE = 30;

/** The users of one restaurant, page by page ("Показать еще"). */
export const usersQueryOptions = (filter: UsersFilter) =>
  infiniteQueryOptions({
    queryKey: ['users', filter],
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      load<UserList>('/api/user/', {
        signal,
        query: {
          page: pageParam,
          page_size: PAGE_SIZE,
          restaurant_id: filter.restaurant_id,
          search: filter.search || undefined,
          role: filter.role,
          is_active: filter.is_active,
        },
      }),
    getNextPageParam: (last, pages) => (last.next ? pages.length + 1 : undefined),
  });

export const usersKey = ['users'] as const;

export const updateUser = (id: number, body: UserPatch) => patch<Me>(`/api/user/${id}/`, body) as Promise<Me>;

export const setUserActive = (id: number, active: boolean) =>
  post<Me>(`/api/user/${id}/${active ? 'activate' : 'deactivate'}`) as Promise<Me>;

/** Takes the user out of this restaurant (their account and other restaurants stay). */
export const removeFromRestaurant = (id: number, restaurantId: number) =>
  del<Me>(`/api/user/${id}/restaurants/${restaurantId}/`) as Promise<Me>;

export const createInvitation = (body: InviteBody) =>
  post<Invitation>('/api/user/invite/', body) as Promise<Invitation>;
