import type { Database } from '@stolik/db';
import type { GuestMessageContent, SmsChannel } from '../channels';
import { giveBackSms, takeSms } from './sms-budget.repository';
import { pollSmsStatuses } from './sms-statuses';
import { SMS_KINDS, type SmsKind, type SmsText, smsLink, smsText } from './sms-text';

/** How many sent SMS one status round asks about (one call each: SMSC.ru's limits, smsc.ts). */
export const SMS_STATUS_BATCH = 100;

const isSmsKind = (kind: string): kind is SmsKind => (SMS_KINDS as readonly string[]).includes(kind);

/**
 * What the guest messenger is handed for its SMS rung (its `SmsRung`): the provider, the
 * one-segment text with the short link, the restaurant's monthly budget and the status poller,
 * over one database.
 */
export function createSmsRung(
  db: Database,
  channel: SmsChannel,
  options: { statusBatch?: number; now?: () => Date } = {},
) {
  const now = options.now ?? (() => new Date());
  return {
    channel,
    /** The SMS of a guest message; `publicUrl` unset, the link is relative (of no use in an SMS). */
    text(content: GuestMessageContent, publicUrl: string | undefined): SmsText {
      if (!isSmsKind(content.kind)) throw new Error(`no SMS text for a message of kind ${content.kind}`);
      return smsText(
        content.kind,
        { restaurantName: content.title },
        smsLink(publicUrl ?? '', content.subject),
      );
    },
    take: async (restaurantId: number, segments: number): Promise<boolean> =>
      (await takeSms(db, restaurantId, segments, now())) === 'taken',
    giveBack: (restaurantId: number, segments: number): Promise<void> =>
      giveBackSms(db, restaurantId, segments, now()),
    pollStatuses: (): Promise<number> =>
      pollSmsStatuses(db, channel, options.statusBatch ?? SMS_STATUS_BATCH, now()),
  };
}
export type SmsRungImpl = ReturnType<typeof createSmsRung>;
