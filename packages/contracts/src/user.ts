import { ROLES } from '@stolik/domain';
import { z } from 'zod';
import { Password, PersonName } from './auth';
import { Id, paginated } from './common';
import { MessageKey } from './validation';

export const Role = z.enum(ROLES);

/** Spec §3: the user profile as the client sees it. */
export const UserProfile = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  telegram_username: z.string().nullable(),
  telegram_id: z.number().int().nullable(),
  /** 'Админ' when the user is an admin in any restaurant, 'Менеджер' when only a hostess, null when neither. */
  role: Role.nullable(),
  is_superuser: z.boolean(),
  is_active: z.boolean(),
});
export type UserProfile = z.infer<typeof UserProfile>;

export const UserRestaurant = z.object({ id: z.number().int(), name: z.string(), role: Role });
export type UserRestaurant = z.infer<typeof UserRestaurant>;

/** GET /api/user/me/: the profile and the restaurants the user works in, with the role in each. */
export const Me = UserProfile.extend({ restaurants: z.array(UserRestaurant) });
export type Me = z.infer<typeof Me>;

/** A user as an admin sees them in the users list: with their restaurants. */
export const UserListItem = UserProfile.extend({ restaurants: z.array(UserRestaurant) });
export type UserListItem = z.infer<typeof UserListItem>;
export const UserList = paginated(UserListItem);
export type UserList = z.infer<typeof UserList>;

const booleanQuery = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

export const UsersQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
  search: z.string().trim().max(100).optional(),
  role: Role.optional(),
  is_active: booleanQuery.optional(),
  restaurant_id: Id.optional(),
});
export type UsersQuery = z.infer<typeof UsersQuery>;

export const UserParams = z.object({ id: Id });
/** DELETE /api/user/{id}/restaurants/{restaurant}/: an account taken out of one restaurant. */
export const UserRestaurantParams = z.object({ id: Id, restaurant: Id });

/** PATCH /api/user/{id}/: names, and the role in one restaurant. */
export const UserPatch = z
  .object({
    first_name: PersonName.optional(),
    last_name: z.string().trim().max(80).optional(),
    role: Role.optional(),
    restaurant: Id.optional(),
  })
  .refine((body) => body.role === undefined || body.restaurant !== undefined, {
    path: ['restaurant'],
    error: MessageKey.required,
  });
export type UserPatch = z.infer<typeof UserPatch>;

/** POST /api/user/invite/: a link to join a restaurant with a role, optionally for one e-mail. */
export const InviteBody = z.object({
  restaurant: Id,
  role: Role,
  email: z
    .string()
    .trim()
    .max(254)
    .pipe(z.email({ error: MessageKey.email }))
    .optional(),
});
export type InviteBody = z.infer<typeof InviteBody>;

export const Invitation = z.object({
  id: z.number().int(),
  token: z.string(),
  url: z.string(),
  restaurant: z.number().int(),
  role: Role,
  email: z.string().nullable(),
  expires_at: z.string(),
});
export type Invitation = z.infer<typeof Invitation>;

/**
 * What the /invite screen shows before accepting (public: no other data). Whether it is bound to
 * one e-mail, but not which: anyone holding the link would otherwise learn the address.
 */
export const InvitationPreview = z.object({
  restaurant_name: z.string(),
  role: Role,
  for_email: z.boolean(),
  expires_at: z.string(),
});
export type InvitationPreview = z.infer<typeof InvitationPreview>;

export const InvitationParams = z.object({ token: z.string().min(8).max(200) });

/** Accepting with a new account; a signed-in user accepts with an empty body instead. */
export const InvitationAcceptBody = z.object({
  email: z
    .string()
    .trim()
    .max(254)
    .pipe(z.email({ error: MessageKey.email }))
    .optional(),
  password: Password.optional(),
  first_name: PersonName.optional(),
  last_name: z.string().trim().max(80).optional(),
});
export type InvitationAcceptBody = z.infer<typeof InvitationAcceptBody>;
