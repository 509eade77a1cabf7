import { type Database, schema } from '@stolik/db';
import { and, eq, gt, isNull } from 'drizzle-orm';

const { invitations, restaurants } = schema;
export type InvitationRow = typeof invitations.$inferSelect;
export type NewInvitationRow = typeof invitations.$inferInsert;

/** Where invitations are read and written; who may invite and accept is the service's. */
export function createInvitationsRepository(db: Database) {
  return {
    /** The invitation of this token hash while it is usable (not accepted, not expired), with its restaurant's name. */
    findUsable: async (
      tokenHash: string,
    ): Promise<{ invitation: InvitationRow; restaurantName: string } | undefined> => {
      const [row] = await db
        .select({ invitation: invitations, restaurantName: restaurants.name })
        .from(invitations)
        .innerJoin(restaurants, eq(restaurants.id, invitations.restaurantId))
        .where(
          and(
            eq(invitations.tokenHash, tokenHash),
            isNull(invitations.acceptedAt),
            gt(invitations.expiresAt, new Date()),
          ),
        );
      return row;
    },

    create: async (values: NewInvitationRow): Promise<InvitationRow> => {
      const [row] = await db.insert(invitations).values(values).returning();
      if (!row) throw new Error('invitation was not created');
      return row;
    },

    /** Marks it accepted by the user unless it already is: false when another accept came first. */
    claim: async (id: number, userId: number): Promise<boolean> => {
      const [claimed] = await db
        .update(invitations)
        .set({ acceptedAt: new Date(), acceptedBy: userId })
        .where(and(eq(invitations.id, id), isNull(invitations.acceptedAt)))
        .returning({ id: invitations.id });
      return claimed !== undefined;
    },
  };
}
