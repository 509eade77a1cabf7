import { randomBytes } from 'node:crypto';
import type { Invitation, InvitationPreview, InviteBody } from '@stolik/contracts';
import type { Database } from '@stolik/db';
import type { Role } from '@stolik/domain';
import { requireRestaurant, type Viewer } from '../../shared/access';
import { HttpError } from '../../shared/http-errors';
import { sha256 } from '../auth/auth.service';
import { createInvitationsRepository, type InvitationRow } from './invitations.repository';
import type { UsersRepository } from './users.repository';

export const INVITATION_TTL_S = 7 * 24 * 60 * 60;

const invitationGone = () => new HttpError(404, 'invitations.invalid', 'invitation_invalid');

/** An invitation bound to an e-mail, accepted by an account without that e-mail (403). */
export const invitationForAnotherEmail = () =>
  new HttpError(403, 'invitations.emailMismatch', 'invitation_email_mismatch');

/**
 * Whether an account with this e-mail may take the invitation: one bound to an e-mail only by
 * the account with that e-mail (letter case aside); an unbound one by anyone with the link.
 */
export function invitationFits(row: Pick<InvitationRow, 'email'>, accountEmail: string | null): boolean {
  if (!row.email) return true;
  return Boolean(accountEmail) && accountEmail?.trim().toLowerCase() === row.email.toLowerCase();
}

export function createInvitationsService(db: Database, users: UsersRepository) {
  const repository = createInvitationsRepository(db);

  /** A usable invitation: known, not accepted, not expired. */
  async function findValid(token: string): Promise<InvitationRow & { restaurantName: string }> {
    const row = await repository.findUsable(sha256(token));
    if (!row) throw invitationGone();
    return { ...row.invitation, restaurantName: row.restaurantName };
  }

  return {
    findValid,

    /**
     * POST /api/user/invite/: an admin of the restaurant invites (a link, optionally for one
     * e-mail). `publicUrl`: the product's address for this admin's reply (app.ts linksFor).
     */
    async create(viewer: Viewer, body: InviteBody, publicUrl: string): Promise<Invitation> {
      requireRestaurant(viewer, body.restaurant, 'admin');
      const token = randomBytes(24).toString('base64url');
      const row = await repository.create({
        tokenHash: sha256(token),
        restaurantId: body.restaurant,
        role: body.role,
        email: body.email?.toLowerCase() ?? null,
        createdBy: viewer.id,
        expiresAt: new Date(Date.now() + INVITATION_TTL_S * 1000),
      });
      return {
        id: row.id,
        token,
        url: `${publicUrl}/invite?token=${token}`,
        restaurant: row.restaurantId,
        role: row.role as Role,
        email: row.email,
        expires_at: row.expiresAt.toISOString(),
      };
    },

    async preview(token: string): Promise<InvitationPreview> {
      const row = await findValid(token);
      return {
        restaurant_name: row.restaurantName,
        role: row.role as Role,
        // Only that it is bound: the address is the invited person's, not the link holder's.
        for_email: row.email !== null,
        expires_at: row.expiresAt.toISOString(),
      };
    },

    /**
     * Joins the user to the invitation's restaurant with its role; the invitation is used up.
     * Every way of accepting ends here, so an invitation bound to an e-mail is checked here too:
     * only the account with that e-mail takes it (403 for any other, a Telegram-only one included).
     */
    async accept(row: InvitationRow, userId: number): Promise<void> {
      const account = await users.findById(userId);
      if (!account || !invitationFits(row, account.email)) throw invitationForAnotherEmail();
      if (!(await repository.claim(row.id, userId))) throw invitationGone();
      await users.addMembership(userId, row.restaurantId, row.role as Role);
    },
  };
}
export type InvitationsService = ReturnType<typeof createInvitationsService>;
