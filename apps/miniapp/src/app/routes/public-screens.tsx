import { Link } from 'react-router';
import { useTranslation } from '../../shared/i18n/i18n';
import { paths } from '../../shared/routing/paths';
import { usePageTitle } from '../../shared/ui/page';

export { AppInstallScreen } from '../../features/app-install/components/app-install-screen';
// Screens open without signing in (spec §2, §6); the invitation, which reads data, is apart (app/router.tsx).
export { LoginScreen } from '../../features/auth/components/login-screen';
export { SignUpScreen } from '../../features/auth/components/sign-up-screen';

/** /redirect has no title of its own (spec §2): it only passes the visitor on. */
export function RedirectScreen() {
  const { t } = useTranslation();
  usePageTitle(null);
  return (
    <p className="state-message">
      <Link to={paths.home()}>{t('placeholder.redirect')}</Link>
    </p>
  );
}
