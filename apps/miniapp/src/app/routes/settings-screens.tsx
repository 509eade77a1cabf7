import { BREAKPOINT_MOBILE } from '@stolik/domain';
import { Cell, List, Section } from '@telegram-apps/telegram-ui';
import { Link, NavLink, Outlet, useMatch, useParams } from 'react-router';
import { GlobalAlertForm } from '../../features/global-alert/components/global-alert-form';
import { StyleScreen } from '../../features/style/components/style-screen';
import { useTranslation } from '../../shared/i18n/i18n';
import { paths, type SettingsSection } from '../../shared/routing/paths';
import { useSession } from '../../shared/session/session';
import { telegramEnvironment } from '../../shared/telegram/telegram';
import { ChevronDownIcon } from '../../shared/ui/icons';
import { Page, type PageTitleKey } from '../../shared/ui/page';
import { useMediaQuery } from '../../shared/ui/use-media-query';

const SECTIONS: { section: SettingsSection; titleKey: PageTitleKey; superuserOnly?: boolean }[] = [
  { section: 'users', titleKey: 'pages.settingsUsers' },
  { section: 'zones', titleKey: 'pages.settingsZones' },
  { section: 'tables', titleKey: 'pages.settingsTables' },
  { section: 'groups', titleKey: 'pages.settingsGroups' },
  { section: 'booking', titleKey: 'pages.settingsBooking' },
  { section: 'restaurant', titleKey: 'pages.settingsRestaurant' },
  { section: 'current', titleKey: 'pages.settingsCurrent' },
  { section: 'static', titleKey: 'pages.settingsStatic' },
  { section: 'privacy', titleKey: 'pages.settingsPrivacy' },
  { section: 'audit', titleKey: 'pages.settingsAudit' },
  { section: 'scheme', titleKey: 'pages.settingsScheme', superuserOnly: true },
  { section: 'style', titleKey: 'pages.settingsStyle', superuserOnly: true },
];

/** The sections this person may open (spec §6: the scheme editor and the style page are for superusers alone). */
function useSections() {
  const { me } = useSession();
  return SECTIONS.filter((item) => !item.superuserOnly || me?.is_superuser);
}

/**
 * /restaurant/{id}/settings: the list of sections (the index), and an open section. On a tablet or
 * desktop the list stays beside the open section; on a phone a section has the screen to itself,
 * and the way back to the list is Telegram's BackButton inside Telegram, a link in a browser.
 */
export function SettingsLayout() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const sections = useSections();
  const mobile = useMediaQuery(`(max-width: ${BREAKPOINT_MOBILE - 0.02}px)`);
  const atIndex = useMatch(paths.settings(id)) !== null;
  const { inTelegram } = telegramEnvironment();
  return (
    <Page titleKey="pages.settings" showHeading={atIndex || !mobile}>
      {mobile && !atIndex && !inTelegram ? (
        <Link to={paths.settings(id)} className="settings__back">
          <ChevronDownIcon size={20} style={{ transform: 'rotate(90deg)' }} />
          <span>{t('pages.settings')}</span>
        </Link>
      ) : null}
      <div className={`settings ${atIndex || mobile ? 'settings--single' : ''}`}>
        {atIndex || mobile ? null : (
          <nav className="settings__nav" aria-label={t('pages.settings')}>
            {sections.map(({ section, titleKey }) => (
              <NavLink key={section} to={paths.settingsSection(id, section)} className="settings__link">
                {t(titleKey)}
              </NavLink>
            ))}
          </nav>
        )}
        <div className="settings__body">
          <Outlet />
        </div>
      </div>
    </Page>
  );
}

/** The settings' index: every section this person may open, as Telegram lists its own settings. */
export function SettingsIndex() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const sections = useSections();
  return (
    <List className="settings__list">
      <Section>
        {sections.map(({ section, titleKey }) => (
          <Link key={section} to={paths.settingsSection(id, section)} className="plain-link">
            <Cell
              Component="div"
              after={<ChevronDownIcon size={20} style={{ transform: 'rotate(-90deg)' }} />}
            >
              {t(titleKey)}
            </Cell>
          </Link>
        ))}
      </Section>
    </List>
  );
}

export { BookingSettingsScreen as SettingsBookingScreen } from '../../features/booking-settings/components/booking-settings-screen';
export { CurrentSettingsScreen as SettingsCurrentScreen } from '../../features/hall-settings/components/current-settings-screen';
export { GroupsSettingsScreen as SettingsGroupsScreen } from '../../features/hall-settings/components/groups-settings-screen';
export {
  RestaurantSettingsScreen as SettingsRestaurantScreen,
  RestaurantTagsScreen as SettingsRestaurantTagsScreen,
} from '../../features/hall-settings/components/restaurant-settings-screen';
export { StaticSettingsScreen as SettingsStaticScreen } from '../../features/hall-settings/components/static-settings-screen';
export { TablesSettingsScreen as SettingsTablesScreen } from '../../features/hall-settings/components/tables-settings-screen';
export { ZonesSettingsScreen as SettingsZonesScreen } from '../../features/hall-settings/components/zones-settings-screen';
export { SchemeEditorScreen as SettingsSchemeScreen } from '../../features/map/editor/scheme-editor-screen';
export { AuditLogScreen as SettingsAuditScreen } from '../../features/privacy/components/audit-log-screen';
export { PrivacyScreen as SettingsPrivacyScreen } from '../../features/privacy/components/privacy-screen';
export { UsersScreen as SettingsUsersScreen } from '../../features/users/components/users-screen';

/** Settings → 'Стиль': the guest forms' style with the global alert form below it (spec §2, §6). */
export function SettingsStyleScreen() {
  return (
    <StyleScreen>
      <GlobalAlertForm />
    </StyleScreen>
  );
}
