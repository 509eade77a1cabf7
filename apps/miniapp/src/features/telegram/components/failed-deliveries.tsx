import type { FailedDelivery, Me, Restaurant } from '@stolik/contracts';
import { ROLE_ADMIN } from '@stolik/domain';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../shared/i18n/i18n';
import { restaurantsQueryOptions } from '../../../shared/restaurants/get-restaurants';
import { ErrorState, ListSkeleton } from '../../../shared/ui/states';
import { failedDeliveriesQuery } from '../api/telegram-api';
import { administeredRestaurants, failureReason } from '../failed-delivery-view';

/** Whether the person administers any restaurant, so that /telegram shows them the failures. */
export const seesFailedDeliveries = (me: Me): boolean =>
  me.is_superuser || me.restaurants.some((r) => r.role === ROLE_ADMIN);

/**
 * The bot's messages that could not be delivered after every try (spec §7: failed rows are
 * visible to admins), per restaurant the person administers: when, to whom, what about and why.
 */
export function FailedDeliveries({ me }: { me: Me }) {
  const { t } = useTranslation();
  const restaurants = useQuery(restaurantsQueryOptions());
  const mine = restaurants.data ? administeredRestaurants(me, restaurants.data, ROLE_ADMIN) : [];
  return (
    <section className="telegram-failures" aria-labelledby="telegram-failures-title">
      <h2 id="telegram-failures-title" className="telegram-failures__title">
        {t('telegramFailures.title')}
      </h2>
      <p className="telegram-failures__intro">{t('telegramFailures.intro')}</p>
      {restaurants.isPending ? <ListSkeleton rows={2} /> : null}
      {restaurants.isError ? (
        <ErrorState messageKey="errors.loadInfo" onRetry={() => void restaurants.refetch()} />
      ) : null}
      {mine.map((restaurant) => (
        <RestaurantFailures key={restaurant.id} restaurant={restaurant} named={mine.length > 1} />
      ))}
    </section>
  );
}

function RestaurantFailures({ restaurant, named }: { restaurant: Restaurant; named: boolean }) {
  const { t } = useTranslation();
  const failures = useInfiniteQuery(failedDeliveriesQuery(restaurant.id));
  const items = failures.data?.pages.flatMap((page) => page.results) ?? [];
  const total = failures.data?.pages[0]?.count ?? 0;
  const headingId = `telegram-failures-${restaurant.id}`;
  return (
    <section className="telegram-failures__restaurant" aria-labelledby={headingId}>
      <h3 id={headingId} className={named ? 'telegram-failures__name' : 'visually-hidden'}>
        {restaurant.name}
      </h3>
      {failures.isPending ? <ListSkeleton rows={2} /> : null}
      {failures.isError && !failures.data ? (
        <ErrorState messageKey="errors.loadInfo" onRetry={() => void failures.refetch()} />
      ) : null}
      {failures.isSuccess && items.length === 0 ? (
        <p className="telegram-failures__empty">{t('telegramFailures.empty')}</p>
      ) : null}
      {items.length > 0 ? (
        <>
          <p className="telegram-failures__count">{t('telegramFailures.found', { count: total })}</p>
          <ul className="telegram-failures__list">
            {items.map((failure) => (
              <FailureItem key={failure.id} failure={failure} timeZone={restaurant.timezone} />
            ))}
          </ul>
        </>
      ) : null}
      {failures.hasNextPage ? (
        <button
          type="button"
          className="button button--secondary button--wide"
          disabled={failures.isFetchingNextPage}
          onClick={() => void failures.fetchNextPage()}
        >
          {t('telegramFailures.more')}
        </button>
      ) : null}
    </section>
  );
}

const formats = new Map<string, Intl.DateTimeFormat>();
function whenFormat(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('ru-RU', {
      day: 'numeric',
      month: 'long',
      hour: '2-digit',
      minute: '2-digit',
      timeZone,
    });
    formats.set(timeZone, format);
  }
  return format;
}

function FailureItem({ failure, timeZone }: { failure: FailedDelivery; timeZone: string }) {
  const { t } = useTranslation();
  const status =
    failure.type === 'queue'
      ? t(`liveQueue.statuses.${failure.status}` as 'liveQueue.statuses.live', {
          defaultValue: failure.status,
        })
      : failure.type === 'booking'
        ? t(`bookingStatuses.${failure.status}` as 'bookingStatuses.new', { defaultValue: failure.status })
        : t(`telegramFailures.guestStatuses.${failure.status}` as 'telegramFailures.guestStatuses.called', {
            defaultValue: failure.status,
          });
  const about =
    failure.type === 'queue' || failure.type === 'booking' || failure.type === 'guest'
      ? t(`telegramFailures.about.${failure.type}`, { status })
      : status;
  const recipient =
    failure.user === null
      ? t('telegramFailures.toGuest', { chat: failure.chat_id })
      : failure.user_name
        ? t('telegramFailures.toStaff', { name: failure.user_name })
        : t('telegramFailures.toStaffUnnamed', { chat: failure.chat_id });
  const reason = failureReason(failure);
  return (
    <li className="telegram-failure">
      <p className="telegram-failure__about">
        {about}
        {failure.guest_name ? (
          <span className="telegram-failure__guest">
            {' · '}
            {t('telegramFailures.guestName', { name: failure.guest_name })}
          </span>
        ) : null}
      </p>
      <p className="telegram-failure__line">{recipient}</p>
      <p className="telegram-failure__line">
        <time dateTime={failure.failed_at}>
          {t('telegramFailures.when', { when: whenFormat(timeZone).format(new Date(failure.failed_at)) })}
        </time>
      </p>
      <p className="telegram-failure__why">
        {reason === 'tries'
          ? t('telegramFailures.why.tries', { count: failure.attempts })
          : t(`telegramFailures.why.${reason}`)}
      </p>
      {failure.last_error ? (
        <p className="telegram-failure__details">
          {t('telegramFailures.details', { error: failure.last_error })}
        </p>
      ) : null}
    </li>
  );
}
