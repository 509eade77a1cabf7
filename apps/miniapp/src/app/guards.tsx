import { canEditScheme, canSeeSettings } from '@stolik/domain';
import { Link, Navigate, Outlet, useLocation, useParams } from 'react-router';
import { useTranslation } from '../shared/i18n/i18n';
import { paths } from '../shared/routing/paths';
import { useSession } from '../shared/session/session';
import { viewerIn } from '../shared/session/viewer';
import { ErrorState, ListSkeleton } from '../shared/ui/states';

/**
 * Spec §2: without a session the person goes to /login; with a stored token, entry waits until the
 * session has been verified.
 */
export function RequireSession() {
  const session = useSession();
  const location = useLocation();
  if (session.status === 'checking') {
    return (
      <div className="splash">
        <ListSkeleton rows={3} />
      </div>
    );
  }
  if (session.status === 'failed') {
    return <ErrorState messageKey="errors.init" hintKey="errors.initHint" onRetry={session.retry} />;
  }
  if (session.status === 'signed-out') {
    const to = session.expired ? `${paths.login()}?t=1` : paths.login();
    return <Navigate to={to} replace state={{ from: `${location.pathname}${location.search}` }} />;
  }
  return <Outlet />;
}

/**
 * Admin screens (analytics, settings) and superuser screens (scheme editor, style), spec §6. The
 * navigation never shows them to whom they are closed; opened by a link, the refusal says who may
 * and leads back to the restaurant's queue rather than ending there.
 */
export function RequireRole({ level }: { level: 'admin' | 'superuser' }) {
  const { t } = useTranslation();
  const { me } = useSession();
  const restaurantId = Number(useParams().id);
  const viewer = viewerIn(me, restaurantId);
  const allowed = viewer !== null && (level === 'admin' ? canSeeSettings(viewer) : canEditScheme(viewer));
  if (!allowed) {
    return (
      <div className="state-message" role="alert">
        <p>{t('errors.forbidden')}</p>
        <p className="state-message__hint">
          {t(level === 'admin' ? 'errors.forbiddenAdminHint' : 'errors.forbiddenSuperuserHint')}
        </p>
        <Link to={paths.queue(restaurantId)} className="button button--secondary">
          {t('errors.backToQueue')}
        </Link>
      </div>
    );
  }
  return <Outlet />;
}
