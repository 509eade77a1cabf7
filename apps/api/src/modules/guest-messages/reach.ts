import type { GuestChannel, GuestMessageLog, GuestReach } from '@stolik/contracts';
import type { AttemptRow, GuestMessageRow } from './guest-messages.repository';

const iso = (value: Date | null) => (value ? value.toISOString() : null);
const time = (value: Date | null) => value?.getTime() ?? 0;

/**
 * Where a message stands for the hostess: the guest's answer when there is one (on the channel that
 * last reached them), else the furthest a channel got (delivered, sent), else still being sent, else
 * reached on no channel.
 */
export function reachOf(message: GuestMessageRow, tries: AttemptRow[]): GuestReach {
  const reached = tries
    .filter((a) => a.status === 'sent' || a.status === 'delivered')
    .sort((a, b) => time(b.deliveredAt ?? b.sentAt) - time(a.deliveredAt ?? a.sentAt));
  const last = reached[0];
  const channel = (last?.channel ?? null) as GuestChannel | null;
  if (message.reaction && message.reaction !== 'delivered' && message.reactedAt) {
    return { channel, state: message.reaction as GuestReach['state'], at: message.reactedAt.toISOString() };
  }
  if (last) {
    const delivered = last.status === 'delivered' && last.deliveredAt;
    return {
      channel,
      state: delivered ? 'delivered' : 'sent',
      at: ((delivered ? last.deliveredAt : last.sentAt) ?? last.createdAt).toISOString(),
    };
  }
  if (!message.finishedAt) {
    const rung = (message.ladder[message.rung] ?? null) as GuestChannel | null;
    return { channel: rung, state: 'sending', at: message.createdAt.toISOString() };
  }
  return { channel: null, state: 'unreached', at: message.finishedAt.toISOString() };
}

export function toMessageLog(message: GuestMessageRow, tries: AttemptRow[]): GuestMessageLog {
  return {
    id: message.id,
    kind: message.kind,
    created: message.createdAt.toISOString(),
    reach: reachOf(message, tries),
    attempts: tries.map((a) => ({
      channel: a.channel as GuestChannel,
      status: a.status as GuestMessageLog['attempts'][number]['status'],
      error: a.error,
      created: a.createdAt.toISOString(),
      sent_time: iso(a.sentAt),
      delivered_time: iso(a.deliveredAt),
      failed_time: iso(a.failedAt),
    })),
  };
}
