import { useTranslation } from '../../shared/i18n/i18n';
import { ConfirmDialog } from '../../shared/ui/confirm-dialog';
import type { useLogOut } from './use-log-out';

export function LogOutDialog({ logOut }: { logOut: ReturnType<typeof useLogOut> }) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      open={logOut.asking}
      question={t('logout.confirm')}
      confirmLabel={t('logout.yes')}
      cancelLabel={t('logout.no')}
      destructive
      onConfirm={() => void logOut.confirm()}
      onCancel={logOut.cancel}
    />
  );
}
