import '../orders.css';
import type { PosKey, PosKeyCreated } from '@stolik/contracts';
import { ORDER_LIMITS } from '@stolik/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from '../../../shared/i18n/i18n';
import { haptic, useConfirm } from '../../../shared/telegram/bridge';
import { displayDate, timeOf, wallClock } from '../../../shared/time/restaurant-clock';
import { Field } from '../../../shared/ui/field';
import { type FormErrors, formErrorsOf } from '../../../shared/ui/form-errors';
import { ErrorState, ListSkeleton } from '../../../shared/ui/states';
import { showToast } from '../../../shared/ui/toast';
import { createPosKey, orderKeys, posKeysQuery, revokePosKey } from '../api/orders-api';

const NO_ERRORS: FormErrors = { fields: {}, general: null };

/**
 * The restaurant's POS integration, for its admins: the keys its POS pushes orders with. A new key
 * is shown once, with a copy button; a key can be revoked at once.
 */
export function PosKeysPanel({ restaurantId, timeZone }: { restaurantId: number; timeZone: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const keys = useQuery(posKeysQuery(restaurantId));
  const [name, setName] = useState('');
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const [made, setMade] = useState<PosKeyCreated | null>(null);
  const { confirm, dialog } = useConfirm();
  const refresh = () => queryClient.invalidateQueries({ queryKey: orderKeys.posKeys(restaurantId) });

  const create = useMutation({
    mutationFn: (keyName: string) => createPosKey(restaurantId, keyName),
    onSuccess: (key) => {
      haptic.success();
      setMade(key);
      setName('');
      setErrors(NO_ERRORS);
      void refresh();
    },
    onError: (error) => {
      haptic.error();
      setErrors(formErrorsOf(error, t('orders.pos.saveFailed')));
    },
  });
  const revoke = useMutation({
    mutationFn: (key: PosKey) => revokePosKey(restaurantId, key.id),
    onSuccess: () => showToast(t('orders.pos.revoked')),
    onError: () => showToast(t('orders.pos.saveFailed'), 'error'),
    onSettled: refresh,
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (create.isPending) return;
    if (!name.trim()) {
      setErrors({ fields: { name: t('validation.required') }, general: null });
      return;
    }
    create.mutate(name.trim());
  };
  const askRevoke = async (key: PosKey) => {
    const yes = await confirm({
      message: t('orders.pos.revokeConfirm', { name: key.name }),
      confirmLabel: t('orders.pos.revokeYes'),
      cancelLabel: t('orders.pos.revokeNo'),
      destructive: true,
    });
    if (yes) revoke.mutate(key);
  };
  const when = (at: string) => `${displayDate(wallClock(timeZone, at).date)} ${timeOf(timeZone, at)}`;

  return (
    <section className="panel pos-keys" aria-labelledby="pos-keys-title">
      <h2 id="pos-keys-title" className="panel__title">
        {t('orders.pos.title')}
      </h2>
      <p className="pos-keys__intro">
        {t('orders.pos.intro')}{' '}
        <a href="/api/docs/" target="_blank" rel="noreferrer">
          {t('orders.pos.docs')}
        </a>
      </p>
      {made ? <NewKey made={made} onDone={() => setMade(null)} /> : null}
      <form className="pos-keys__form" onSubmit={submit} noValidate>
        <Field
          label={t('orders.pos.name')}
          placeholder={t('orders.pos.namePlaceholder')}
          value={name}
          maxLength={ORDER_LIMITS.posKeyName}
          onChange={(event) => setName(event.target.value)}
          error={errors.fields.name}
        />
        <button type="submit" className="button" disabled={create.isPending}>
          {create.isPending ? t('orders.pos.creating') : t('orders.pos.create')}
        </button>
        {errors.general ? (
          <p className="form__error" role="alert">
            {errors.general}
          </p>
        ) : null}
      </form>
      {keys.isPending ? (
        <ListSkeleton rows={2} />
      ) : keys.isError ? (
        <ErrorState messageKey="orders.pos.loadFailed" onRetry={() => void keys.refetch()} />
      ) : keys.data.length === 0 ? (
        <p className="state-message state-message--empty">{t('orders.pos.none')}</p>
      ) : (
        <ul className="pos-keys__list">
          {keys.data.map((key) => (
            <li key={key.id} className="pos-key" data-revoked={key.revoked_at !== null} data-testid="pos-key">
              <div className="pos-key__text">
                <span className="pos-key__name">{key.name}</span>
                <code className="pos-key__prefix">{key.prefix}…</code>
                <span className="pos-key__meta">
                  {key.revoked_at
                    ? t('orders.pos.revokedAt', { when: when(key.revoked_at) })
                    : `${t('orders.pos.createdAt', { when: when(key.created_at) })} · ${
                        key.last_used_at
                          ? t('orders.pos.lastUsed', { when: when(key.last_used_at) })
                          : t('orders.pos.neverUsed')
                      }`}
                </span>
              </div>
              {key.revoked_at ? null : (
                <button
                  type="button"
                  className="button button--secondary pos-key__revoke"
                  aria-label={t('orders.pos.revokeLabel', { name: key.name })}
                  disabled={revoke.isPending}
                  onClick={() => void askRevoke(key)}
                >
                  {t('orders.pos.revoke')}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {dialog}
    </section>
  );
}

/** The key just made: the only time anyone sees it. */
function NewKey({ made, onDone }: { made: PosKeyCreated; onDone: () => void }) {
  const { t } = useTranslation();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(made.key);
      showToast(t('orders.pos.copied'));
    } catch {
      showToast(t('orders.pos.copyFailed'), 'error');
    }
  };
  return (
    <div className="notice pos-keys__new" role="status">
      <p>{t('orders.pos.created', { name: made.name })}</p>
      <input
        className="field__input pos-keys__key"
        readOnly
        value={made.key}
        aria-label={t('orders.pos.keyLabel')}
        onFocus={(event) => event.target.select()}
      />
      <div className="pos-keys__actions">
        <button type="button" className="button" onClick={() => void copy()}>
          {t('orders.pos.copy')}
        </button>
        <button type="button" className="button button--secondary" onClick={onDone}>
          {t('orders.pos.done')}
        </button>
      </div>
    </div>
  );
}
