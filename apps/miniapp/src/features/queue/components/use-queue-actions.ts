import type { QueueEntry } from '@stolik/contracts';
import { type QueueAction, queueActionTarget } from '@stolik/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api/transport';
import { showToast } from '../../../shared/ui/toast';
import { callGuest, moveEntry, queueKeys } from '../api/queue-api';
import { moved } from '../queue-view';

interface Move {
  entry: QueueEntry;
  action: QueueAction;
  tables?: number[];
}

/** The server's own words for a refusal (a 409 says why), else a general message. */
export function useRefusalMessage() {
  const { t } = useTranslation();
  return (error: unknown) => {
    if (error instanceof ApiError && typeof error.body === 'object' && error.body && 'detail' in error.body) {
      return String((error.body as { detail: unknown }).detail);
    }
    return t('liveQueue.actionFailed');
  };
}

/**
 * A status change, shown at once (optimistic) and rolled back with the server's message if it
 * refuses: the guest was changed on another device, a table was taken meanwhile.
 */
export function useQueueMove(restaurantId: number) {
  const queryClient = useQueryClient();
  const refusal = useRefusalMessage();
  const key = queueKeys.list(restaurantId);

  return useMutation({
    mutationFn: ({ entry, action, tables }: Move) =>
      action === 'call' ? callGuest(entry.id) : moveEntry(entry.id, queueActionTarget(action), tables),
    onMutate: async ({ entry, action, tables }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<QueueEntry[]>(key);
      queryClient.setQueryData<QueueEntry[]>(key, (list) =>
        list?.map((e) => (e.id === entry.id ? moved(e, queueActionTarget(action), tables) : e)),
      );
      return { before };
    },
    onError: (error, _move, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
      showToast(refusal(error), 'error');
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queueKeys.all(restaurantId) }),
  });
}
