/**
 * Orders come from the restaurant's point-of-sale system (POS); Stolik keeps them to show the
 * day's bills per table and to relate revenue to seats. The spec shows no fields: these are ours.
 */
export const ORDER_STATUSES = ['open', 'closed', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Money on the wire is rubles with kopecks (a number with at most 2 decimals); stored as kopecks. */
export const rublesToKopecks = (rubles: number): number => Math.round(rubles * 100);
export const kopecksToRubles = (kopecks: number): number => kopecks / 100;

/** How many orders one POS import call may carry. */
export const ORDER_IMPORT_MAX = 500;
/** How many items one order may carry. */
export const ORDER_ITEMS_MAX = 300;
