import type { FontInfo, Palette, RestaurantStyle } from '@stolik/contracts';
import { queryOptions } from '@tanstack/react-query';
import { load } from '../api/load';
import { del, post } from '../api/transport';
import { readStyle } from './palette';

export const styleKey = (restaurantId: number) => ['public-style', restaurantId] as const;

/**
 * The guest forms' palette and font ('css json'): public, as the guest forms have no sign-in.
 * A reply that is not what the contract allows counts as a failure (the product's own look).
 */
export const guestStyleQuery = (restaurantId: number) =>
  queryOptions({
    queryKey: styleKey(restaurantId),
    queryFn: async ({ signal }) => {
      const style = readStyle(
        await load<unknown>(`/api/public/restaurant/${restaurantId}/style/`, { auth: false, signal }),
      );
      if (!style) throw new Error('not a restaurant style');
      return style;
    },
    staleTime: 5 * 60_000,
  });

/** 'css save' (superusers): the whole palette, replaced. */
export const savePalette = (restaurantId: number, palette: Palette) =>
  post<RestaurantStyle>(`/api/restaurant/${restaurantId}/style/`, { palette }) as Promise<RestaurantStyle>;

/** The font file as multipart form data; the API tells a font by its bytes (400) and its size (413). */
export function uploadFont(restaurantId: number, file: File) {
  const form = new FormData();
  form.append('file', file, file.name);
  return post<FontInfo>(`/api/restaurant/${restaurantId}/font/`, form) as Promise<FontInfo>;
}

export const removeFont = (restaurantId: number) => del(`/api/restaurant/${restaurantId}/font/`);
