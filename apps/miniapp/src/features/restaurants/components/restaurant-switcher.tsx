import type { Restaurant } from '@stolik/contracts';
import { useCallback, useId, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from '../../../shared/i18n/i18n';
import { switchRestaurantPath } from '../../../shared/routing/paths';
import { CheckIcon, ChevronDownIcon, StarIcon } from '../../../shared/ui/icons';
import { useDismiss } from '../../../shared/ui/use-dismiss';
import { useFavouriteRestaurants } from '../favourites';

/** Opens another restaurant on the same screen (spec §2). */
export function RestaurantSwitcher({
  restaurants,
  current,
  compact = false,
}: {
  restaurants: Restaurant[];
  current: Restaurant | undefined;
  compact?: boolean;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  const listId = useId();
  const root = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const favourites = useFavouriteRestaurants();
  // Starred first, each group in the API's order.
  const ordered = [...restaurants].sort(
    (a, b) => Number(favourites.isFavourite(b.id)) - Number(favourites.isFavourite(a.id)),
  );

  useDismiss(root, open, close);

  const choose = (restaurant: Restaurant) => {
    setOpen(false);
    void navigate(switchRestaurantPath(pathname, restaurant.id));
  };

  return (
    <div className={`switcher ${compact ? 'switcher--compact' : ''}`} ref={root}>
      <button
        type="button"
        className="switcher__button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((value) => !value)}
      >
        <span className="switcher__caption">{t('nav.restaurant')}</span>
        <span className="switcher__name">{current?.name ?? t('nav.chooseRestaurant')}</span>
        <ChevronDownIcon size={18} className="switcher__chevron" />
      </button>
      {open ? (
        <ul className="switcher__list" id={listId} aria-label={t('nav.chooseRestaurant')}>
          {restaurants.length === 0 ? <li className="switcher__empty">{t('list.empty')}</li> : null}
          {ordered.map((restaurant) => {
            const selected = restaurant.id === current?.id;
            const starred = favourites.isFavourite(restaurant.id);
            return (
              <li key={restaurant.id} className="switcher__item">
                <button
                  type="button"
                  className="switcher__option"
                  aria-current={selected ? 'true' : undefined}
                  onClick={() => choose(restaurant)}
                >
                  <span>{restaurant.name}</span>
                  {selected ? <CheckIcon size={18} /> : null}
                </button>
                <button
                  type="button"
                  className={`icon-button switcher__star ${starred ? 'switcher__star--on' : ''}`}
                  aria-pressed={starred}
                  aria-label={`${starred ? t('nav.removeFavourite') : t('nav.addFavourite')}: ${restaurant.name}`}
                  onClick={() => favourites.toggle(restaurant.id)}
                >
                  <StarIcon size={18} filled={starred} />
                </button>
              </li>
            );
          })}
        </ul>
      ) : null}
    </div>
  );
}
