import { GUEST_RETENTION_DAYS, type GuestExport, type Restaurant } from '@stolik/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { useParams } from 'react-router';
import type { Texts } from '../../../shared/i18n/i18n';
import { useTranslation } from '../../../shared/i18n/i18n';
import { restaurantQueryOptions, useRestaurant } from '../../../shared/restaurants/get-restaurant';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { Field } from '../../../shared/ui/field';
import { type FormErrors, formErrorsOf } from '../../../shared/ui/form-errors';
import { usePageTitle } from '../../../shared/ui/page';
import { ErrorState, ListSkeleton } from '../../../shared/ui/states';
import { auditLogKey, eraseGuest, exportGuest, saveRetention } from '../api/privacy-api';
import '../privacy.css';

/** The API's messages are Russian text, or message keys of the contracts read through i18n. */
function readable(error: unknown, fallback: string, i18n: Texts): FormErrors {
  const errors = formErrorsOf(error, fallback);
  const read = (message: string) => (i18n.exists(message) ? String(i18n.t(message as never)) : message);
  return {
    fields: Object.fromEntries(Object.entries(errors.fields).map(([k, v]) => [k, read(v)])),
    general: errors.general === null ? null : read(errors.general),
  };
}

/** Settings → 'Персональные данные': how long guests' data is kept, and one guest's export or erasure. */
export function PrivacyScreen() {
  const { t } = useTranslation();
  usePageTitle('pages.settingsPrivacy');
  const restaurantId = Number(useParams().id);
  return (
    <div className="privacy">
      <header className="privacy__header">
        <h2 className="privacy__title">{t('pages.settingsPrivacy')}</h2>
        <p className="privacy__hint">{t('privacy.intro')}</p>
      </header>
      <RetentionPanel restaurantId={restaurantId} />
      <GuestPanel restaurantId={restaurantId} />
    </div>
  );
}

function Panel({ title, hint, children }: { title: string; hint: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <section className="panel privacy__panel" aria-labelledby={titleId}>
      <h3 id={titleId} className="panel__title">
        {title}
      </h3>
      <p className="privacy__hint">{hint}</p>
      {children}
    </section>
  );
}

function RetentionPanel({ restaurantId }: { restaurantId: number }) {
  const { t } = useTranslation();
  const restaurant = useRestaurant(restaurantId);
  return (
    <Panel title={t('privacy.retention.title')} hint={t('privacy.retention.hint')}>
      {restaurant.isPending ? <ListSkeleton rows={1} /> : null}
      {restaurant.isError ? (
        <ErrorState messageKey="errors.restaurantInfo" onRetry={() => void restaurant.refetch()} />
      ) : null}
      {restaurant.data ? <RetentionForm restaurant={restaurant.data} /> : null}
    </Panel>
  );
}

function RetentionForm({ restaurant }: { restaurant: Restaurant }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [days, setDays] = useState(String(restaurant.guest_retention_days ?? GUEST_RETENTION_DAYS.default));
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const save = useMutation({
    mutationFn: (value: number) => saveRetention(restaurant.id, value),
    onMutate: () => {
      setProblem(null);
      setSaved(false);
    },
    onSuccess: (next) => {
      queryClient.setQueryData(restaurantQueryOptions(restaurant.id).queryKey, next);
      setSaved(true);
    },
    onError: (error) => {
      const errors = readable(error, t('privacy.retention.saveFailed'), i18n);
      setProblem(errors.fields.guest_retention_days ?? errors.general);
    },
  });
  const { min, max } = GUEST_RETENTION_DAYS;
  const check = (): string | null => {
    if (days.trim() === '') return t('validation.required');
    const n = Number(days);
    if (!Number.isInteger(n)) return t('validation.invalid');
    if (n < min) return t('validation.minValue', { min });
    if (n > max) return t('validation.maxValue', { max });
    return null;
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const wrong = check();
    if (wrong) {
      setSaved(false);
      setProblem(wrong);
    } else save.mutate(Number(days));
  };
  return (
    <form className="privacy__form" onSubmit={submit} noValidate>
      <Field
        label={t('privacy.retention.days')}
        type="number"
        inputMode="numeric"
        min={min}
        max={max}
        step={1}
        value={days}
        error={problem}
        hint={t('privacy.retention.range', { min, max })}
        onChange={(event) => {
          setDays(event.target.value);
          setSaved(false);
        }}
      />
      <div className="privacy__actions">
        <button type="submit" className="button" disabled={save.isPending}>
          {save.isPending ? t('privacy.retention.saving') : t('privacy.retention.save')}
        </button>
        {saved ? (
          <p className="privacy__done" role="status">
            {t('privacy.retention.saved')}
          </p>
        ) : null}
      </div>
    </form>
  );
}

