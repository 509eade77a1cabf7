import type { QueueEntry } from '@stolik/contracts';
import { type QueueAction, queueActionTarget } from '@stolik/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api/transport';
import { sendOrKeep } from '../../../shared/offline/offline-actions';
import { haptic } from '../../../shared/telegram/bridge';
import { showToast } from '../../../shared/ui/toast';
import { queueKeys } from '../api/queue-api';
import { moved } from '../queue-view';

interface Move {
  entry: QueueEntry;
  action: QueueAction;
  tables?: number[];
}

/**
 * The server's own words for a refusal (a 409 says why), else a general message. A phone already in
 * the queue is told in the staff's words: the server's detail for it is the guest's ('Ты уже в
 * очереди', spec §8), which would address the hostess as the guest.
 */
export function useRefusalMessage() {
  const { t } = useTranslation();
  return (error: unknown) => {
    if (error instanceof ApiError && typeof error.body === 'object' && error.body) {
      const body = error.body as { detail?: unknown; code?: unknown };
      if (body.code === 'already_queued') return t('liveQueue.alreadyQueued');
      if ('detail' in body) return String(body.detail);
    }
    return t('liveQueue.actionFailed');
  };
}

/**
 * A status change, shown at once (optimistic) and rolled back with the server's message if it
 * refuses: the guest was changed on another device, a table was taken meanwhile. Inside Telegram
 * the hostess feels it (UX.md): a tap as it starts, then a success or an error as the server answers.
 */
export function useQueueMove(restaurantId: number) {
  const queryClient = useQueryClient();
  const refusal = useRefusalMessage();
  const key = queueKeys.list(restaurantId);

  const { t } = useTranslation();
  return useMutation({
    // Sent even when the browser says it is offline (react-query would hold it): sendOrKeep keeps it.
    networkMode: 'always',
    // Without a network the step is kept on the tablet and sent when it is back (its row says so).
    mutationFn: ({ entry, action, tables }: Move) =>
      sendOrKeep<QueueEntry>({
        restaurantId,
        entryId: entry.id,
        label: t('offline.label', {
          action: t(`liveQueue.actions.${action}`),
          number: entry.number,
          name: entry.name || t('liveQueue.guest'),
        }),
        ...(action === 'call'
          ? { method: 'POST' as const, path: '/api/reservation/invite/', body: { id: entry.id } }
          : {
              method: 'PUT' as const,
              path: `/api/reservation/${entry.id}/`,
              body: { status: queueActionTarget(action), ...(tables ? { tables } : {}) },
            }),
      }),
    onMutate: async ({ entry, action, tables }) => {
      haptic.tap();
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<QueueEntry[]>(key);
      queryClient.setQueryData<QueueEntry[]>(key, (list) =>
        list?.map((e) => (e.id === entry.id ? moved(e, queueActionTarget(action), tables) : e)),
      );
      return { before };
    },
    onSuccess: (result) => {
      haptic.success();
      if (result.kept) showToast(t('offline.kept'));
    },
    onError: (error, _move, context) => {
      haptic.error();
      if (context?.before) queryClient.setQueryData(key, context.before);
      showToast(refusal(error), 'error');
    },
    // A kept step stays shown as done: a refetch now would undo it on the screen until it is sent.
    onSettled: (result) =>
      result?.kept ? undefined : queryClient.invalidateQueries({ queryKey: queueKeys.all(restaurantId) }),
  });
}
