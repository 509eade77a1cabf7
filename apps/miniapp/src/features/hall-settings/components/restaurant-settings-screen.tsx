import '../hall-settings.css';
import {
  GUEST_MESSAGE_SETTINGS,
  QUOTE_SETTINGS,
  RESTAURANT_LIMITS,
  type Restaurant,
  RestaurantPatchBody,
} from '@stolik/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useState } from 'react';
import { NavLink, useParams } from 'react-router';
import { updateRestaurant } from '../../../shared/hall/hall-api';
import { useTranslation } from '../../../shared/i18n/i18n';
import { restaurantQueryOptions, useRestaurant } from '../../../shared/restaurants/get-restaurant';
import { restaurantsQueryOptions } from '../../../shared/restaurants/get-restaurants';
import { paths } from '../../../shared/routing/paths';
import { Field } from '../../../shared/ui/field';
import { ErrorState, ListSkeleton } from '../../../shared/ui/states';
import { checkWith, problemOf } from '../form-check';
import { GuestMessagesFields, ladderDraftOf, ladderOf } from './guest-messages-fields';
import { CheckField, SaveBar, SaveStatus, SectionHeader, useSave } from './settings-form';
import { TimeZonePicker } from './time-zone-picker';

/** The two pages of Settings → 'Прочее' (spec §2: restaurant, children default and tags). */
function RestaurantTabs({ restaurantId }: { restaurantId: number }) {
  const { t } = useTranslation();
  return (
    <nav className="hall-tabs" aria-label={t('pages.settingsRestaurant')}>
      <NavLink end to={paths.settingsSection(restaurantId, 'restaurant')} className="hall-tabs__link">
        {t('hallSettings.restaurant.main')}
      </NavLink>
      <NavLink to={paths.settingsRestaurantTags(restaurantId)} className="hall-tabs__link">
        {t('pages.settingsRestaurantTags')}
      </NavLink>
    </nav>
  );
}

/** The restaurant as every screen reads it, replaced by the server's answer after a save. */
function useRestaurantSave(restaurantId: number) {
  const queryClient = useQueryClient();
  return (saved: Restaurant) => {
    queryClient.setQueryData(restaurantQueryOptions(restaurantId).queryKey, saved);
    void queryClient.invalidateQueries({ queryKey: restaurantsQueryOptions().queryKey, exact: true });
  };
}

function Loaded({
  restaurantId,
  children,
}: {
  restaurantId: number;
  children: (restaurant: Restaurant) => ReactNode;
}) {
  const restaurant = useRestaurant(restaurantId);
  if (restaurant.isPending) return <ListSkeleton rows={3} />;
  if (restaurant.isError)
    return <ErrorState messageKey="errors.restaurantInfo" onRetry={() => void restaurant.refetch()} />;
  return <>{children(restaurant.data)}</>;
}

/**
 * Settings → 'Прочее': the restaurant's name, time zone, whether it takes bookings, the two
 * switches of the staff app (hide orders, hide the main table link), and the queue's quote settings
 * (the walk from the door, the grace before 'дольше обещанного'; issue #20).
 */
export function RestaurantSettingsScreen() {
  const { t } = useTranslation();
  const restaurantId = Number(useParams().id);
  return (
    <div className="hall-settings">
      <SectionHeader titleKey="pages.settingsRestaurant" hint={t('hallSettings.restaurant.hint')} />
      <RestaurantTabs restaurantId={restaurantId} />
      <Loaded restaurantId={restaurantId}>
        {(restaurant) => <RestaurantForm key={restaurant.id} restaurant={restaurant} />}
      </Loaded>
    </div>
  );
}

/** Minutes as typed: a whole number, or NaN for the contract to refuse with its message. */
/** A whole number as typed (minutes, seconds, a count); NaN for anything else, refused by the check. */
const minutesOf = (value: string) => (/^\s*\d+\s*$/.test(value) ? Number(value) : Number.NaN);

