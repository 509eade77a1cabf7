/** Password rules for staff accounts (spec §5: length, "too simple"). */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

// The most used passwords of leaked lists, and the obvious words of this trade.
const COMMON = new Set([
  '12345678',
  '123456789',
  '1234567890',
  '87654321',
  '11111111',
  '00000000',
  '12341234',
  '11223344',
  'password',
  'password1',
  'passw0rd',
  'qwertyui',
  'qwerty123',
  'qwertyuiop',
  '1q2w3e4r',
  '1q2w3e4r5t',
  'zaq12wsx',
  'iloveyou',
  'admin123',
  'administrator',
  'welcome1',
  'letmein1',
  'restaurant',
  'stolik123',
  'hostess1',
  'ytrewq123',
]);

export type PasswordProblem = 'tooShort' | 'tooLong' | 'tooSimple';

/** Why a password is not acceptable, or null. `context` holds words it must not be (e-mail, name). */
export function passwordProblem(password: string, context: string[] = []): PasswordProblem | null {
  if (password.length < PASSWORD_MIN_LENGTH) return 'tooShort';
  if (password.length > PASSWORD_MAX_LENGTH) return 'tooLong';
  const lower = password.toLowerCase();
  if (COMMON.has(lower)) return 'tooSimple';
  if (/^\d+$/.test(password)) return 'tooSimple';
  if (new Set(lower).size <= 2) return 'tooSimple';
  for (const word of context) {
    const w = word.trim().toLowerCase();
    if (w.length >= 4 && (lower === w || lower.includes(w.split('@')[0] ?? w))) return 'tooSimple';
  }
  return null;
}
