import type { Tx } from '@stolik/db';
import { announceChange } from '../../shared/changes/changes.repository';

/**
 * A change of the hall (a table, group, zone or the scheme) as the restaurant's event stream tells
 * it: kind 'table', which every screen that shows tables already refetches, the map included.
 */
export const announceHallChange = (tx: Tx, restaurantId: number, id: number) =>
  announceChange(tx, { kind: 'table', restaurant: restaurantId, id });
