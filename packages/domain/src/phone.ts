import { parsePhoneNumberFromString } from 'libphonenumber-js/mobile';

/**
 * A guest's mobile number in E.164 (+79161234567), or null when it is not a mobile number. Numbers
 * without a country code are read as Russian (spec §5: 'Некорректный номер мобильного телефона').
 */
export function normalizeMobilePhone(input: string, defaultCountry: 'RU' = 'RU'): string | null {
  const parsed = parsePhoneNumberFromString(input.trim(), defaultCountry);
  if (!parsed?.isValid()) return null;
  return parsed.number;
}
