import type { Me, TelegramNotificationSettings } from '@stolik/contracts';
import {
  NOTIFIABLE_BOOKING_STATUSES,
  NOTIFIABLE_QUEUE_STATUSES,
  NOTIFICATION_TYPES,
  type NotificationType,
} from '@stolik/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Cell, List, Section, Switch } from '@telegram-apps/telegram-ui';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from '../../../shared/i18n/i18n';
import { restaurantsQueryOptions } from '../../../shared/restaurants/get-restaurants';
import { useSession } from '../../../shared/session/session';
import { haptic, useClosingConfirmation, useTelegramMainButton } from '../../../shared/telegram/bridge';
import { Page } from '../../../shared/ui/page';
import { ErrorState, ListSkeleton } from '../../../shared/ui/states';
import { notificationSettingsQuery, saveNotificationSettings } from '../api/telegram-api';
import {
  type Choices,
  changedSettings,
  choicesOf,
  restaurantsOf,
  settingKey,
  toggled,
} from '../notification-draft';
import { TelegramLinkStatus } from './telegram-link-status';
import '../telegram.css';

/**
 * /telegram/notifications, the notifications dialog of spec §2 and §3: the person's restaurants,
 * each with a list of queue statuses and one of booking statuses, a switch on each (as Telegram's
 * own settings), and one save. The same settings as
 * the bot's /notifications menu: what one changes, the other shows.
 */
export function TelegramNotificationsScreen() {
  const { t } = useTranslation();
  const { me } = useSession();
  const settings = useQuery(notificationSettingsQuery());
  return (
    <Page titleKey="pages.telegramNotifications">
      <div className="telegram-page">
        {me && me.telegram_id === null ? <TelegramLinkStatus me={me} /> : null}
        {settings.isPending ? <ListSkeleton rows={4} /> : null}
        {settings.isError ? (
          <ErrorState messageKey="errors.loadInfo" onRetry={() => void settings.refetch()} />
        ) : null}
        {settings.data?.length === 0 ? <p className="notice">{t('session.noRestaurants')}</p> : null}
        {settings.data && settings.data.length > 0 ? (
          <NotificationsForm saved={settings.data} me={me} />
        ) : null}
      </div>
    </Page>
  );
}

const STATUSES: Record<NotificationType, readonly string[]> = {
  queue: NOTIFIABLE_QUEUE_STATUSES,
  booking: NOTIFIABLE_BOOKING_STATUSES,
};

function NotificationsForm({ saved, me }: { saved: TelegramNotificationSettings; me: Me | null }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  // Names come with the profile; a superuser's settings may name restaurants they are no member of.
  const unnamed = restaurantsOf(saved).some((id) => !me?.restaurants.some((r) => r.id === id));
  const restaurants = useQuery({ ...restaurantsQueryOptions(), enabled: unnamed });
  // Only what the person changed; the rest shows the server's, fresh after a change in the bot.
  const [draft, setDraft] = useState<Choices>({});
  const [outcome, setOutcome] = useState<'saved' | 'failed' | null>(null);
  const form = useRef<HTMLFormElement>(null);

  const savedChoices = choicesOf(saved);
  const changes = changedSettings(savedChoices, draft);
  const chosen = (restaurant: number, type: NotificationType) =>
    draft[settingKey(restaurant, type)] ?? savedChoices[settingKey(restaurant, type)] ?? [];
  const nameOf = (id: number) =>
    me?.restaurants.find((r) => r.id === id)?.name ??
    restaurants.data?.find((r) => r.id === id)?.name ??
    t('telegram.notifications.restaurant', { id });

  const save = useMutation({
    mutationFn: saveNotificationSettings,
    onSuccess: (all) => {
      queryClient.setQueryData(notificationSettingsQuery().queryKey, all);
      setDraft({});
      setOutcome('saved');
      haptic.success();
    },
    onError: () => {
      setOutcome('failed');
      haptic.error();
    },
  });

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (save.isPending) return;
    if (changes.length === 0) {
      setOutcome('saved');
      return;
    }
    save.mutate(changes);
  };

  const toggle = (restaurant: number, type: NotificationType, status: string) => {
    setOutcome(null);
    setDraft((current) => ({
      ...current,
      [settingKey(restaurant, type)]: toggled(type, chosen(restaurant, type), status),
    }));
  };

  const label = t('telegram.notifications.save');
  const inTelegram = useTelegramMainButton(label, () => form.current?.requestSubmit(), {
    loading: save.isPending,
  });
  useClosingConfirmation(changes.length > 0);

  return (
    <form ref={form} className="form telegram-notifications" onSubmit={submit} noValidate>
      <p className="lead">{t('telegram.notifications.intro')}</p>
      <List className="telegram-notifications__list">
        {restaurantsOf(saved).map((restaurant) => (
          <section
            key={restaurant}
            className="telegram-restaurant"
            aria-labelledby={`telegram-restaurant-${restaurant}`}
          >
            <h2 id={`telegram-restaurant-${restaurant}`} className="telegram-restaurant__name">
              {nameOf(restaurant)}
            </h2>
            {NOTIFICATION_TYPES.map((type) => (
              <Section
                key={type}
                role="group"
                aria-label={t(`telegram.notifications.${type}`)}
                header={t(`telegram.notifications.${type}`)}
              >
                {STATUSES[type].map((status) => {
                  const name =
                    type === 'queue'
                      ? t(`liveQueue.statuses.${status as (typeof NOTIFIABLE_QUEUE_STATUSES)[number]}`)
                      : t(`bookingStatuses.${status as (typeof NOTIFIABLE_BOOKING_STATUSES)[number]}`);
                  return (
                    // The whole row is the switch's label: a tap anywhere on it toggles, as in Telegram's settings.
                    <Cell
                      key={status}
                      Component="label"
                      multiline
                      after={
                        <Switch
                          aria-label={name}
                          checked={chosen(restaurant, type).includes(status)}
                          onChange={() => toggle(restaurant, type, status)}
                        />
                      }
                    >
                      {name}
                    </Cell>
                  );
                })}
              </Section>
            ))}
          </section>
        ))}
      </List>
      <div aria-live="polite">
        {outcome === 'saved' ? <p className="notice">{t('errors.saved')}</p> : null}
        {outcome === 'failed' ? (
          <div className="notice notice--warning" role="alert">
            <p className="notice__title">{t('errors.saveFailed')}</p>
            <p>{t('errors.tryAgain')}</p>
          </div>
        ) : null}
      </div>
      {inTelegram ? null : (
        <div className="telegram-notifications__submit">
          <button type="submit" className="button button--wide" disabled={save.isPending}>
            {save.isPending ? t('telegram.notifications.saving') : label}
          </button>
        </div>
      )}
    </form>
  );
}
