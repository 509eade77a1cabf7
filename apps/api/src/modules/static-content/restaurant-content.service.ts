import { createHash } from 'node:crypto';
import type { FontInfo, Palette, RestaurantComments, RestaurantStyle } from '@stolik/contracts';
import type { Database } from '@stolik/db';
import { FONT_CONTENT_TYPES, type FontFormat, fontFormatOf } from '@stolik/domain';
import type { Viewer } from '../../shared/access';
import { FieldValidationError, notFound } from '../../shared/http-errors';
import { restaurantOrThrow } from '../restaurants/restaurant-or-throw';
import { createRestaurantContentRepository, type FontMeta } from './restaurant-content.repository';

/** Where the guest forms load a restaurant's font; `v` changes with the file, so caches never serve an old one. */
export const fontUrl = (restaurantId: number, sha256: string) =>
  `/api/public/restaurant/${restaurantId}/font/?v=${sha256.slice(0, 16)}`;

/** A file name kept only to show it back: no path, no control characters, not too long. */
const cleanFileName = (name: string) =>
  (name.split(/[\\/]/).pop() ?? '').replace(/[\p{Cc}\p{Cf}]/gu, '').slice(0, 120) || 'font';

/**
 * The restaurant's static content: the guest forms' palette ('css save', 'css json') and font
 * (spec §3 palette/font style), and the staff's preset comments.
 */
export function createRestaurantContentService(db: Database) {
  const repository = createRestaurantContentRepository(db);

  const toFontInfo = (restaurantId: number, row: FontMeta): FontInfo => ({
    url: fontUrl(restaurantId, row.sha256),
    format: row.format as FontFormat,
    file_name: row.fileName,
    size: row.size,
    sha256: row.sha256,
    uploaded_at: row.uploadedAt.toISOString(),
  });

  return {
    /** What the guest forms wear: public, like the forms themselves. */
    async style(restaurantId: number): Promise<RestaurantStyle> {
      await restaurantOrThrow(db, restaurantId);
      const content = await repository.contentOf(restaurantId);
      const font = await repository.fontMetaOf(restaurantId);
      return {
        restaurant: restaurantId,
        palette: (content?.palette ?? {}) as Palette,
        font: font ? toFontInfo(restaurantId, font) : null,
      };
    },

    /** The whole palette, replaced. */
    async savePalette(restaurantId: number, palette: Palette): Promise<RestaurantStyle> {
      await restaurantOrThrow(db, restaurantId);
      // Only the colours set are kept: an unset one is the product's own, and may change with it.
      const kept = Object.fromEntries(
        Object.entries(palette).filter(([, colour]) => colour !== undefined),
      ) as Record<string, string>;
      await repository.savePalette(restaurantId, kept);
      return this.style(restaurantId);
    },

    /** Keeps the file when its bytes are a font (the name and MIME type the browser sent prove nothing). */
    async uploadFont(
      viewer: Viewer,
      restaurantId: number,
      bytes: Buffer,
      fileName: string,
    ): Promise<FontInfo> {
      await restaurantOrThrow(db, restaurantId);
      const format = fontFormatOf(bytes);
      if (!format) throw new FieldValidationError({ file: ['errors.hall.notAFont'] });
      const values = {
        data: bytes,
        format,
        fileName: cleanFileName(fileName),
        size: bytes.length,
        sha256: createHash('sha256').update(bytes).digest('hex'),
        uploadedBy: viewer.id,
        uploadedAt: new Date(),
      };
      return toFontInfo(restaurantId, await repository.saveFont(restaurantId, values));
    },

    /** The font file itself, for the guest forms. */
    async font(restaurantId: number): Promise<{ data: Buffer; contentType: string; sha256: string }> {
      const row = await repository.fontOf(restaurantId);
      if (!row) throw notFound();
      return {
        data: row.data,
        contentType: FONT_CONTENT_TYPES[row.format as FontFormat],
        sha256: row.sha256,
      };
    },

    /** Back to the product's own font. Removing a font that is not there is as good as done. */
    async removeFont(restaurantId: number): Promise<void> {
      await restaurantOrThrow(db, restaurantId);
      await repository.removeFont(restaurantId);
    },

    async comments(restaurantId: number): Promise<RestaurantComments> {
      await restaurantOrThrow(db, restaurantId);
      return { comments: (await repository.contentOf(restaurantId))?.comments ?? [] };
    },

    /** The whole list, replaced, in the order given; a comment given twice is kept once. */
    async saveComments(restaurantId: number, comments: string[]): Promise<RestaurantComments> {
      await restaurantOrThrow(db, restaurantId);
      const distinct = [...new Set(comments)];
      await repository.saveComments(restaurantId, distinct);
      return { comments: distinct };
    },
  };
}
export type RestaurantContentService = ReturnType<typeof createRestaurantContentService>;
