import type { QueueEntry } from '@stolik/contracts';
import { type QueueAction, type QueueStatus, queueActionTarget } from '@stolik/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRefusalMessage } from '../api/refusal';
import { useTranslation } from '../i18n/i18n';
import { sendOrKeep } from '../offline/offline-actions';
import { haptic } from '../telegram/bridge';
import { showToast } from '../ui/toast';
import { queueKeys } from './queue-api';

interface Move {
  entry: QueueEntry;
  action: QueueAction;
  tables?: number[];
}

/**
 * The queue's refusals said in the staff's words: a phone already in the queue comes back with the
 * guest's detail ('Ты уже в очереди', spec §8), which would address the hostess as the guest.
 */
export const STAFF_QUEUE_REFUSALS = { already_queued: 'liveQueue.alreadyQueued' } as const;

/**
 * A status change, shown at once (optimistic) and rolled back with the server's message if it
 * refuses: the guest was changed on another device, a table was taken meanwhile. Inside Telegram
 * the hostess feels it (UX.md): a tap as it starts, then a success or an error as the server answers.
 */
export function useQueueMove(restaurantId: number) {
  const queryClient = useQueryClient();
  const refusal = useRefusalMessage('liveQueue.actionFailed', STAFF_QUEUE_REFUSALS);
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

/** The entry as it will be after a move, for an optimistic update. */
export function moved(entry: QueueEntry, to: QueueStatus, tables?: number[]): QueueEntry {
  const at = new Date().toISOString();
  return {
    ...entry,
    status: to,
    ...(to === 'called' ? { invite_time: at } : {}),
    ...(to === 'sat' ? { seated_time: at, tables: tables ?? entry.tables } : {}),
  };
}
