import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet, useLocation, useParams } from 'react-router';
import { paths, type SettingsSection } from '../../shared/routing/paths';
import { useSession } from '../../shared/session/session';
import { Page, type PageTitleKey } from '../../shared/ui/page';

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

/** /restaurant/{id}/settings: the list of sections, and the open one beside or below it. */
export function SettingsLayout() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const { me } = useSession();
  // Spec §6: the scheme editor and the style page are for superusers alone.
  const sections = SECTIONS.filter((item) => !item.superuserOnly || me?.is_superuser);
  const nav = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  // On a phone the sections are one row that scrolls sideways: the open one is brought into the
  // middle of it (opened by a link or a reload, it could be out of sight). The page itself stays.
  useEffect(() => {
    const row = nav.current;
    const active = row?.querySelector<HTMLElement>('.settings__link.active');
    if (!row || !active || row.scrollWidth <= row.clientWidth) return;
    row.scrollLeft = active.offsetLeft - (row.clientWidth - active.offsetWidth) / 2;
  }, [pathname]);
  return (
    <Page titleKey="pages.settings">
      <div className="settings">
        <nav ref={nav} className="settings__nav" aria-label={t('pages.settings')}>
          {sections.map(({ section, titleKey }) => (
            <NavLink key={section} to={paths.settingsSection(id, section)} className="settings__link">
              {t(titleKey)}
            </NavLink>
          ))}
        </nav>
        <div className="settings__body">
          <Outlet />
        </div>
      </div>
    </Page>
  );
}

export function SettingsIndex() {
  const { t } = useTranslation();
  return <p className="lead">{t('placeholder.settings')}</p>;
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
export { StyleScreen as SettingsStyleScreen } from '../../features/style/components/style-screen';
export { UsersScreen as SettingsUsersScreen } from '../../features/users/components/users-screen';
