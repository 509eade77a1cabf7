/**
 * The one NOTIFY channel of restaurant changes; every API process listens on it. Changes are
 * announced on it by `announceChange` (changes.repository.ts), inside their transactions.
 */
export const CHANGES_CHANNEL = 'stolik_changes';
