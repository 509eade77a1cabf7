import { DECORATION_KINDS, SCHEME_LIMITS, type TableShape } from '@stolik/contracts';
import { useId, useState } from 'react';
import { useTranslation } from '../../../shared/i18n/i18n';
import type { SelectedPoint } from './editor-canvas';
import { type DecorationKind, type ItemKey, parseKey, type SchemeDraft } from './scheme-editing';

const SHAPES: readonly TableShape[] = ['round', 'square', 'rectangle'];

/** What can be added to the floor: a decoration of each kind, a text label, a zone's area. */
export function AddPalette({
  zones,
  onDecoration,
  onLabel,
  onArea,
}: {
  zones: readonly { id: number; name: string }[];
  onDecoration: (kind: DecorationKind) => void;
  onLabel: () => void;
  onArea: (zone: number) => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const zoneId = useId();
  const [zone, setZone] = useState<number | null>(zones[0]?.id ?? null);
  const chosen = zones.some((z) => z.id === zone) ? zone : (zones[0]?.id ?? null);
  return (
    <section className="scheme-tools" aria-labelledby={titleId}>
      <h3 id={titleId} className="scheme-tools__title">
        {t('schemeEditor.add')}
      </h3>
      <div className="scheme-tools__row">
        {DECORATION_KINDS.map((kind) => (
          <button
            key={kind}
            type="button"
            className="button button--secondary scheme-tools__button"
            onClick={() => onDecoration(kind)}
          >
            {t(`schemeEditor.kinds.${kind}`)}
          </button>
        ))}
        <button type="button" className="button button--secondary scheme-tools__button" onClick={onLabel}>
          {t('schemeEditor.addLabel')}
        </button>
      </div>
      {zones.length > 0 ? (
        <div className="scheme-tools__row">
          <label htmlFor={zoneId} className="scheme-tools__label">
            {t('schemeEditor.areaOf')}
          </label>
          <select
            id={zoneId}
            className="field__input scheme-tools__select"
            value={chosen ?? ''}
            onChange={(event) => setZone(Number(event.target.value))}
          >
            {zones.map((z) => (
              <option key={z.id} value={z.id}>
                {z.name}
              </option>
            ))}
          </select>
          <button
            type="button"
            className="button button--secondary scheme-tools__button"
            disabled={chosen === null}
            onClick={() => chosen !== null && onArea(chosen)}
          >
            {t('schemeEditor.addArea')}
          </button>
        </div>
      ) : (
        <p className="scheme-editor__hint">{t('schemeEditor.noZones')}</p>
      )}
    </section>
  );
}

/**
 * What can be done with the selection: a table's shape, a label's text and size, an area's zone
 * and its selected point, and taking it all off the scheme.
 */
export function Inspector({
  draft,
  selected,
  point,
  zones,
  tableNumber,
  onShape,
  onLabel,
  onAreaZone,
  onRemovePoint,
  onRemove,
  onClear,
}: {
  draft: SchemeDraft;
  selected: ReadonlySet<ItemKey>;
  point: SelectedPoint | null;
  zones: readonly { id: number; name: string }[];
  tableNumber: (id: number) => string;
  onShape: (table: number, shape: TableShape) => void;
  onLabel: (index: number, change: { text?: string; size?: number }) => void;
  onAreaZone: (index: number, zone: number) => void;
  onRemovePoint: () => void;
  onRemove: () => void;
  onClear: () => void;
}) {
  const { t } = useTranslation();
  if (selected.size === 0)
    return (
      <div className="scheme-inspector scheme-inspector--empty">
        <p className="scheme-editor__hint">{t('schemeEditor.nothingSelected')}</p>
      </div>
    );
  const only = selected.size === 1 ? parseKey([...selected][0] as ItemKey) : null;
  const onlyTables = [...selected].every((key) => key.startsWith('table:'));

  return (
    <section className="scheme-inspector" aria-label={t('schemeEditor.selection')}>
      {only?.kind === 'table' ? (
        <TableShapeChoice
          number={tableNumber(only.n)}
          shape={draft.tables.find((p) => p.table === only.n)?.shape ?? 'square'}
          onShape={(shape) => onShape(only.n, shape)}
        />
      ) : null}
      {only?.kind === 'label' && draft.labels[only.n] ? (
        <LabelFields
          // A new label (or another one) starts its fields over.
          key={`${only.n}-${draft.labels[only.n]?.text}`}
          text={draft.labels[only.n]?.text ?? ''}
          size={draft.labels[only.n]?.size ?? 16}
          onChange={(change) => onLabel(only.n, change)}
        />
      ) : null}
      {only?.kind === 'zone' && draft.zones[only.n] ? (
        <AreaFields
          zone={draft.zones[only.n]?.zone ?? 0}
          zones={zones}
          points={draft.zones[only.n]?.points.length ?? 0}
          pointSelected={point?.area === only.n}
          onZone={(zone) => onAreaZone(only.n, zone)}
          onRemovePoint={onRemovePoint}
        />
      ) : null}
      {only?.kind === 'decoration' && draft.decorations[only.n] ? (
        <p className="scheme-inspector__what">
          {t(`schemeEditor.kinds.${draft.decorations[only.n]?.kind ?? 'rect'}`)}
        </p>
      ) : null}
      {selected.size > 1 ? (
        <p className="scheme-inspector__what">{t('schemeEditor.selected', { count: selected.size })}</p>
      ) : null}
      <div className="scheme-inspector__actions">
        <button type="button" className="button button--secondary" onClick={onRemove}>
          {onlyTables ? t('schemeEditor.removeTable') : t('schemeEditor.remove')}
        </button>
        <button type="button" className="button button--plain" onClick={onClear}>
          {t('schemeEditor.deselect')}
        </button>
      </div>
    </section>
  );
}

function TableShapeChoice({
  number,
  shape,
  onShape,
}: {
  number: string;
  shape: TableShape;
  onShape: (shape: TableShape) => void;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="scheme-inspector__group">
      <legend className="field__label">{t('schemeEditor.shapeOf', { number })}</legend>
      <div className="scheme-inspector__choices">
        {SHAPES.map((option) => (
          <button
            key={option}
            type="button"
            className="button button--secondary"
            aria-pressed={shape === option}
            onClick={() => onShape(option)}
          >
            {t(`schemeEditor.shapes.${option}`)}
          </button>
        ))}
      </div>
    </fieldset>
  );
}

/** The text is applied when the field is left (or Enter): one undo step per text, not per letter. */
function LabelFields({
  text,
  size,
  onChange,
}: {
  text: string;
  size: number;
  onChange: (change: { text?: string; size?: number }) => void;
}) {
  const { t } = useTranslation();
  const [value, setValue] = useState(text);
  const textId = useId();
  const sizeId = useId();
  const empty = value.trim() === '';
  const apply = () => {
    if (empty) setValue(text);
    else if (value.trim() !== text) onChange({ text: value });
  };
  return (
    <div className="scheme-inspector__fields">
      <div className={`field ${empty ? 'field--invalid' : ''}`}>
        <label htmlFor={textId} className="field__label">
          {t('schemeEditor.labelText')}
        </label>
        <input
          id={textId}
          className="field__input"
          value={value}
          maxLength={SCHEME_LIMITS.labelText}
          aria-invalid={empty ? true : undefined}
          onChange={(event) => setValue(event.target.value)}
          onBlur={apply}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              apply();
            }
          }}
        />
        {empty ? <p className="field__error">{t('validation.required')}</p> : null}
      </div>
      <div className="field scheme-inspector__size">
        <label htmlFor={sizeId} className="field__label">
          {t('schemeEditor.labelSize')}
        </label>
        <input
          id={sizeId}
          className="field__input"
          type="number"
          inputMode="numeric"
          min={SCHEME_LIMITS.labelSize.min}
          max={SCHEME_LIMITS.labelSize.max}
          value={size}
          onChange={(event) => {
            const next = Number(event.target.value);
            if (event.target.value !== '' && Number.isFinite(next)) onChange({ size: next });
          }}
        />
      </div>
    </div>
  );
}

