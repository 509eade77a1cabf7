import { z } from 'zod';

/**
 * The one NOTIFY channel of restaurant changes; every API process listens on it. Changes are
 * announced on it by `announceChange` (changes.repository.ts), inside their transactions.
 */
export const CHANGES_CHANNEL = 'stolik_changes';

/**
 * Sessions of a user ended (modules/auth/sessions.ts): every API process is told through the
 * changes channel (`{kind: 'sessions_ended', user}`, heard once the ending commits): open event
 * streams close those of ended sessions, and the viewer cache forgets the user, so an ended
 * session is refused at once wherever the channel is heard.
 */
export const SessionsEnded = z.object({ kind: z.literal('sessions_ended'), user: z.number().int() });
export type SessionsEnded = z.infer<typeof SessionsEnded>;

/**
 * What a user may do changed (a membership added or removed, a role, the superuser flag), told on
 * the same channel: every process drops its cached copy of that user (`viewer-cache.ts`).
 */
export const AccessChanged = z.object({ kind: z.literal('access_changed'), user: z.number().int() });
export type AccessChanged = z.infer<typeof AccessChanged>;
