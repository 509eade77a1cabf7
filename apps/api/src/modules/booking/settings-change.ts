import { MessageKey } from '@stolik/contracts';
import type { Database, Tx } from '@stolik/db';
import { announceChange } from '../../shared/changes/changes.repository';
import { FieldValidationError } from '../../shared/http-errors';

/** A settings change changes what is available: every open timeline and slot picker refetches. */
export const announceSettingsChange = (tx: Tx | Database, restaurantId: number) =>
  announceChange(tx as Tx, { kind: 'table', restaurant: restaurantId, id: 0 });

/** A window where exactly one end is given is not a window. */
export function windowOrThrow(from: string | null, to: string | null) {
  if ((from === null) !== (to === null)) throw new FieldValidationError({ to: [MessageKey.required] });
}
