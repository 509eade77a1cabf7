import {
  Colour,
  PALETTE_COLOURS,
  type Palette,
  type PaletteColour,
  type RestaurantStyle,
} from '@stolik/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { PALETTE_TOKENS, paletteStyle } from '../../../shared/guest-style/palette';
import { savePalette, styleKey } from '../../../shared/guest-style/style-api';
import { useTranslation } from '../../../shared/i18n/i18n';
import { useTheme } from '../../../shared/theme/theme';
import { formErrorsOf } from '../../../shared/ui/form-errors';
import { showToast } from '../../../shared/ui/toast';
import { type ContrastPair, contrastProblems, over, parseColour } from '../contrast';
import { GuestPreview } from './guest-preview';

type Draft = Record<PaletteColour, string>;

const draftOf = (palette: Palette): Draft =>
  Object.fromEntries(PALETTE_COLOURS.map((name) => [name, palette[name] ?? ''])) as Draft;

/** The colours of the draft that are colours; an empty one is the product's own. */
const paletteOf = (draft: Draft): Palette =>
  Object.fromEntries(
    PALETTE_COLOURS.flatMap((name) => {
      const value = draft[name].trim();
      return value && Colour.safeParse(value).success ? [[name, value]] : [];
    }),
  ) as Palette;

/** '#rrggbb' for the colour picker, which takes nothing else (a see-through colour as it shows on white). */
function pickerValue(value: string | null | undefined): string {
  const parsed = parseColour(value);
  if (!parsed) return '#000000';
  const rgba = parsed.a < 1 ? over(parsed, { r: 255, g: 255, b: 255, a: 1 }) : parsed;
  const hex = (n: number) => Math.round(n).toString(16).padStart(2, '0');
  return `#${hex(rgba.r)}${hex(rgba.g)}${hex(rgba.b)}`;
}

const ratioText = (ratio: number) => ratio.toFixed(1).replace('.', ',');

/**
 * The palette of the guest forms: a colour picker and the exact value for each colour the API
 * takes, a guest form card that wears the draft as it is typed, and a warning for each pair of
 * text and its background below WCAG AA. An empty colour is the product's own (light or dark).
 */