function RestaurantForm({ restaurant }: { restaurant: Restaurant }) {
  const { t } = useTranslation();
  const put = useRestaurantSave(restaurant.id);
  const [name, setName] = useState(restaurant.name);
  const [timezone, setTimezone] = useState(restaurant.timezone);
  const [hasBookings, setHasBookings] = useState(restaurant.has_bookings);
  const [hideOrders, setHideOrders] = useState(restaurant.ui_content.app.hide_orders);
  const [hideMainTable, setHideMainTable] = useState(restaurant.ui_content.app.hide_main_table);
  const [walk, setWalk] = useState(String(restaurant.quote_walk_minutes ?? QUOTE_SETTINGS.walk.default));
  const [grace, setGrace] = useState(String(restaurant.quote_grace_minutes ?? QUOTE_SETTINGS.grace.default));
  const [ladder, setLadder] = useState(() => ladderDraftOf(restaurant.guest_ladder));
  const [answerWait, setAnswerWait] = useState(
    String(restaurant.guest_answer_wait_seconds ?? GUEST_MESSAGE_SETTINGS.answerWait.default),
  );
  const [budget, setBudget] = useState(
    String(restaurant.sms_monthly_budget ?? GUEST_MESSAGE_SETTINGS.smsBudget.default),
  );
  const saving = useSave((body: RestaurantPatchBody) => updateRestaurant(restaurant.id, body), {
    onSaved: (saved) => {
      put(saved);
      setName(saved.name);
      setTimezone(saved.timezone);
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkWith(
      RestaurantPatchBody,
      {
        name,
        timezone,
        has_bookings: hasBookings,
        ui_content: { app: { hide_orders: hideOrders, hide_main_table: hideMainTable } },
        quote_walk_minutes: minutesOf(walk),
        quote_grace_minutes: minutesOf(grace),
        guest_ladder: ladderOf(ladder),
        guest_answer_wait_seconds: minutesOf(answerWait),
        sms_monthly_budget: minutesOf(budget),
      },
      t,
    );
    if (!checked.ok) return saving.refuse(checked.fields);
    saving.save(checked.data);
  };

  const errors = saving.fields;
  return (
    <form className="panel hall-settings__panel form" onSubmit={submit} noValidate>
      <Field
        label={t('hallSettings.restaurant.name')}
        value={name}
        error={errors.name}
        maxLength={RESTAURANT_LIMITS.name}
        autoComplete="organization"
        onChange={(event) => setName(event.target.value)}
      />
      <TimeZonePicker value={timezone} onChange={setTimezone} error={errors.timezone} />
      <CheckField
        label={t('hallSettings.restaurant.hasBookings')}
        hint={t('hallSettings.restaurant.hasBookingsHint')}
        checked={hasBookings}
        onChange={setHasBookings}
      />
      <CheckField
        label={t('hallSettings.restaurant.hideOrders')}
        hint={t('hallSettings.restaurant.hideOrdersHint')}
        checked={hideOrders}
        onChange={setHideOrders}
      />
      <CheckField
        label={t('hallSettings.restaurant.hideMainTable')}
        hint={t('hallSettings.restaurant.hideMainTableHint')}
        checked={hideMainTable}
        onChange={setHideMainTable}
      />
      <Field
        label={t('hallSettings.restaurant.quoteWalk')}
        hint={t('hallSettings.restaurant.quoteWalkHint')}
        value={walk}
        error={errors.quote_walk_minutes}
        inputMode="numeric"
        min={QUOTE_SETTINGS.walk.min}
        max={QUOTE_SETTINGS.walk.max}
        onChange={(event) => setWalk(event.target.value)}
      />
      <Field
        label={t('hallSettings.restaurant.quoteGrace')}
        hint={t('hallSettings.restaurant.quoteGraceHint')}
        value={grace}
        error={errors.quote_grace_minutes}
        inputMode="numeric"
        min={QUOTE_SETTINGS.grace.min}
        max={QUOTE_SETTINGS.grace.max}
        onChange={(event) => setGrace(event.target.value)}
      />
      <GuestMessagesFields
        ladder={ladder}
        onLadder={setLadder}
        answerWait={answerWait}
        onAnswerWait={setAnswerWait}
        budget={budget}
        onBudget={setBudget}
        usedThisMonth={restaurant.sms_used_this_month}
        smsConfigured={restaurant.sms_configured}
        errors={errors}
      />
      {errors.has_bookings ||
      errors['ui_content.app.hide_orders'] ||
      errors['ui_content.app.hide_main_table'] ? (
        <p className="form__error">
          {errors.has_bookings ??
            errors['ui_content.app.hide_orders'] ??
            errors['ui_content.app.hide_main_table']}
        </p>
      ) : null}
      <SaveBar pending={saving.pending} outcome={saving.outcome} />
    </form>
  );
}

/** Settings → 'Прочее' → 'Теги': the restaurant's tags; each addition or removal is saved at once. */
export function RestaurantTagsScreen() {
  const { t } = useTranslation();
  const restaurantId = Number(useParams().id);
  return (
    <div className="hall-settings">
      <SectionHeader titleKey="pages.settingsRestaurantTags" hint={t('hallSettings.tags.hint')} />
      <RestaurantTabs restaurantId={restaurantId} />
      <Loaded restaurantId={restaurantId}>{(restaurant) => <TagsEditor restaurant={restaurant} />}</Loaded>
    </div>
  );
}

function TagsEditor({ restaurant }: { restaurant: Restaurant }) {
  const { t } = useTranslation();
  const put = useRestaurantSave(restaurant.id);
  const tags = restaurant.tags ?? [];
  const [tag, setTag] = useState('');
  const saving = useSave((next: string[]) => updateRestaurant(restaurant.id, { tags: next }), {
    onSaved: (saved, sent) => {
      put(saved);
      if (sent.length > tags.length) setTag('');
    },
  });

  const add = (event: FormEvent) => {
    event.preventDefault();
    const next = [...tags, tag];
    const checked = checkWith(RestaurantPatchBody.pick({ tags: true }), { tags: next }, t);
    if (!checked.ok) {
      const message = checked.fields[`tags.${tags.length}`] ?? checked.fields.tags;
      return saving.refuse({ tag: message ?? t('validation.invalid') });
    }
    const value = tag.trim();
    if (tags.some((known) => known.toLowerCase() === value.toLowerCase()))
      return saving.refuse({ tag: t('hallSettings.tags.duplicate') });
    saving.save([...tags, value]);
  };

  return (
    <div className="panel hall-settings__panel">
      {tags.length === 0 ? (
        <p className="hall-settings__empty">{t('hallSettings.tags.empty')}</p>
      ) : (
        <ul className="hall-chips" aria-label={t('pages.settingsRestaurantTags')}>
          {tags.map((known) => (
            <li key={known} className="hall-chip">
              <span>{known}</span>
              <button
                type="button"
                className="hall-chip__remove"
                aria-label={t('hallSettings.tags.remove', { tag: known })}
                disabled={saving.pending}
                onClick={() => saving.save(tags.filter((other) => other !== known))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <form className="hall-settings__inline" onSubmit={add} noValidate>
        <Field
          label={t('hallSettings.tags.new')}
          value={tag}
          error={saving.fields.tag}
          maxLength={RESTAURANT_LIMITS.tag}
          autoComplete="off"
          onChange={(event) => setTag(event.target.value)}
        />
        <button
          type="submit"
          className="button"
          disabled={saving.pending || tags.length >= RESTAURANT_LIMITS.tags}
        >
          {t('hallSettings.tags.add')}
        </button>
      </form>
      {tags.length >= RESTAURANT_LIMITS.tags ? (
        <p className="field__hint">{t('hallSettings.tags.full', { max: RESTAURANT_LIMITS.tags })}</p>
      ) : null}
      {saving.outcome?.kind === 'failed' && !saving.fields.tag ? (
        <p className="form__error" role="alert">
          {problemOf(saving.outcome.errors)}
        </p>
      ) : saving.outcome?.kind === 'saved' ? (
        <SaveStatus outcome={saving.outcome} />
      ) : null}
    </div>
  );
}
