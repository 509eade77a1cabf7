import type { QueueEntry, Restaurant } from '@stolik/contracts';
import type { QueueAction } from '@stolik/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRefusalMessage } from '../../../shared/api/refusal';
import { MessageLog } from '../../../shared/guest-reach/reach-mark';
import { useTranslation } from '../../../shared/i18n/i18n';
import { formatPhone } from '../../../shared/phone/phone';
import {
  entryHistoryQuery,
  entryMessagesQuery,
  moveToRestaurant,
  queueKeys,
} from '../../../shared/queue/queue-api';
import { STAFF_QUEUE_REFUSALS } from '../../../shared/queue/use-queue-actions';
import { haptic } from '../../../shared/telegram/bridge';
import { timeOf } from '../../../shared/time/restaurant-clock';
import { Sheet } from '../../../shared/ui/sheet';
import { showToast } from '../../../shared/ui/toast';
import { actionLabel, actionsFor } from '../queue-view';
import { useFormatMinutes } from './elapsed';

/** Everything about one guest and every move the status machine allows. */
export function EntrySheet({
  entry,
  restaurants,
  onAction,
  onClose,
}: {
  entry: QueueEntry | null;
  restaurants: Restaurant[];
  onAction: (entry: QueueEntry, action: QueueAction) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const format = useFormatMinutes();
  const queryClient = useQueryClient();
  const refusal = useRefusalMessage('liveQueue.actionFailed', STAFF_QUEUE_REFUSALS);
  const move = useMutation({
    mutationFn: ({ id, restaurant }: { id: number; restaurant: number }) => moveToRestaurant(id, restaurant),
    onMutate: () => haptic.tap(),
    onSuccess: (_moved, { restaurant }) => {
      haptic.success();
      void queryClient.invalidateQueries({ queryKey: queueKeys.all(restaurant) });
      onClose();
    },
    onError: (error) => {
      haptic.error();
      showToast(refusal(error), 'error');
    },
    onSettled: () => {
      if (entry) void queryClient.invalidateQueries({ queryKey: queueKeys.all(entry.restaurant) });
    },
  });

  if (!entry)
    return (
      <Sheet open={false} title="" onClose={onClose}>
        {null}
      </Sheet>
    );
  const { primary, others } = actionsFor(entry.status);
  const actions = [...(primary ? [primary] : []), ...others];
  const elsewhere = restaurants.filter((r) => r.id !== entry.restaurant);
  const active = ['live', 'called', 'joined', 'reserve'].includes(entry.status);
  const name = entry.name || t('liveQueue.guest');

  return (
    <Sheet open title={`${t('liveQueue.number', { number: entry.number })} · ${name}`} onClose={onClose}>
      <dl className="entry-facts">
        <div>
          <dt>{t(`liveQueue.statuses.${entry.status}`)}</dt>
          <dd>{t('guest.guests', { count: entry.group_size })}</dd>
        </div>
        {entry.phone ? (
          <div>
            <dt>{t('guest.phone')}</dt>
            <dd>
              <a className="plain-link" href={`tel:${entry.phone}`}>
                {formatPhone(entry.phone)}
              </a>
            </dd>
          </div>
        ) : null}
        {entry.event ? (
          <div>
            <dt>{t('guest.event')}</dt>
            <dd>{t(`events.${entry.event}`)}</dd>
          </div>
        ) : null}
        <div>
          <dt>{t('queueSources.title')}</dt>
          <dd>{t(`queueSources.${entry.legacy_source}`)}</dd>
        </div>
        {entry.comment ? (
          <div>
            <dt>{t('liveQueue.comment')}</dt>
            <dd>{entry.comment}</dd>
          </div>
        ) : null}
        {entry.quoted_wait !== null ? (
          <div>
            <dt>{t('guest.wait')}</dt>
            <dd>{t('liveQueue.quoted', { time: format(entry.quoted_wait) })}</dd>
          </div>
        ) : null}
        {entry.visits > 0 ? (
          <div>
            <dt>{t('liveQueue.returningHint')}</dt>
            <dd>{t('liveQueue.returning', { count: entry.visits })}</dd>
          </div>
        ) : null}
      </dl>
      <EntryMessages entry={entry} timeZone={restaurants.find((r) => r.id === entry.restaurant)?.timezone} />
      <EntryHistory entry={entry} timeZone={restaurants.find((r) => r.id === entry.restaurant)?.timezone} />
      <div className="entry-actions">
        {actions.map((action) => (
          <button
            key={action}
            type="button"
            className={`button ${action === 'cancel' ? 'button--destructive' : action === primary ? '' : 'button--secondary'} button--wide`}
            onClick={() => onAction(entry, action)}
          >
            {t(actionLabel(entry, action))}
          </button>
        ))}
        {active && elsewhere.length > 0 ? (
          <fieldset className="entry-actions__move">
            <legend className="field__label">{t('liveQueue.moveRestaurant')}</legend>
            {elsewhere.map((restaurant) => (
              <button
                key={restaurant.id}
                type="button"
                className="button button--plain button--wide"
                disabled={move.isPending}
                onClick={() => move.mutate({ id: entry.id, restaurant: restaurant.id })}
              >
                {t('liveQueue.moveTo', { name: restaurant.name })}
              </button>
            ))}
          </fieldset>
        ) : null}
      </div>
    </Sheet>
  );
}

/** Every message to the guest (called, …) and each channel it went down: the proof they were told. */
function EntryMessages({ entry, timeZone }: { entry: QueueEntry; timeZone: string | undefined }) {
  const { t } = useTranslation();
  const messages = useQuery(entryMessagesQuery(entry.restaurant, entry.id));
  return (
    <section className="entry-history" aria-labelledby={`entry-messages-${entry.id}`}>
      <h3 id={`entry-messages-${entry.id}`} className="entry-history__title">
        {t('guestReach.logTitle')}
      </h3>
      {messages.isPending ? (
        <p className="field__hint">{t('app.loading')}</p>
      ) : messages.isError ? (
        <p className="field__hint">{t('queueSources.historyFailed')}</p>
      ) : (
        <MessageLog messages={messages.data} timeZone={timeZone} />
      )}
    </section>
  );
}

/**
 * The entry's changes, oldest first, each said in the spec's source words (§3): what the older
 * system would have recorded for the guest after it ('Живая очередь', 'Вызвана', 'Занял место'…),
 * so a manager comparing with that system's reports reads the same words.
 */
function EntryHistory({ entry, timeZone }: { entry: QueueEntry; timeZone: string | undefined }) {
  const { t } = useTranslation();
  const history = useQuery(entryHistoryQuery(entry.restaurant, entry.id));
  // The restaurant's clock; the device's while the restaurants are still loading.
  const zone = timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  return (
    <section className="entry-history" aria-labelledby={`entry-history-${entry.id}`}>
      <h3 id={`entry-history-${entry.id}`} className="entry-history__title">
        {t('queueSources.history')}
      </h3>
      {history.isPending ? (
        <p className="field__hint">{t('app.loading')}</p>
      ) : history.isError ? (
        <p className="field__hint">{t('queueSources.historyFailed')}</p>
      ) : (
        <ol className="entry-history__list" aria-labelledby={`entry-history-${entry.id}`}>
          {history.data.map((item) => (
            // A change has no id of its own: its moment and what it made of the entry tell it apart.
            <li key={`${item.at}-${item.legacy_source}`} className="entry-history__item">
              <time dateTime={item.at} className="entry-history__when">
                {timeOf(zone, item.at)}
              </time>
              <span>{t(`queueSources.${item.legacy_source}`)}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
