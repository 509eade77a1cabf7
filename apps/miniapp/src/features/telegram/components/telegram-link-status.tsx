import type { Me } from '@stolik/contracts';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../shared/i18n/i18n';
import { useSession } from '../../../shared/session/session';
import { createTelegramLink } from '../../../shared/session/session-api';
import { haptic, useConfirm } from '../../../shared/telegram/bridge';
import { telegramInitData } from '../../../shared/telegram/telegram';
import { formErrorsOf } from '../../../shared/ui/form-errors';
import { CheckIcon, TelegramIcon } from '../../../shared/ui/icons';
import { completeTelegramAuth, unlinkTelegram } from '../api/telegram-api';
import '../telegram.css';

/**
 * Whether the signed-in person's Telegram is linked (spec §3 telegram_id), and if not, the way to
 * link it: inside the Mini App at once with this launch's signed init data; in a browser through
 * the bot, by a one-time link `t.me/<bot>?start=<token>` that the bot completes in its chat.
 */
export function TelegramLinkStatus({ me, compact = false }: { me: Me; compact?: boolean }) {
  const { t } = useTranslation();
  if (me.telegram_id !== null) {
    const linked = (
      <p className="telegram-link__linked">
        <CheckIcon size={20} />
        <span>
          {me.telegram_username
            ? t('telegram.linkedAs', { username: me.telegram_username })
            : t('telegram.linked')}
        </span>
      </p>
    );
    return compact ? (
      <div className="telegram-link telegram-link--compact">{linked}</div>
    ) : (
      <div className="telegram-link">
        {linked}
        <TelegramUnlink />
      </div>
    );
  }
  return <TelegramConnect compact={compact} />;
}

/** 'Отключить телеграм': the bot stops writing; the notification settings stay for a later link. */
function TelegramUnlink() {
  const { t } = useTranslation();
  const { updateMe } = useSession();
  const { confirm, dialog } = useConfirm();
  const unlink = useMutation({
    mutationFn: unlinkTelegram,
    onSuccess: (me) => {
      updateMe(me);
      haptic.success();
    },
    onError: haptic.error,
  });
  const ask = async () => {
    const sure = await confirm({
      message: t('telegram.unlinkConfirm'),
      confirmLabel: t('telegram.unlink'),
      cancelLabel: t('app.back'),
      destructive: true,
    });
    if (sure) unlink.mutate();
  };
  return (
    <>
      <button
        type="button"
        className="button button--plain telegram-link__unlink"
        onClick={() => void ask()}
        disabled={unlink.isPending}
      >
        {t('telegram.unlink')}
      </button>
      {unlink.error ? (
        <p className="form__error" role="alert">
          {formErrorsOf(unlink.error, t('errors.saveFailed')).general}
        </p>
      ) : null}
      {dialog}
    </>
  );
}

function TelegramConnect({ compact }: { compact: boolean }) {
  const { t } = useTranslation();
  const { updateMe, reloadMe } = useSession();
  const initData = telegramInitData();
  const [botLink, setBotLink] = useState<string | null>(null);
  const [noBot, setNoBot] = useState(false);

  const linkHere = useMutation({
    mutationFn: completeTelegramAuth,
    onSuccess: (me) => {
      updateMe(me);
      haptic.success();
    },
    onError: haptic.error,
  });
  const linkByBot = useMutation({ mutationFn: createTelegramLink });

  // The bot links the account in its own chat: back from Telegram, the profile is asked again.
  useEffect(() => {
    if (!botLink) return;
    window.addEventListener('focus', reloadMe);
    return () => window.removeEventListener('focus', reloadMe);
  }, [botLink, reloadMe]);

  const connect = () => {
    if (initData) {
      linkHere.mutate(initData);
      return;
    }
    // Opened in the tap itself: a window opened after the answer arrives would be blocked.
    const tab = window.open('', '_blank');
    linkByBot.mutate(undefined, {
      onSuccess: (link) => {
        if (!link.url) {
          tab?.close();
          setNoBot(true);
          return;
        }
        setBotLink(link.url);
        if (tab) tab.location.href = link.url;
      },
      onError: () => tab?.close(),
    });
  };

  const busy = linkHere.isPending || linkByBot.isPending;
  // The API's reason when it gives one ('Этот Telegram уже привязан к другому сотруднику').
  const error = linkHere.error ?? linkByBot.error;
  const problem = error ? formErrorsOf(error, t('telegram.connectFailed')).general : null;
  return (
    <div className={`telegram-link ${compact ? 'telegram-link--compact' : ''}`}>
      <p className="telegram-link__missing">{t('errors.noTelegram')}</p>
      <button type="button" className="button button--secondary" onClick={connect} disabled={busy}>
        <TelegramIcon size={20} />
        <span>{busy ? t('telegram.connecting') : t('telegram.connect')}</span>
      </button>
      {problem ? (
        <p className="form__error" role="alert">
          {problem}
        </p>
      ) : null}
      {noBot ? <p className="form__error">{t('telegram.noBot')}</p> : null}
      {botLink ? (
        <p className="field__hint">
          {t('telegram.connectHint')}{' '}
          <a href={botLink} target="_blank" rel="noopener noreferrer">
            {t('telegram.openBot')}
          </a>
        </p>
      ) : null}
    </div>
  );
}