export function PaletteSection({
  restaurantId,
  restaurantName,
  style,
  fontFamily,
}: {
  restaurantId: number;
  restaurantName: string;
  style: RestaurantStyle;
  fontFamily: string | null;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { appearance } = useTheme();
  const titleId = useId();
  const [draft, setDraft] = useState<Draft>(() => draftOf(style.palette));
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [general, setGeneral] = useState<string | null>(null);
  const previewRef = useRef<HTMLDivElement>(null);
  // The colours the preview is drawn in, the product's where the draft has none (read from the page).
  const [drawn, setDrawn] = useState<Partial<Record<PaletteColour, string>>>({});

  const palette = useMemo(() => paletteOf(draft), [draft]);
  const previewStyle = useMemo(() => paletteStyle(palette, fontFamily), [palette, fontFamily]);
  const saved = draftOf(style.palette);
  const dirty = PALETTE_COLOURS.some((name) => draft[name].trim() !== saved[name]);

  // The draft and the theme change what the preview is drawn in, which is read back from the page.
  useLayoutEffect(() => {
    const element = previewRef.current;
    if (!element) return;
    const computed = getComputedStyle(element);
    setDrawn(
      Object.fromEntries(
        PALETTE_COLOURS.map((name) => [
          name,
          computed.getPropertyValue(PALETTE_TOKENS[name][0] ?? '').trim(),
        ]),
      ),
    );
  }, [previewStyle, appearance]);

  const effective = Object.fromEntries(
    PALETTE_COLOURS.map((name) => [name, palette[name] ?? (drawn[name] || null)]),
  ) as Record<PaletteColour, string | null>;
  const problems = contrastProblems(effective);

  const errorOf = (name: PaletteColour): string | null => {
    const value = draft[name].trim();
    if (value && !Colour.safeParse(value).success) return t('style.colourFormat');
    return serverErrors[`palette.${name}`] ?? null;
  };
  const invalid = PALETTE_COLOURS.some((name) => {
    const value = draft[name].trim();
    return value !== '' && !Colour.safeParse(value).success;
  });

  const save = useMutation({
    mutationFn: () => savePalette(restaurantId, palette),
    onMutate: () => {
      setServerErrors({});
      setGeneral(null);
    },
    onSuccess: (next) => {
      queryClient.setQueryData(styleKey(restaurantId), next);
      setDraft(draftOf(next.palette));
      showToast(t('style.paletteSaved'));
    },
    onError: (error) => {
      const read = formErrorsOf(error, t('style.saveFailed'));
      setServerErrors(read.fields);
      setGeneral(read.general ?? (Object.keys(read.fields).length > 0 ? null : t('style.saveFailed')));
    },
  });

  const set = (name: PaletteColour, value: string) => {
    setDraft((current) => ({ ...current, [name]: value }));
    setServerErrors(({ [`palette.${name}`]: _, ...rest }) => rest);
  };

  const pairText = (pair: ContrastPair) =>
    t('style.pair', { text: t(`style.colours.${pair.text}`), on: t(`style.colours.${pair.on}`) });

  return (
    <section className="panel style-palette" aria-labelledby={titleId}>
      <header className="style-page__panel-header">
        <h3 id={titleId} className="panel__title">
          {t('style.paletteTitle')}
        </h3>
        <p className="style-page__hint">{t('style.paletteHint')}</p>
      </header>
      <div className="style-palette__body">
        <div className="style-palette__preview">
          <GuestPreview restaurantName={restaurantName} style={previewStyle} previewRef={previewRef} />
          {problems.length > 0 ? (
            <div className="notice notice--warning style-palette__contrast" role="status">
              <p className="notice__title">{t('style.contrastTitle')}</p>
              <ul className="style-palette__problems">
                {problems.map(({ pair, ratio }) => (
                  <li key={`${pair.text}-${pair.on}`}>
                    {t('style.contrastProblem', { pair: pairText(pair), ratio: ratioText(ratio) })}
                  </li>
                ))}
              </ul>
            </div>
          ) : (
            <p className="style-page__hint style-palette__contrast-ok" role="status">
              {t('style.contrastOk')}
            </p>
          )}
        </div>
        <div className="style-palette__colours">
          {PALETTE_COLOURS.map((name) => (
            <ColourField
              key={name}
              name={name}
              value={draft[name]}
              shown={effective[name]}
              error={errorOf(name)}
              onChange={(value) => set(name, value)}
            />
          ))}
        </div>
      </div>
      {general ? (
        <p className="form__error" role="alert">
          {general}
        </p>
      ) : null}
      <div className="style-page__actions">
        <button
          type="button"
          className="button"
          disabled={save.isPending || invalid || !dirty}
          onClick={() => save.mutate()}
        >
          {save.isPending ? t('style.saving') : t('style.savePalette')}
        </button>
        <button
          type="button"
          className="button button--secondary"
          disabled={save.isPending || PALETTE_COLOURS.every((name) => draft[name] === '')}
          onClick={() => setDraft(draftOf({}))}
        >
          {t('style.productColours')}
        </button>
        {dirty ? <span className="style-page__hint">{t('style.unsaved')}</span> : null}
      </div>
    </section>
  );
}

function ColourField({
  name,
  value,
  shown,
  error,
  onChange,
}: {
  name: PaletteColour;
  value: string;
  /** The colour in effect: the value, or the product's own. */
  shown: string | null;
  error: string | null;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const label = t(`style.colours.${name}`);
  return (
    <div className={`field style-colour ${error ? 'field--invalid' : ''}`}>
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <div className="style-colour__inputs">
        <input
          type="color"
          className="style-colour__picker"
          aria-label={t('style.pick', { colour: label })}
          value={pickerValue(shown)}
          onChange={(event) => onChange(event.target.value)}
        />
        <input
          id={id}
          className="field__input style-colour__value"
          value={value}
          placeholder={t('style.productColour')}
          spellCheck={false}
          autoCapitalize="off"
          autoComplete="off"
          maxLength={9}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => onChange(event.target.value)}
        />
        <button
          type="button"
          className="button button--plain style-colour__reset"
          disabled={value === ''}
          aria-label={t('style.resetColour', { colour: label })}
          title={t('style.resetColour', { colour: label })}
          onClick={() => onChange('')}
        >
          {t('style.reset')}
        </button>
      </div>
      {error ? (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
