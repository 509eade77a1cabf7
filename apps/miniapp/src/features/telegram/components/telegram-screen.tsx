import { Cell, List, Section } from '@telegram-apps/telegram-ui';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from '../../../shared/i18n/i18n';
import { paths } from '../../../shared/routing/paths';
import { useSession } from '../../../shared/session/session';
import { readSetting, StorageKey } from '../../../shared/storage/local-settings';
import { useTelegramBackButton } from '../../../shared/telegram/telegram';
import { ChevronDownIcon, TelegramIcon } from '../../../shared/ui/icons';
import { Page } from '../../../shared/ui/page';
import { FailedDeliveries, seesFailedDeliveries } from './failed-deliveries';
import { TelegramLinkStatus } from './telegram-link-status';
import '../telegram.css';

/**
 * /telegram ('Настройки телеграм', spec §2): whether Telegram is linked, the notifications, and
 * for a restaurant's admins the bot's messages that could not be delivered.
 */
export function TelegramScreen() {
  const { t } = useTranslation();
  const { me } = useSession();
  const navigate = useNavigate();
  // Outside the staff shell (no menu): back to the restaurant last worked in, or the start.
  const last = Number(readSetting(StorageKey.lastRestaurant) ?? Number.NaN);
  const back = Number.isInteger(last) && last > 0 ? paths.queue(last) : paths.home();
  useTelegramBackButton(true, () => navigate(back));
  return (
    <Page titleKey="pages.telegram">
      <div className="telegram-page">
        <Link to={back} className="plain-link telegram-page__back">
          ← {t('telegram.backToRestaurant')}
        </Link>
        {me ? <TelegramLinkStatus me={me} /> : null}
        <List className="home-list">
          <Section>
            <Link to={paths.telegramNotifications()} className="plain-link">
              <Cell
                Component="div"
                before={<TelegramIcon size={24} />}
                subtitle={t('telegram.notificationsHint')}
                after={<ChevronDownIcon size={20} style={{ transform: 'rotate(-90deg)' }} />}
                multiline
              >
                {t('nav.telegramNotifications')}
              </Cell>
            </Link>
          </Section>
        </List>
        {me && seesFailedDeliveries(me) ? <FailedDeliveries me={me} /> : null}
      </div>
    </Page>
  );
}
