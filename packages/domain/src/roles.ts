/**
 * Spec §6. The role values are the wire values of the existing backend ('Админ', 'Менеджер');
 * the names people see ('Управляющий', 'Хостес') live in the i18n resources under roles.<kind>.
 */
export const ROLE_ADMIN = 'Админ';
export const ROLE_MANAGER = 'Менеджер';
export const ROLES = [ROLE_ADMIN, ROLE_MANAGER] as const;
export type Role = (typeof ROLES)[number];

export type RoleKind = 'admin' | 'manager';

export function roleKind(role: Role): RoleKind {
  return role === ROLE_ADMIN ? 'admin' : 'manager';
}

export interface RoleHolder {
  is_superuser: boolean;
  role: Role | null;
}

/** Admin = a superuser or a user whose role is 'Админ'. */
export function isAdmin(user: RoleHolder): boolean {
  return user.is_superuser || user.role === ROLE_ADMIN;
}

export function isSuperuser(user: RoleHolder): boolean {
  return user.is_superuser;
}

/** What each kind of user may open (spec §2 and §6). */
export function canSeeAnalytics(user: RoleHolder): boolean {
  return isAdmin(user);
}

export function canSeeSettings(user: RoleHolder): boolean {
  return isAdmin(user);
}

export function canManageUsers(user: RoleHolder): boolean {
  return isAdmin(user);
}

/** The scheme editor and the style page are for superusers alone. */
export function canEditScheme(user: RoleHolder): boolean {
  return user.is_superuser;
}

export function canEditStyle(user: RoleHolder): boolean {
  return user.is_superuser;
}