function AreaFields({
  zone,
  zones,
  points,
  pointSelected,
  onZone,
  onRemovePoint,
}: {
  zone: number;
  zones: readonly { id: number; name: string }[];
  points: number;
  pointSelected: boolean;
  onZone: (zone: number) => void;
  onRemovePoint: () => void;
}) {
  const { t } = useTranslation();
  const zoneId = useId();
  return (
    <div className="scheme-inspector__fields">
      <div className="field">
        <label htmlFor={zoneId} className="field__label">
          {t('schemeEditor.areaZone')}
        </label>
        <select
          id={zoneId}
          className="field__input"
          value={zone}
          onChange={(event) => onZone(Number(event.target.value))}
        >
          {zones.some((z) => z.id === zone) ? null : <option value={zone}>{zone}</option>}
          {zones.map((z) => (
            <option key={z.id} value={z.id}>
              {z.name}
            </option>
          ))}
        </select>
      </div>
      <p className="scheme-editor__hint">{t('schemeEditor.pointsHint', { count: points })}</p>
      {pointSelected ? (
        <button
          type="button"
          className="button button--secondary"
          disabled={points <= 3}
          onClick={onRemovePoint}
        >
          {t('schemeEditor.removePoint')}
        </button>
      ) : null}
    </div>
  );
}
