import { MessageKey } from '@stolik/contracts';
import { normalizeMobilePhone } from '@stolik/domain';
import { FieldValidationError } from './http-errors';

/** A phone as typed, in E.164; '' when none was given and none is required; else the spec's messages. */
export function phoneOrThrow(phone: string, required: boolean, field = 'phone'): string {
  if (!phone) {
    if (required) throw new FieldValidationError({ [field]: [MessageKey.phoneMissing] });
    return '';
  }
  const normalized = normalizeMobilePhone(phone);
  if (!normalized) throw new FieldValidationError({ [field]: [MessageKey.phone] });
  return normalized;
}
