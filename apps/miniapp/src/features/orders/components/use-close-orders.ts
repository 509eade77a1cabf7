import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRefusalMessage } from '../../../shared/api/refusal';
import { useTranslation } from '../../../shared/i18n/i18n';
import { haptic, useConfirm } from '../../../shared/telegram/bridge';
import { showToast } from '../../../shared/ui/toast';
import { closeOrders, orderKeys } from '../api/orders-api';

/**
 * Closing bills by hand, after a question (Telegram's popup inside Telegram, the page's dialog
 * elsewhere). The server's own words come back on a refusal (a cancelled order, 409).
 */
export function useCloseOrders(restaurantId: number, onClosed: () => void = () => {}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const refusal = useRefusalMessage('orders.closeFailed');
  const { confirm, dialog } = useConfirm();
  const mutation = useMutation({
    mutationFn: (ids: number[]) => closeOrders({ restaurant_id: restaurantId, order_ids: ids }),
    onSuccess: (reply) => {
      haptic.success();
      showToast(t('orders.closedDone', { count: reply.closed }));
      onClosed();
    },
    onError: (error) => {
      haptic.error();
      showToast(refusal(error), 'error');
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderKeys.all(restaurantId) }),
  });

  const ask = async (ids: number[]) => {
    if (ids.length === 0 || mutation.isPending) return;
    const yes = await confirm({
      message: t('orders.closeConfirm', { count: ids.length }),
      confirmLabel: t('orders.closeConfirmYes'),
      cancelLabel: t('orders.closeConfirmNo'),
    });
    if (yes) mutation.mutate(ids);
  };
  return { ask, pending: mutation.isPending, dialog };
}
