import { type Database, schema } from '@stolik/db';
import { eq } from 'drizzle-orm';

const { restaurantFonts, restaurantStaticContent } = schema;
export type RestaurantFontRow = typeof restaurantFonts.$inferSelect;

/** What is told of a font without its bytes. */
const fontMeta = {
  format: restaurantFonts.format,
  fileName: restaurantFonts.fileName,
  size: restaurantFonts.size,
  sha256: restaurantFonts.sha256,
  uploadedAt: restaurantFonts.uploadedAt,
};
export interface FontMeta {
  format: string;
  fileName: string;
  size: number;
  sha256: string;
  uploadedAt: Date;
}

/** Where a restaurant's palette, font and preset comments are kept. */
export function createRestaurantContentRepository(db: Database) {
  /** Keeps these columns of the restaurant's content row, making the row when it has none. */
  async function saveContent(
    restaurantId: number,
    values: { palette: Record<string, string> } | { comments: string[] },
  ) {
    await db
      .insert(restaurantStaticContent)
      .values({ restaurantId, ...values })
      .onConflictDoUpdate({
        target: restaurantStaticContent.restaurantId,
        set: { ...values, updatedAt: new Date() },
      });
  }

  return {
    contentOf: async (restaurantId: number) =>
      (
        await db
          .select()
          .from(restaurantStaticContent)
          .where(eq(restaurantStaticContent.restaurantId, restaurantId))
      )[0],

    savePalette: (restaurantId: number, palette: Record<string, string>) =>
      saveContent(restaurantId, { palette }),

    saveComments: (restaurantId: number, comments: string[]) => saveContent(restaurantId, { comments }),

    fontMetaOf: async (restaurantId: number): Promise<FontMeta | undefined> =>
      (
        await db.select(fontMeta).from(restaurantFonts).where(eq(restaurantFonts.restaurantId, restaurantId))
      )[0],

    fontOf: async (restaurantId: number): Promise<RestaurantFontRow | undefined> =>
      (await db.select().from(restaurantFonts).where(eq(restaurantFonts.restaurantId, restaurantId)))[0],

    /** Keeps the restaurant's one font, replacing the one it had. */
    saveFont: async (
      restaurantId: number,
      values: Omit<typeof restaurantFonts.$inferInsert, 'restaurantId'>,
    ): Promise<FontMeta> => {
      const [row] = await db
        .insert(restaurantFonts)
        .values({ restaurantId, ...values })
        .onConflictDoUpdate({ target: restaurantFonts.restaurantId, set: values })
        .returning(fontMeta);
      if (!row) throw new Error('font was not saved');
      return row;
    },

    removeFont: async (restaurantId: number): Promise<void> => {
      await db.delete(restaurantFonts).where(eq(restaurantFonts.restaurantId, restaurantId));
    },
  };
}
