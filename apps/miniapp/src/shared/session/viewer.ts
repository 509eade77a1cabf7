import type { Me } from '@stolik/contracts';
import type { RoleHolder, RoleKind } from '@stolik/domain';
import { roleKind } from '@stolik/domain';

/** The signed-in person as the role rules of spec §6 see them in one restaurant. */
export function viewerIn(me: Me | null, restaurantId: number | undefined): RoleHolder | null {
  if (!me) return null;
  const membership = me.restaurants.find((r) => r.id === restaurantId);
  return { is_superuser: me.is_superuser, role: membership?.role ?? null };
}

/** The role shown under the profile name: in this restaurant, else overall. */
export function displayedRole(me: Me, restaurantId: number | undefined): RoleKind | 'superuser' | null {
  if (me.is_superuser) return 'superuser';
  const role = me.restaurants.find((r) => r.id === restaurantId)?.role ?? me.role;
  return role ? roleKind(role) : null;
}

export function displayName(me: Me): string {
  const name = `${me.first_name} ${me.last_name}`.trim();
  return name || me.email || (me.telegram_username ? `@${me.telegram_username}` : String(me.id));
}
