import { FONT_SIZE_DEFAULT, FONT_SIZE_MAX, FONT_SIZE_MIN } from '@stolik/domain';
import { useCallback, useId, useRef, useState } from 'react';
import { useTranslation } from '../../shared/i18n/i18n';
import { useDismiss } from '../../shared/ui/use-dismiss';
import { setStaffFontSize, useStaffFontSize } from './font-size';

/** 'Aa': two letters of two sizes. */
function TextSizeIcon({ size = 22 }: { size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M3 19l5.5-14L14 19M5 14h7" />
      <path d="M15 19l3-8 3 8M16 16.5h4" />
    </svg>
  );
}

/** − the value + : the staff font size, a step of 1 px within 10–24. */
export function FontSizeControl() {
  const { t } = useTranslation();
  const size = useStaffFontSize();
  return (
    <fieldset className="font-size-control">
      <legend className="font-size-control__label">{t('fontSize.label')}</legend>
      <div className="font-size-control__steps">
        <button
          type="button"
          className="font-size-control__step"
          aria-label={t('fontSize.smaller')}
          disabled={size <= FONT_SIZE_MIN}
          onClick={() => setStaffFontSize(size - 1)}
        >
          −
        </button>
        <output className="font-size-control__value" aria-live="polite" data-testid="font-size-value">
          {size}
        </output>
        <button
          type="button"
          className="font-size-control__step"
          aria-label={t('fontSize.larger')}
          disabled={size >= FONT_SIZE_MAX}
          onClick={() => setStaffFontSize(size + 1)}
        >
          +
        </button>
      </div>
      <button
        type="button"
        className="button button--plain font-size-control__reset"
        disabled={size === FONT_SIZE_DEFAULT}
        onClick={() => setStaffFontSize(FONT_SIZE_DEFAULT)}
      >
        {t('fontSize.reset', { size: FONT_SIZE_DEFAULT })}
      </button>
    </fieldset>
  );
}

/**
 * The font size behind one button: in the side menu's footer (a row like its links, opening
 * upwards), and on a phone in the top bar or beside the restaurant inside Telegram (an icon,
 * opening downwards).
 */
export function FontSizeMenu({
  variant,
  hideLabel = false,
}: {
  variant: 'side-menu' | 'icon';
  /** The collapsed side menu: the label for screen readers only. */
  hideLabel?: boolean;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  const root = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const size = useStaffFontSize();
  useDismiss(root, open, close);
  const label = t('fontSize.label');

  return (
    <div className={`font-size-menu font-size-menu--${variant}`} ref={root}>
      <button
        type="button"
        className={variant === 'icon' ? 'icon-button' : 'side-menu__link'}
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={variant === 'icon' ? label : undefined}
        title={label}
        onClick={() => setOpen((value) => !value)}
      >
        <TextSizeIcon size={variant === 'icon' ? 20 : 22} />
        {variant === 'side-menu' ? (
          <span className={hideLabel ? 'visually-hidden' : 'font-size-menu__label'}>
            {label} <span className="font-size-menu__value">{size}</span>
          </span>
        ) : null}
      </button>
      {open ? (
        <div className="font-size-menu__panel" id={panelId}>
          <FontSizeControl />
        </div>
      ) : null}
    </div>
  );
}
