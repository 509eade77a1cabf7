import { Cell, List, Section } from '@telegram-apps/telegram-ui';
import { Link, Navigate, useNavigationType } from 'react-router';
import { InstallPromptCard } from '../../features/app-install/components/install-prompt-card';
import { useTranslation } from '../../shared/i18n/i18n';
import { useRestaurants } from '../../shared/restaurants/get-restaurants';
import { paths } from '../../shared/routing/paths';
import { ChevronDownIcon } from '../../shared/ui/icons';
import { Page } from '../../shared/ui/page';
import { ErrorState, ListSkeleton } from '../../shared/ui/states';

/**
 * '/' (Главная): the restaurants a person works in; one tap opens the live queue. A person in one
 * restaurant has nothing to choose: opening the app (or signing in) takes her straight to its queue;
 * only a tap on 'Главная' from inside the app shows this page. The offer to install the app lives
 * here, below the list, never above a work screen.
 */
export function HomeScreen() {
  const { t } = useTranslation();
  const restaurants = useRestaurants();
  // A link inside the app pushes; a launch, a reload or the sign-in's redirect do not.
  const chosenInApp = useNavigationType() === 'PUSH';
  const only = restaurants.data?.length === 1 ? restaurants.data[0] : undefined;
  if (only && !chosenInApp) return <Navigate to={paths.queue(only.id)} replace />;
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
      <InstallPromptCard />
    </Page>
  );
}
