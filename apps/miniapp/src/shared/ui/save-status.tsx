import type { FormErrors } from './form-errors';

/** How a settings form's last save went: saved, refused with the messages to show, or not yet. */
export type SaveOutcome = { kind: 'saved' } | { kind: 'failed'; errors: FormErrors } | null;

/**
 * How the last save went, beside its button: 'saved' read out politely, a failure at once, in the
 * server's words or `failed` when it gave none for the whole form.
 */
export function SaveStatus({
  outcome,
  saved,
  failed,
}: {
  outcome: SaveOutcome;
  saved: string;
  failed: string;
}) {
  if (outcome?.kind === 'saved')
    return (
      <p className="save-status" role="status">
        {saved}
      </p>
    );
  if (outcome?.kind === 'failed')
    return (
      <p className="form__error" role="alert">
        {outcome.errors.general ?? failed}
      </p>
    );
  return null;
}
