import type { UserListItem } from '@stolik/contracts';
import { ROLE_ADMIN, ROLE_MANAGER, type Role, roleKind } from '@stolik/domain';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useDeferredValue, useState } from 'react';
import { useParams } from 'react-router';
import { useTranslation } from '../../../shared/i18n/i18n';
import { useSession } from '../../../shared/session/session';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { formErrorsOf } from '../../../shared/ui/form-errors';
import { usePageTitle } from '../../../shared/ui/page';
import { EmptyState, ErrorState, ListSkeleton } from '../../../shared/ui/states';
import {
  removeFromRestaurant,
  setUserActive,
  updateUser,
  usersKey,
  usersQueryOptions,
} from '../api/users-api';
import { InvitePanel } from './invite-panel';

type ActiveFilter = 'all' | 'active' | 'inactive';

function nameOf(user: UserListItem): string {
  return (
    `${user.first_name} ${user.last_name}`.trim() || user.email || `@${user.telegram_username ?? user.id}`
  );
}

/** Settings → Users ('Пользователи'): the people of this restaurant, invitations, roles, access. */
export function UsersScreen() {
  const { t } = useTranslation();
  usePageTitle('pages.settingsUsers');
  const restaurantId = Number(useParams().id);
  const { me } = useSession();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const deferredSearch = useDeferredValue(search.trim());
  const [role, setRole] = useState<Role | ''>('');
  const [active, setActive] = useState<ActiveFilter>('all');
  const [inviting, setInviting] = useState(false);
  const [confirming, setConfirming] = useState<{
    user: UserListItem;
    action: 'deactivate' | 'remove';
  } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const users = useInfiniteQuery(
    usersQueryOptions({
      restaurant_id: restaurantId,
      search: deferredSearch || undefined,
      role: role || undefined,
      ...(active === 'all' ? {} : { is_active: active === 'active' }),
    }),
  );
  const done = () => {
    setProblem(null);
    return queryClient.invalidateQueries({ queryKey: usersKey });
  };
  const failed = (error: unknown) => setProblem(formErrorsOf(error, t('usersScreen.actionFailed')).general);
  const changeRole = useMutation({
    mutationFn: ({ id, next }: { id: number; next: Role }) =>
      updateUser(id, { role: next, restaurant: restaurantId }),
    onSuccess: done,
    onError: failed,
  });
  const toggleActive = useMutation({
    mutationFn: ({ id, next }: { id: number; next: boolean }) => setUserActive(id, next),
    onSuccess: done,
    onError: failed,
  });
  const remove = useMutation({
    mutationFn: (id: number) => removeFromRestaurant(id, restaurantId),
    onSuccess: done,
    onError: failed,
  });
  // Accounts are global: only someone who administers every restaurant of an account may switch it
  // off; anyone else takes it out of this restaurant instead.
  const administered = new Set((me?.restaurants ?? []).filter((r) => r.role === ROLE_ADMIN).map((r) => r.id));
  const wholeAccount = (user: UserListItem) =>
    Boolean(me?.is_superuser) || user.restaurants.every((r) => administered.has(r.id));

  const list = users.data?.pages.flatMap((page) => page.results) ?? [];
  const total = users.data?.pages[0]?.count ?? 0;

  return (
    <div className="users">
      <div className="users__header">
        <h2 className="users__title">{t('pages.settingsUsers')}</h2>
        {inviting ? null : (
          <button type="button" className="button" onClick={() => setInviting(true)}>
            {t('usersScreen.invite')}
          </button>
        )}
      </div>
      {inviting ? <InvitePanel restaurantId={restaurantId} onClose={() => setInviting(false)} /> : null}

      <div className="users__filters">
        <input
          className="field__input users__search"
          type="search"
          placeholder={t('usersScreen.search')}
          aria-label={t('usersScreen.search')}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
        <select
          className="field__input"
          aria-label={t('usersScreen.role')}
          value={role}
          onChange={(event) => setRole(event.target.value as Role | '')}
        >
          <option value="">{`${t('usersScreen.role')}: ${t('usersScreen.any')}`}</option>
          <option value={ROLE_ADMIN}>{t('roles.admin')}</option>
          <option value={ROLE_MANAGER}>{t('roles.manager')}</option>
        </select>
        <select
          className="field__input"
          aria-label={t('usersScreen.status')}
          value={active}
          onChange={(event) => setActive(event.target.value as ActiveFilter)}
        >
          <option value="all">{`${t('usersScreen.status')}: ${t('usersScreen.any')}`}</option>
          <option value="active">{t('usersScreen.active')}</option>
          <option value="inactive">{t('usersScreen.inactive')}</option>
        </select>
      </div>

      {problem ? (
        <p className="form__error" role="alert">
          {problem}
        </p>
      ) : null}
      {users.isPending ? <ListSkeleton rows={4} /> : null}
      {users.isError ? (
        <ErrorState messageKey="errors.loadInfo" onRetry={() => void users.refetch()} />
      ) : null}
      {users.isSuccess && list.length === 0 ? <EmptyState /> : null}
      {list.length > 0 ? (
        <>
          <p className="users__count">{t('usersScreen.total', { count: total })}</p>
          <ul className="users__list">
            {list.map((user) => {
              const here = user.restaurants.find((r) => r.id === restaurantId)?.role ?? null;
              const isMe = user.id === me?.id;
              return (
                <li key={user.id} className={`user-row ${user.is_active ? '' : 'user-row--inactive'}`}>
                  <div className="user-row__who">
                    <span className="user-row__name">
                      {nameOf(user)}
                      {isMe ? <span className="user-row__me"> · {t('usersScreen.you')}</span> : null}
                    </span>
                    <span className="user-row__contact">
                      {user.email || t('usersScreen.noEmail')}
                      {user.telegram_username ? ` · @${user.telegram_username}` : ''}
                    </span>
                    {user.is_active ? null : (
                      <span className="badge badge--muted">{t('usersScreen.deactivated')}</span>
                    )}
                  </div>
                  <div className="user-row__actions">
                    <select
                      className="field__input"
                      aria-label={`${t('usersScreen.changeRole')}: ${nameOf(user)}`}
                      value={here ?? ''}
                      disabled={isMe || here === null || user.is_superuser || changeRole.isPending}
                      onChange={(event) =>
                        changeRole.mutate({ id: user.id, next: event.target.value as Role })
                      }
                    >
                      {here === null ? <option value="">—</option> : null}
                      <option value={ROLE_ADMIN}>{t(`roles.${roleKind(ROLE_ADMIN)}`)}</option>
                      <option value={ROLE_MANAGER}>{t(`roles.${roleKind(ROLE_MANAGER)}`)}</option>
                    </select>
                    {isMe || user.is_superuser ? null : !wholeAccount(user) ? (
                      <button
                        type="button"
                        className="button button--secondary"
                        onClick={() => setConfirming({ user, action: 'remove' })}
                      >
                        {t('usersScreen.remove')}
                      </button>
                    ) : user.is_active ? (
                      <button
                        type="button"
                        className="button button--secondary"
                        onClick={() => setConfirming({ user, action: 'deactivate' })}
                      >
                        {t('usersScreen.deactivate')}
                      </button>
                    ) : (
                      <button
                        type="button"
                        className="button button--secondary"
                        onClick={() => toggleActive.mutate({ id: user.id, next: true })}
                      >
                        {t('usersScreen.activate')}
                      </button>
                    )}
                  </div>
                </li>
              );
            })}
          </ul>
          {users.hasNextPage ? (
            <button
              type="button"
              className="button button--secondary button--wide"
              disabled={users.isFetchingNextPage}
              onClick={() => void users.fetchNextPage()}
            >
              {t('usersScreen.loadMore')}
            </button>
          ) : null}
        </>
      ) : null}
      <ConfirmDialog
        open={confirming !== null}
        question={
          confirming
            ? t(
                confirming.action === 'remove'
                  ? 'usersScreen.removeConfirm'
                  : 'usersScreen.deactivateConfirm',
                { name: nameOf(confirming.user) },
              )
            : ''
        }
        confirmLabel={t(confirming?.action === 'remove' ? 'usersScreen.remove' : 'usersScreen.deactivate')}
        cancelLabel={t('usersScreen.cancel')}
        destructive
        onCancel={() => setConfirming(null)}
        onConfirm={() => {
          if (confirming?.action === 'remove') remove.mutate(confirming.user.id);
          else if (confirming) toggleActive.mutate({ id: confirming.user.id, next: false });
          setConfirming(null);
        }}
      />
    </div>
  );
}
