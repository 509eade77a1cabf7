import { randomBytes } from 'node:crypto';
import {
  type InvitationAcceptBody,
  type Me,
  MessageKey,
  type SignUpBody,
  type UserPatch,
  type UsersQuery,
} from '@stolik/contracts';
import { passwordProblem } from '@stolik/domain';
import { administeredRestaurants, requireRestaurant, type Viewer } from '../../shared/access';
import { FieldValidationError, forbidden, HttpError, notFound } from '../../shared/http-errors';
import { hashPassword } from '../../shared/passwords';
import { type AuthService, sha256 } from '../auth/auth.service';
import type { InvitationsService } from './invitations.service';
import type { UsersRepository } from './users.repository';

export const TELEGRAM_LINK_TTL_S = 15 * 60;

function checkPassword(password: string, context: string[]): void {
  const problem = passwordProblem(password, context);
  if (problem === 'tooSimple') throw new FieldValidationError({ password: [MessageKey.commonPassword] });
}

function isUniqueViolation(error: unknown): boolean {
  const code =
    (error as { code?: string; cause?: { code?: string } })?.code ??
    (error as { cause?: { code?: string } })?.cause?.code;
  return code === '23505';
}

export function createUsersService(
  repository: UsersRepository,
  invitations: InvitationsService,
  auth: AuthService,
) {
  async function profileOrThrow(id: number): Promise<Me> {
    const profile = await repository.profile(id);
    if (!profile) throw notFound();
    return profile;
  }

  /**
   * The target user must work in a restaurant the viewer administers (404 otherwise: no leak).
   * Superusers are managed by superusers only.
   */
  async function manageable(viewer: Viewer, userId: number): Promise<Me> {
    const target = await profileOrThrow(userId);
    const scope = administeredRestaurants(viewer);
    if (scope !== 'all' && !target.restaurants.some((r) => scope.includes(r.id))) throw notFound();
    if (target.is_superuser && !viewer.isSuperuser) throw forbidden();
    return target;
  }

  /**
   * Accounts are global, admins are per restaurant: the account's own fields (names) and its active
   * flag touch every restaurant it works in, so only someone who administers all of them (or a
   * superuser) may change them (403 otherwise). Anyone who administers one of them may still change
   * the role there.
   */
  function requireWholeAccount(viewer: Viewer, target: Me): void {
    const scope = administeredRestaurants(viewer);
    if (scope === 'all') return;
    if (!target.restaurants.every((r) => scope.includes(r.id))) throw forbidden();
  }

  async function createAccount(values: {
    email: string;
    password: string;
    first_name: string;
    last_name: string;
  }) {
    checkPassword(values.password, [values.email, values.first_name, values.last_name]);
    if (await repository.findByEmail(values.email)) {
      throw new FieldValidationError({ email: ['users.emailTaken'] });
    }
    try {
      return await repository.create({
        email: values.email.toLowerCase(),
        passwordHash: await hashPassword(values.password),
        firstName: values.first_name,
        lastName: values.last_name,
      });
    } catch (error) {
      // Two sign-ups with one e-mail at the same moment: the database's unique index decides.
      if (isUniqueViolation(error)) throw new FieldValidationError({ email: ['users.emailTaken'] });
      throw error;
    }
  }

  return {
    me: (viewer: Viewer) => profileOrThrow(viewer.id),

    /** POST /api/user/: a new account, in no restaurant until invited. */
    async signUp(body: SignUpBody): Promise<Me> {
      const row = await createAccount(body);
      return profileOrThrow(row.id);
    },

    async list(viewer: Viewer, query: UsersQuery) {
      const scope = administeredRestaurants(viewer);
      if (query.restaurant_id !== undefined) requireRestaurant(viewer, query.restaurant_id, 'admin');
      return repository.list(scope, query);
    },

    async patch(viewer: Viewer, userId: number, body: UserPatch): Promise<Me> {
      const target = await manageable(viewer, userId);
      const names: { firstName?: string; lastName?: string } = {};
      if (body.first_name !== undefined) names.firstName = body.first_name;
      if (body.last_name !== undefined) names.lastName = body.last_name;
      const renames = Object.keys(names).length > 0;
      // Checked before anything changes: a refused request changes nothing. One's own name is one's own.
      if (renames && userId !== viewer.id) requireWholeAccount(viewer, target);
      if (body.role !== undefined && body.restaurant !== undefined) {
        requireRestaurant(viewer, body.restaurant, 'admin');
        if (!target.restaurants.some((r) => r.id === body.restaurant)) throw notFound();
        // An admin who demotes themselves could leave a restaurant with nobody to manage it.
        if (userId === viewer.id) throw new HttpError(409, 'users.cannotChangeOwnRole', 'conflict');
        await repository.setRole(userId, body.restaurant, body.role);
      }
      if (renames) await repository.update(userId, names);
      return profileOrThrow(userId);
    },

    async setActive(viewer: Viewer, userId: number, active: boolean): Promise<Me> {
      const target = await manageable(viewer, userId);
      if (userId === viewer.id) throw new HttpError(409, 'users.cannotDeactivateSelf', 'conflict');
      requireWholeAccount(viewer, target);
      await repository.update(userId, { isActive: active });
      // A deactivated user's sessions end now, not when their tokens expire.
      if (!active) await auth.revokeAllOf(userId);
      return profileOrThrow(userId);
    },

    /**
     * DELETE /api/user/{id}/restaurants/{restaurant}/: takes the account out of one restaurant the
     * viewer administers (the account itself, and its other restaurants, stay as they are). The
     * way to part with someone who also works elsewhere, whose account is not the viewer's to
     * deactivate. Not oneself (409): a restaurant could be left with nobody to manage it.
     */
    async removeFromRestaurant(viewer: Viewer, userId: number, restaurantId: number): Promise<Me> {
      const target = await manageable(viewer, userId);
      requireRestaurant(viewer, restaurantId, 'admin');
      if (!target.restaurants.some((r) => r.id === restaurantId)) throw notFound();
      if (userId === viewer.id) throw new HttpError(409, 'users.cannotRemoveSelf', 'conflict');
      await repository.removeMembership(userId, restaurantId);
      return profileOrThrow(userId);
    },

    /**
     * Accepting an invitation: a signed-in user joins with their account; otherwise a new account is
     * made from the form. Returns the user's id (the route signs them in).
     */
    async acceptInvitation(
      viewer: Viewer | null,
      token: string,
      body: InvitationAcceptBody,
    ): Promise<number> {
      const invitation = await invitations.findValid(token);
      let userId: number;
      if (viewer) {
        userId = viewer.id;
      } else {
        const missing: Record<string, string[]> = {};
        for (const field of ['email', 'password', 'first_name'] as const) {
          if (!body[field]) missing[field] = [MessageKey.required];
        }
        if (Object.keys(missing).length > 0) throw new FieldValidationError(missing);
        const email = body.email as string;
        if (invitation.email && invitation.email !== email.toLowerCase()) {
          throw new FieldValidationError({ email: ['invitations.emailMismatch'] });
        }
        const row = await createAccount({
          email,
          password: body.password as string,
          first_name: body.first_name as string,
          last_name: body.last_name ?? '',
        });
        userId = row.id;
      }
      await invitations.accept(invitation, userId);
      return userId;
    },

    /** A one-time UUID for /api/signin/telegram/?UUID=…, to link Telegram to this account. */
    async createTelegramLink(viewer: Viewer) {
      const uuid = randomBytes(18).toString('base64url');
      const expiresAt = new Date(Date.now() + TELEGRAM_LINK_TTL_S * 1000);
      await repository.addTelegramLink(sha256(uuid), viewer.id, expiresAt);
      return { uuid, expires_at: expiresAt.toISOString() };
    },

    /**
     * DELETE /api/user/me/telegram-link/: the profile's 'disconnect'. The account forgets its
     * Telegram, so the bot stops writing to it (the dispatcher only writes to linked accounts) and
     * its messages not yet sent are dropped. The notification settings stay, for a later link.
     * An account that signs in only through Telegram (no e-mail and password) keeps it: 409.
     */
    async unlinkTelegram(viewer: Viewer): Promise<Me> {
      const user = await repository.findById(viewer.id);
      if (!user) throw notFound();
      if (user.telegramId === null) return profileOrThrow(viewer.id);
      if (!user.email || !user.passwordHash) {
        throw new HttpError(409, 'auth.telegramOnlySignIn', 'telegram_only_sign_in');
      }
      await repository.unlinkTelegram(viewer.id);
      return profileOrThrow(viewer.id);
    },
  };
}
export type UsersService = ReturnType<typeof createUsersService>;
