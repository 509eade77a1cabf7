import { GUEST_CHANNEL_NAMES, GUEST_MESSAGE_SETTINGS, type GuestChannelName } from '@stolik/contracts';
import { useId } from 'react';
import { useTranslation } from '../../../shared/i18n/i18n';
import { Field } from '../../../shared/ui/field';
import type { FieldMessages } from '../form-check';

/** The ladder as edited: every channel in the order shown, and which of them are used. */
export interface LadderDraft {
  order: GuestChannelName[];
  used: GuestChannelName[];
}

/** The draft of a saved ladder: its channels first, in order, then the unused ones. */
export function ladderDraftOf(ladder: readonly GuestChannelName[] | undefined): LadderDraft {
  const used = [...(ladder ?? GUEST_CHANNEL_NAMES)];
  return { order: [...used, ...GUEST_CHANNEL_NAMES.filter((channel) => !used.includes(channel))], used };
}

/** What is sent: the used channels in the order shown. */
export const ladderOf = (draft: LadderDraft) => draft.order.filter((channel) => draft.used.includes(channel));

function moved(order: GuestChannelName[], from: number, to: number): GuestChannelName[] {
  const next = [...order];
  const [channel] = next.splice(from, 1);
  if (channel) next.splice(to, 0, channel);
  return next;
}

/**
 * Settings → 'Прочее': the restaurant's guest messages (issue #32): the channels a message tries
 * and their order, how long a guest has to answer before the next, and the SMS a month, with
 * this month's count and whether this server can send SMS at all.
 */
export function GuestMessagesFields({
  ladder,
  onLadder,
  answerWait,
  onAnswerWait,
  budget,
  onBudget,
  usedThisMonth,
  smsConfigured,
  errors,
}: {
  ladder: LadderDraft;
  onLadder: (next: LadderDraft) => void;
  answerWait: string;
  onAnswerWait: (value: string) => void;
  budget: string;
  onBudget: (value: string) => void;
  usedThisMonth: number | undefined;
  smsConfigured: boolean | undefined;
  errors: FieldMessages;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const ladderError =
    errors.guest_ladder ?? Object.entries(errors).find(([key]) => key.startsWith('guest_ladder.'))?.[1];
  return (
    <fieldset className="hall-settings__subform guest-ladder" aria-labelledby={titleId}>
      <legend id={titleId} className="hall-settings__subtitle">
        {t('sms.settings.title')}
      </legend>
      <p className="hall-settings__hint">{t('sms.settings.ladderHint')}</p>
      <ol className="guest-ladder__list" aria-label={t('sms.settings.ladder')}>
        {ladder.order.map((channel, index) => {
          const name = t(`sms.settings.channel.${channel}`);
          const used = ladder.used.includes(channel);
          return (
            <li key={channel} className="guest-ladder__item">
              <label className="hall-check__label guest-ladder__use">
                <input
                  type="checkbox"
                  checked={used}
                  aria-label={t('sms.settings.use', { channel: name })}
                  onChange={(event) =>
                    onLadder({
                      ...ladder,
                      used: event.target.checked
                        ? [...ladder.used, channel]
                        : ladder.used.filter((other) => other !== channel),
                    })
                  }
                />
                <span>{name}</span>
              </label>
              <button
                type="button"
                className="button button--plain guest-ladder__move"
                aria-label={t('sms.settings.moveUp', { channel: name })}
                disabled={index === 0}
                onClick={() => onLadder({ ...ladder, order: moved(ladder.order, index, index - 1) })}
              >
                ↑
              </button>
              <button
                type="button"
                className="button button--plain guest-ladder__move"
                aria-label={t('sms.settings.moveDown', { channel: name })}
                disabled={index === ladder.order.length - 1}
                onClick={() => onLadder({ ...ladder, order: moved(ladder.order, index, index + 1) })}
              >
                ↓
              </button>
            </li>
          );
        })}
      </ol>
      {ladderError ? (
        <p className="form__error" role="alert">
          {ladderError}
        </p>
      ) : null}
      <Field
        label={t('sms.settings.answerWait')}
        hint={t('sms.settings.answerWaitHint')}
        value={answerWait}
        error={errors.guest_answer_wait_seconds}
        inputMode="numeric"
        min={GUEST_MESSAGE_SETTINGS.answerWait.min}
        max={GUEST_MESSAGE_SETTINGS.answerWait.max}
        onChange={(event) => onAnswerWait(event.target.value)}
      />
      <Field
        label={t('sms.settings.budget')}
        hint={t('sms.settings.budgetHint')}
        value={budget}
        error={errors.sms_monthly_budget}
        inputMode="numeric"
        min={GUEST_MESSAGE_SETTINGS.smsBudget.min}
        max={GUEST_MESSAGE_SETTINGS.smsBudget.max}
        onChange={(event) => onBudget(event.target.value)}
      />
      <p className="hall-settings__hint">{t('sms.settings.used', { count: usedThisMonth ?? 0 })}</p>
      {smsConfigured === false ? (
        <p className="hall-settings__hint">{t('sms.settings.notConfigured')}</p>
      ) : null}
    </fieldset>
  );
}
