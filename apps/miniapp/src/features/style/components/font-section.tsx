import type { FontInfo, RestaurantStyle } from '@stolik/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { removeFont, styleKey, uploadFont } from '../../../shared/guest-style/style-api';
import { useTranslation } from '../../../shared/i18n/i18n';
import { displayDate, wallClock } from '../../../shared/time/booking-time';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { formErrorsOf } from '../../../shared/ui/form-errors';
import { showToast } from '../../../shared/ui/toast';

const FONT_FILES = '.woff2,.woff,.ttf,.otf,font/woff2,font/woff,font/ttf,font/otf';

const kilobytes = (bytes: number) => Math.max(1, Math.round(bytes / 1024));

/**
 * The guest forms' font: the file now in use with a line set in it, a new file (the API tells a
 * font by its bytes and refuses anything else, 400, or anything over 2 MB, 413: its reasons are
 * shown as given), and removing it (back to the product's font).
 */
export function FontSection({
  restaurantId,
  timeZone,
  font,
  fontFamily,
}: {
  restaurantId: number;
  timeZone: string;
  font: FontInfo | null;
  /** The family once the file has loaded in this page, for the sample line. */
  fontFamily: string | null;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const titleId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);

  const setFont = (next: FontInfo | null) =>
    queryClient.setQueryData<RestaurantStyle>(styleKey(restaurantId), (style) =>
      style ? { ...style, font: next } : style,
    );

  const upload = useMutation({
    mutationFn: (file: File) => uploadFont(restaurantId, file),
    onMutate: () => setProblem(null),
    onSuccess: (next) => {
      setFont(next);
      showToast(t('style.fontUploaded'));
    },
    onError: (error) => {
      const read = formErrorsOf(error, t('style.fontFailed'));
      setProblem(read.fields.file ?? read.general ?? Object.values(read.fields)[0] ?? t('style.fontFailed'));
    },
  });
  const remove = useMutation({
    mutationFn: () => removeFont(restaurantId),
    onMutate: () => setProblem(null),
    onSuccess: () => {
      setFont(null);
      showToast(t('style.fontRemoved'));
    },
    onError: (error) =>
      setProblem(formErrorsOf(error, t('style.fontFailed')).general ?? t('style.fontFailed')),
  });
  const busy = upload.isPending || remove.isPending;

  return (
    <section className="panel style-font" aria-labelledby={titleId}>
      <header className="style-page__panel-header">
        <h3 id={titleId} className="panel__title">
          {t('style.fontTitle')}
        </h3>
        <p className="style-page__hint">{t('style.fontHint')}</p>
      </header>
      {font ? (
        <div className="style-font__current">
          <p
            className="style-font__sample"
            style={fontFamily ? { fontFamily: `"${fontFamily}", system-ui, sans-serif` } : undefined}
            data-testid="font-sample"
          >
            {t('style.fontSample')}
          </p>
          <p className="style-page__hint">
            {t('style.fontFile', {
              name: font.file_name,
              format: font.format.toUpperCase(),
              size: kilobytes(font.size),
              date: displayDate(wallClock(timeZone, font.uploaded_at).date),
            })}
          </p>
        </div>
      ) : (
        <p className="style-page__hint style-font__none">{t('style.noFont')}</p>
      )}
      {problem ? (
        <p className="form__error" role="alert">
          {problem}
        </p>
      ) : null}
      <div className="style-page__actions">
        <button type="button" className="button" disabled={busy} onClick={() => input.current?.click()}>
          {upload.isPending
            ? t('style.fontUploading')
            : font
              ? t('style.replaceFont')
              : t('style.uploadFont')}
        </button>
        <input
          ref={input}
          type="file"
          accept={FONT_FILES}
          className="visually-hidden"
          tabIndex={-1}
          aria-label={t('style.fontInput')}
          data-testid="font-input"
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) upload.mutate(file);
          }}
        />
        {font ? (
          <button
            type="button"
            className="button button--secondary"
            disabled={busy}
            onClick={() => setConfirming(true)}
          >
            {t('style.removeFont')}
          </button>
        ) : null}
      </div>
      <ConfirmDialog
        open={confirming}
        question={t('style.removeFontConfirm')}
        confirmLabel={t('style.removeFont')}
        cancelLabel={t('style.keepFont')}
        destructive
        onConfirm={() => {
          setConfirming(false);
          remove.mutate();
        }}
        onCancel={() => setConfirming(false)}
      />
    </section>
  );
}
