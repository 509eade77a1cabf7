import { useTranslation } from 'react-i18next';
import { NavLink, Outlet, useParams } from 'react-router';
import { paths, type SettingsSection } from '../../shared/routing/paths';
import { useSession } from '../../shared/session/session';
import { Page, type PageTitleKey } from '../../shared/ui/page';
import { PlaceholderScreen } from '../../shared/ui/placeholder-screen';

const SECTIONS: { section: SettingsSection; titleKey: PageTitleKey; superuserOnly?: boolean }[] = [
  { section: 'users', titleKey: 'pages.settingsUsers' },
  { section: 'zones', titleKey: 'pages.settingsZones' },
  { section: 'tables', titleKey: 'pages.settingsTables' },
  { section: 'groups', titleKey: 'pages.settingsGroups' },
  { section: 'booking', titleKey: 'pages.settingsBooking' },
  { section: 'restaurant', titleKey: 'pages.settingsRestaurant' },
  { section: 'current', titleKey: 'pages.settingsCurrent' },
  { section: 'static', titleKey: 'pages.settingsStatic' },
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
  return (
    <Page titleKey="pages.settings">
      <div className="settings">
        <nav className="settings__nav" aria-label={t('pages.settings')}>
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

const section = (
  titleKey: PageTitleKey,
  descriptionKey: Parameters<typeof PlaceholderScreen>[0]['descriptionKey'],
) =>
  function SettingsSectionScreen() {
    return <PlaceholderScreen titleKey={titleKey} descriptionKey={descriptionKey} nested />;
  };

export { UsersScreen as SettingsUsersScreen } from '../../features/users/components/users-screen';
export const SettingsZonesScreen = section('pages.settingsZones', 'placeholder.settingsZones');
export const SettingsTablesScreen = section('pages.settingsTables', 'placeholder.settingsTables');
export const SettingsGroupsScreen = section('pages.settingsGroups', 'placeholder.settingsGroups');
export { BookingSettingsScreen as SettingsBookingScreen } from '../../features/booking-settings/components/booking-settings-screen';
export const SettingsRestaurantScreen = section('pages.settingsRestaurant', 'placeholder.settingsRestaurant');
export const SettingsRestaurantTagsScreen = section(
  'pages.settingsRestaurantTags',
  'placeholder.settingsRestaurantTags',
);
export const SettingsCurrentScreen = section('pages.settingsCurrent', 'placeholder.settingsCurrent');
export const SettingsStaticScreen = section('pages.settingsStatic', 'placeholder.settingsStatic');
export { SchemeEditorScreen as SettingsSchemeScreen } from '../../features/map/editor/scheme-editor-screen';
export const SettingsStyleScreen = section('pages.settingsStyle', 'placeholder.settingsStyle');
