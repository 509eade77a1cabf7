import { Cell, List, Section } from '@telegram-apps/telegram-ui';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useRestaurants } from '../../features/restaurants/api/get-restaurants';
import { paths } from '../../shared/routing/paths';
import { ChevronDownIcon } from '../../shared/ui/icons';
import { Page } from '../../shared/ui/page';
import { ErrorState, ListSkeleton } from '../../shared/ui/states';

/** '/' (Главная): the restaurants a person works in; one tap opens the live queue. */
export function HomeScreen() {
  const { t } = useTranslation();
  const restaurants = useRestaurants();
  return (
    <Page titleKey="pages.home">
      <p className="lead">{t('home.hint')}</p>
      {restaurants.isPending ? <ListSkeleton rows={3} /> : null}
      {restaurants.isError ? (
        <ErrorState messageKey="errors.restaurants" onRetry={() => void restaurants.refetch()} />
      ) : null}
      {restaurants.data?.length === 0 ? <p className="notice">{t('session.noRestaurants')}</p> : null}
      {restaurants.data && restaurants.data.length > 0 ? (
        <List className="home-list">
          <Section header={t('home.title')}>
            {restaurants.data.map((restaurant) => (
              <Link key={restaurant.id} to={paths.queue(restaurant.id)} className="plain-link">
                <Cell
                  Component="div"
                  subtitle={t('home.timezone', { timezone: restaurant.timezone })}
                  description={restaurant.has_bookings ? t('home.bookingsOn') : undefined}
                  after={<ChevronDownIcon size={20} style={{ transform: 'rotate(-90deg)' }} />}
                  multiline
                >
                  {restaurant.name}
                </Cell>
              </Link>
            ))}
          </Section>
        </List>
      ) : null}
    </Page>
  );
}
