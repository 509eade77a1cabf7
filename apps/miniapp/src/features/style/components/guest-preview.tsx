import type { CSSProperties, Ref } from 'react';
import { useTranslation } from '../../../shared/i18n/i18n';

/**
 * A guest form card as the guest forms draw it (their own classes), in the palette being edited:
 * the style page's live preview. Only a picture: hidden from assistive technology and not focusable;
 * what it would say about contrast is said in words beside it.
 */
export function GuestPreview({
  restaurantName,
  style,
  previewRef,
}: {
  restaurantName: string;
  style: CSSProperties;
  previewRef: Ref<HTMLDivElement>;
}) {
  const { t } = useTranslation();
  return (
    <div
      className="guest-preview"
      style={style}
      ref={previewRef}
      aria-hidden="true"
      inert
      data-testid="guest-preview"
    >
      <div className="guest guest-preview__page">
        <div className="guest__header">
          <p className="guest__restaurant">{restaurantName}</p>
          <p className="guest__title">{t('guest.queueTitle')}</p>
        </div>
        <div className="form guest__form">
          <div className="field">
            <span className="field__label">{t('guest.yourName')}</span>
            <span className="field__input guest-preview__input">{t('style.previewName')}</span>
          </div>
          <div className="choice">
            <span className="choice__option">{t('events.birthday')}</span>
            <span className="choice__option guest-preview__chosen">{t('events.date')}</span>
          </div>
          <div className="field field--invalid">
            <span className="field__label">{t('guest.phone')}</span>
            <span className="field__input guest-preview__input">+7 900</span>
            <span className="field__error">{t('validation.phone')}</span>
          </div>
          <p className="field__hint">{t('guest.phoneHint')}</p>
          <span className="guest-preview__link">{t('guest.openMine')}</span>
          <span className="button button--wide" data-testid="preview-button">
            {t('guest.join')}
          </span>
        </div>
      </div>
    </div>
  );
}
