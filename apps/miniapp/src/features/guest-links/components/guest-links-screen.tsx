import '../guest-links.css';
import type { GuestLink } from '@stolik/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router';
import { useTranslation } from '../../../shared/i18n/i18n';
import { telegramShareUrl } from '../../../shared/telegram/telegram';
import { CopyIcon, DownloadIcon, PrintIcon, ShareIcon } from '../../../shared/ui/icons';
import { Page } from '../../../shared/ui/page';
import { ErrorState, ListSkeleton } from '../../../shared/ui/states';
import { showToast } from '../../../shared/ui/toast';
import { guestLinksQuery, type LinkKind, linkOf, telegramLinkOf } from '../api/guest-links-api';
import { DoorSign, doorSignPng, type SignForm } from './door-sign';
import { QrCode } from './qr-code';

async function copyLink(link: string, t: (key: 'guestLinks.copied' | 'guestLinks.copyFailed') => string) {
  try {
    await navigator.clipboard.writeText(link);
    showToast(t('guestLinks.copied'));
  } catch {
    showToast(t('guestLinks.copyFailed'), 'error');
  }
}

/**
 * 'Ссылки для гостей' (spec §1: the guest forms are reached by links from the side menu): each form's
 * link as a QR code to show at the door, with copy and share; a choice between the web page (any
 * phone's browser) and Telegram (the bot answers the guest in their chat); and a sign for the door
 * to print or download. Every member sees it: the hostess is the one at the door.
 */
export function GuestLinksScreen() {
  const { t } = useTranslation();
  const restaurantId = Number(useParams().id);
  const links = useQuery(guestLinksQuery(restaurantId));
  // The web page by default: it opens from any phone's camera, with or without Telegram.
  const [kind, setKind] = useState<LinkKind>('web');
  const [saving, setSaving] = useState(false);

  if (links.isPending) {
    return (
      <Page titleKey="pages.guestLinks">
        <ListSkeleton rows={3} />
      </Page>
    );
  }
  if (links.isError) {
    return (
      <Page titleKey="pages.guestLinks">
        <ErrorState messageKey="guestLinks.error" onRetry={() => void links.refetch()} />
      </Page>
    );
  }

  const { queue, booking, restaurant_name: restaurantName } = links.data;
  const hasTelegram = telegramLinkOf(queue) !== null;
  const shown: LinkKind = hasTelegram ? kind : 'web';
  const forms: SignForm[] = [
    { title: t('guestLinks.signQueue'), link: linkOf(queue, shown) },
    ...(booking ? [{ title: t('guestLinks.signBooking'), link: linkOf(booking, shown) }] : []),
  ];

  const downloadSign = async () => {
    setSaving(true);
    try {
      const png = await doorSignPng(restaurantName, t('guestLinks.signScan'), forms);
      const a = document.createElement('a');
      a.href = URL.createObjectURL(png);
      a.download = `${restaurantName} — ${t('guestLinks.sign')}.png`;
      a.click();
      setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Page titleKey="pages.guestLinks">
      <p className="guest-links__intro">{t('guestLinks.intro')}</p>
      {hasTelegram ? (
        <fieldset className="link-kind">
          <legend className="link-kind__legend">{t('guestLinks.linkKind')}</legend>
          <div className="link-kind__options">
            {(['web', 'telegram'] as const).map((option) => (
              <label key={option} className="link-kind__option">
                <input
                  type="radio"
                  name="link-kind"
                  value={option}
                  checked={shown === option}
                  onChange={() => setKind(option)}
                />
                <span>{t(`guestLinks.${option}`)}</span>
              </label>
            ))}
          </div>
          <p className="link-kind__hint">
            {t(shown === 'web' ? 'guestLinks.webHint' : 'guestLinks.telegramHint')}
          </p>
        </fieldset>
      ) : null}

      <div className="guest-links__cards">
        <LinkCard title={t('nav.guestQueueLink')} link={queue} kind={shown} restaurantName={restaurantName} />
        {booking ? (
          <LinkCard
            title={t('nav.guestBookingLink')}
            link={booking}
            kind={shown}
            restaurantName={restaurantName}
          />
        ) : (
          <section className="link-card link-card--off">
            <h2 className="link-card__title">{t('nav.guestBookingLink')}</h2>
            <p className="link-card__note">{t('guestLinks.bookingsOff')}</p>
          </section>
        )}
      </div>

      <section className="guest-links__sign" aria-labelledby="door-sign-heading">
        <div className="guest-links__sign-head">
          <div>
            <h2 id="door-sign-heading" className="guest-links__heading">
              {t('guestLinks.sign')}
            </h2>
            <p className="guest-links__hint">{t('guestLinks.signHint')}</p>
          </div>
          <div className="guest-links__sign-actions">
            <button type="button" className="button" onClick={() => window.print()}>
              <PrintIcon size={20} />
              {t('guestLinks.print')}
            </button>
            <button
              type="button"
              className="button button--secondary"
              disabled={saving}
              onClick={() => void downloadSign()}
            >
              <DownloadIcon size={20} />
              {t('guestLinks.downloadPng')}
            </button>
          </div>
        </div>
        <DoorSign restaurantName={restaurantName} forms={forms} />
      </section>
    </Page>
  );
}

function LinkCard({
  title,
  link,
  kind,
  restaurantName,
}: {
  title: string;
  link: GuestLink;
  kind: LinkKind;
  restaurantName: string;
}) {
  const { t } = useTranslation();
  const url = linkOf(link, kind);
  const share = async () => {
    const text = t('guestLinks.shareText', { restaurant: restaurantName, form: title });
    // Inside Telegram: its chat picker. In a browser: the system share sheet. Else: the clipboard.
    if (telegramShareUrl(url, text)) return;
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title: text, url });
      } catch {
        // Closed without sharing: nothing to say.
      }
      return;
    }
    await copyLink(url, t);
  };
  return (
    <section className="link-card">
      <h2 className="link-card__title">{title}</h2>
      <QrCode value={url} label={t('guestLinks.qr', { link: url })} className="link-card__qr" />
      <a className="link-card__url" href={url} target="_blank" rel="noreferrer" title={url}>
        {url}
      </a>
      <div className="link-card__actions">
        <button type="button" className="button button--secondary" onClick={() => void copyLink(url, t)}>
          <CopyIcon size={20} />
          {t('guestLinks.copy')}
        </button>
        <button type="button" className="button button--secondary" onClick={() => void share()}>
          <ShareIcon size={20} />
          {t('guestLinks.share')}
        </button>
      </div>
    </section>
  );
}
