import { Cell, List, Section } from '@telegram-apps/telegram-ui';
import { Link } from 'react-router';
import { useTranslation } from '../../../shared/i18n/i18n';
import { paths } from '../../../shared/routing/paths';
import { useSession } from '../../../shared/session/session';
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
  return (
    <Page titleKey="pages.telegram">
      <div className="telegram-page">
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
