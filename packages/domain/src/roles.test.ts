import { describe, expect, it } from 'vitest';
import { canEditScheme, canSeeAnalytics, isAdmin, ROLE_ADMIN, ROLE_MANAGER, roleKind } from './roles';

describe('roles (spec §6)', () => {
  const hostess = { is_superuser: false, role: ROLE_MANAGER } as const;
  const manager = { is_superuser: false, role: ROLE_ADMIN } as const;
  const superuser = { is_superuser: true, role: null } as const;

  it('treats a superuser or an Админ as admin, and a Менеджер as not', () => {
    expect(isAdmin(superuser)).toBe(true);
    expect(isAdmin(manager)).toBe(true);
    expect(isAdmin(hostess)).toBe(false);
    expect(isAdmin({ is_superuser: false, role: null })).toBe(false);
  });

  it('lets admins see analytics, and only superusers edit the scheme', () => {
    expect(canSeeAnalytics(manager)).toBe(true);
    expect(canSeeAnalytics(hostess)).toBe(false);
    expect(canEditScheme(manager)).toBe(false);
    expect(canEditScheme(superuser)).toBe(true);
  });

  it('names the role kinds shown to people', () => {
    expect(roleKind(ROLE_ADMIN)).toBe('admin');
    expect(roleKind(ROLE_MANAGER)).toBe('manager');
  });
});
