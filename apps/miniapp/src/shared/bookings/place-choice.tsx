import '../../styles/booking-form.css';
import type { TableFit } from '@stolik/contracts';
import { useTranslation } from '../i18n/i18n';

/** Where a booking sits: any place that fits (the server picks the best), a table, or a group of tables. */
export type Place = { kind: 'any' } | { kind: 'table' | 'group'; id: number; tables: number[] };

export const ANY_PLACE: Place = { kind: 'any' };

export const samePlace = (a: Place, b: Place) =>
  a.kind === b.kind && (a.kind === 'any' || (b.kind !== 'any' && a.id === b.id));

export const placeOfFit = (fit: TableFit): Place => ({ kind: fit.kind, id: fit.id, tables: fit.tables });

/** The request body's table and group for a place. */
export const placeBody = (place: Place) => ({
  table: place.kind === 'table' ? place.id : null,
  group: place.kind === 'group' ? place.id : null,
});

/** Whether the chosen place is among those free for the time and party (any place always is, if one fits). */
export const placeAvailable = (place: Place, fits: TableFit[]) =>
  place.kind === 'any' ? fits.length > 0 : fits.some((fit) => samePlace(placeOfFit(fit), place));

/**
 * The free places for a party at a time, best fit first, as one choice; a place chosen earlier
 * (a tapped row, the booking's own table) stays listed, marked, when it no longer fits. What is wrong
 * with the place (taken now, refused by the server) is said once, under the choice.
 */
export function PlaceChoice({
  fits,
  value,
  onChange,
  allowAny,
  chosenName,
  loading,
  error,
  name = 'place',
}: {
  fits: TableFit[];
  value: Place;
  onChange: (place: Place) => void;
  allowAny: boolean;
  /** The number or name of the chosen place, when it is not among the fits. */
  chosenName?: string | undefined;
  loading: boolean;
  /** Why the form or the server refused the place: said here, once, instead of 'taken' below. */
  error?: string | undefined;
  name?: string;
}) {
  const { t } = useTranslation();
  const missing = value.kind !== 'any' && !loading && !placeAvailable(value, fits);
  const problem = error ?? (missing ? t('booking.form.placeTaken') : null);
  return (
    <fieldset className="choice place-choice" aria-busy={loading}>
      <legend className="field__label">{t('booking.form.place')}</legend>
      {allowAny ? (
        <label className="choice__option place-choice__option">
          <input
            type="radio"
            name={name}
            checked={value.kind === 'any'}
            onChange={() => onChange(ANY_PLACE)}
          />
          <span className="place-choice__text">
            <span className="place-choice__name">{t('booking.form.anyPlace')}</span>
            <span className="place-choice__seats">{t('booking.form.anyPlaceHint')}</span>
          </span>
        </label>
      ) : null}
      {missing ? (
        <label className="choice__option place-choice__option place-choice__option--taken">
          <input type="radio" name={name} checked readOnly />
          <span className="place-choice__name">{chosenName ?? ''}</span>
        </label>
      ) : null}
      {fits.map((fit) => {
        const place = placeOfFit(fit);
        return (
          <label key={`${fit.kind}-${fit.id}`} className="choice__option place-choice__option">
            <input
              type="radio"
              name={name}
              checked={samePlace(place, value)}
              onChange={() => onChange(place)}
            />
            <span className="place-choice__text">
              <span className="place-choice__name">
                {fit.kind === 'group'
                  ? t('booking.form.placeGroup', { name: fit.name })
                  : t('booking.tableNumber', { number: fit.name })}
              </span>
              <span className="place-choice__seats">
                {t('booking.seats', { min: fit.seats_min, count: fit.seats_max })}
              </span>
            </span>
          </label>
        );
      })}
      {problem ? (
        <p className="form__error" role="alert">
          {problem}
        </p>
      ) : null}
      {!loading && fits.length === 0 ? <p className="field__hint">{t('bookingApi.noTable')}</p> : null}
    </fieldset>
  );
}
