import { z } from 'zod';

/**
 * Contracts carry message keys, not text: the API and the mini-app turn a key into the Russian
 * message of spec §5 through the i18n resources, so the wording lives in one place.
 */
export const MessageKey = {
  required: 'validation.required',
  requiredTrue: 'validation.requiredTrue',
  email: 'validation.email',
  compare: 'validation.compare',
  commonPassword: 'validation.commonPassword',
  minLength: 'validation.minLength',
  maxLength: 'validation.maxLength',
  minValue: 'validation.minValue',
  maxValue: 'validation.maxValue',
  invalidPassword: 'validation.invalidPassword',
  phone: 'validation.phone',
  phoneMissing: 'validation.phoneMissing',
  invalid: 'validation.invalid',
  tooLong: 'validation.tooLong',
  date: 'validation.date',
  ladderEmpty: 'sms.settings.ladderEmpty',
  ladderRepeats: 'sms.settings.ladderRepeats',
  /** A Web Push subscription's address or keys (push.ts). */
  pushEndpoint: 'guestMessages.push.badEndpoint',
  pushKey: 'guestMessages.push.badKey',
} as const;
export type MessageKey = (typeof MessageKey)[keyof typeof MessageKey];

const KNOWN_KEYS = new Set<string>(Object.values(MessageKey));

// A missing value only shows up as `input === undefined` before zod finalises the issue, so
// "required" is decided here, once, for every schema in the process.
z.config({
  customError: (issue) => {
    if (issue.code === 'invalid_type' && (issue.input === undefined || issue.input === null)) {
      return MessageKey.required;
    }
    return undefined;
  },
});

export interface ValidationMessage {
  key: MessageKey;
  params?: Record<string, number | string>;
}

/** Maps one zod issue to a message key and its parameters (spec §5 messages). */
export function validationMessage(issue: z.core.$ZodIssue): ValidationMessage {
  if (KNOWN_KEYS.has(issue.message)) {
    const key = issue.message as MessageKey;
    // A length rule with a message of its own ('Пароль должен содержать не более {{count}} символов').
    if (issue.code === 'too_big') return { key, params: { count: Number(issue.maximum) } };
    if (issue.code === 'too_small') return { key, params: { count: Number(issue.minimum) } };
    return { key };
  }
  switch (issue.code) {
    case 'too_small': {
      const min = Number(issue.minimum);
      if (issue.origin === 'string') {
        return min <= 1
          ? { key: MessageKey.required }
          : { key: MessageKey.minLength, params: { count: min } };
      }
      if (issue.origin === 'array' && min <= 1) return { key: MessageKey.required };
      return { key: MessageKey.minValue, params: { min } };
    }
    case 'too_big': {
      const max = Number(issue.maximum);
      if (issue.origin === 'string') return { key: MessageKey.tooLong, params: { count: max } };
      return { key: MessageKey.maxValue, params: { max } };
    }
    case 'invalid_format':
      return issue.format === 'email' ? { key: MessageKey.email } : { key: MessageKey.invalid };
    default:
      return { key: MessageKey.invalid };
  }
}

/** The dotted path of an issue as a DRF-style field name ('ui_content.app.hide_orders'). */
export function issueField(issue: z.core.$ZodIssue): string {
  return issue.path.length === 0 ? 'non_field_errors' : issue.path.map(String).join('.');
}
