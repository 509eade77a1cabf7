import { ROLES } from '@stolik/domain';
import { z } from 'zod';

export const Role = z.enum(ROLES);

/** Spec §3: the user profile as the client sees it. */
export const UserProfile = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  telegram_username: z.string().nullable(),
  telegram_id: z.number().int().nullable(),
  role: Role.nullable(),
  is_superuser: z.boolean(),
  is_active: z.boolean(),
});
export type UserProfile = z.infer<typeof UserProfile>;