/** Saves the export as a JSON file on the device (the admin hands it to the guest). */
function download(data: GuestExport) {
  if (typeof URL.createObjectURL !== 'function') return;
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `guest-${data.phone.replace(/\D/g, '')}-${data.exported_at.slice(0, 10)}.json`;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

type Outcome = { tone: 'done' | 'error'; text: string } | null;

function GuestPanel({ restaurantId }: { restaurantId: number }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [phone, setPhone] = useState('');
  const [phoneError, setPhoneError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [confirming, setConfirming] = useState(false);

  const failed = (error: unknown, fallback: string) => {
    const errors = readable(error, fallback, i18n);
    setPhoneError(errors.fields.phone ?? null);
    setOutcome(errors.fields.phone ? null : { tone: 'error', text: errors.general ?? fallback });
  };
  const exporting = useMutation({
    mutationFn: () => exportGuest(restaurantId, phone.trim()),
    onMutate: () => setOutcome(null),
    onSuccess: (data) => {
      if (data.queue_entries.length === 0 && data.bookings.length === 0) {
        setOutcome({ tone: 'done', text: t('privacy.guest.nothingHeld') });
        return;
      }
      download(data);
      setOutcome({
        tone: 'done',
        text: t('privacy.guest.exported', {
          entries: data.queue_entries.length,
          bookings: data.bookings.length,
        }),
      });
    },
    onError: (error) => failed(error, t('privacy.guest.exportFailed')),
  });
  const erasing = useMutation({
    mutationFn: () => eraseGuest(restaurantId, phone.trim()),
    onMutate: () => setOutcome(null),
    onSuccess: (result) => {
      void queryClient.invalidateQueries({ queryKey: auditLogKey(restaurantId) });
      setOutcome({
        tone: 'done',
        text:
          result.queue_entries + result.bookings === 0
            ? t('privacy.guest.nothingHeld')
            : t('privacy.guest.erased', { entries: result.queue_entries, bookings: result.bookings }),
      });
    },
    onError: (error) => failed(error, t('privacy.guest.eraseFailed')),
  });
  const busy = exporting.isPending || erasing.isPending;

  /** The phone is needed for both; the server checks the rest. */
  const ready = (): boolean => {
    setOutcome(null);
    if (phone.trim() === '') {
      setPhoneError(t('validation.phoneMissing'));
      return false;
    }
    setPhoneError(null);
    return true;
  };

  return (
    <Panel title={t('privacy.guest.title')} hint={t('privacy.guest.hint')}>
      <form
        className="privacy__form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (ready()) exporting.mutate();
        }}
      >
        <Field
          label={t('privacy.guest.phone')}
          type="tel"
          inputMode="tel"
          autoComplete="off"
          placeholder="+7"
          value={phone}
          error={phoneError}
          onChange={(event) => setPhone(event.target.value)}
        />
        <div className="privacy__actions">
          <button type="submit" className="button button--secondary" disabled={busy}>
            {exporting.isPending ? t('privacy.guest.exporting') : t('privacy.guest.export')}
          </button>
          <button
            type="button"
            className="button button--destructive"
            disabled={busy}
            onClick={() => {
              if (ready()) setConfirming(true);
            }}
          >
            {erasing.isPending ? t('privacy.guest.erasing') : t('privacy.guest.erase')}
          </button>
        </div>
        {outcome ? (
          <p
            className={outcome.tone === 'error' ? 'form__error' : 'privacy__done'}
            role={outcome.tone === 'error' ? 'alert' : 'status'}
          >
            {outcome.text}
          </p>
        ) : null}
      </form>
      <ConfirmDialog
        open={confirming}
        question={t('privacy.guest.eraseConfirm', { phone: phone.trim() })}
        confirmLabel={t('privacy.guest.eraseYes')}
        cancelLabel={t('privacy.guest.eraseNo')}
        destructive
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          erasing.mutate();
        }}
      />
    </Panel>
  );
}
