import { Link } from 'react-router';
import { useTranslation } from '../../shared/i18n/i18n';
import { paths } from '../../shared/routing/paths';
import { usePageTitle } from '../../shared/ui/page';

// Sign-in and /redirect (spec §2, §6); sign-up, the invitation and app install load apart (app/router.tsx).
export { LoginScreen } from '../../features/auth/components/login-screen';

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
