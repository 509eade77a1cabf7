import { useId, useMemo, useState } from 'react';
import { useTranslation } from '../../../shared/i18n/i18n';
import { SelectField } from './settings-form';

interface ZoneOption {
  name: string;
  /** 'GMT+03:00' now: what a person recognises a zone by. */
  offset: string;
}

let known: ZoneOption[] | null = null;

/** Every IANA zone the browser knows, with its offset now, west to east; built once. */
function zoneOptions(): ZoneOption[] {
  if (!known) {
    const names = [...new Set(['UTC', ...Intl.supportedValuesOf('timeZone')])];
    const now = new Date();
    known = names
      .map((name) => {
        const part = new Intl.DateTimeFormat('en-US', { timeZone: name, timeZoneName: 'longOffset' })
          .formatToParts(now)
          .find((p) => p.type === 'timeZoneName');
        const offset = part?.value === 'GMT' ? 'GMT+00:00' : (part?.value ?? '');
        return { name, offset };
      })
      .sort((a, b) => a.offset.localeCompare(b.offset) || a.name.localeCompare(b.name));
  }
  return known;
}

const shown = (zone: ZoneOption) =>
  `${zone.name.replaceAll('_', ' ')} (${zone.offset.replace('GMT', 'UTC')})`;

/**
 * An IANA time zone (spec §3, API-CONVENTIONS: every "today" is the restaurant's) chosen from the
 * browser's list, narrowed by a search over names and offsets ('moscow', '+03'). The chosen zone
 * always stays in the list.
 */
export function TimeZonePicker({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (zone: string) => void;
  error?: string | undefined;
}) {
  const { t } = useTranslation();
  const searchId = useId();
  const [search, setSearch] = useState('');
  const { options, found } = useMemo(() => {
    const all = zoneOptions();
    const words = search.trim().toLowerCase().replaceAll(' ', '_');
    const matching = words
      ? all.filter((zone) =>
          `${zone.name} ${zone.offset.replace('GMT', 'UTC')}`.toLowerCase().includes(words),
        )
      : all;
    const current = all.find((zone) => zone.name === value) ?? { name: value, offset: '' };
    return { options: [current, ...matching.filter((zone) => zone.name !== value)], found: matching.length };
  }, [search, value]);

  return (
    <div className="hall-tz">
      <div className="field">
        <label htmlFor={searchId} className="field__label">
          {t('hallSettings.restaurant.timezoneSearch')}
        </label>
        <input
          id={searchId}
          type="search"
          className="field__input"
          value={search}
          autoComplete="off"
          placeholder={t('hallSettings.restaurant.timezoneExample')}
          onChange={(event) => setSearch(event.target.value)}
        />
      </div>
      <SelectField
        label={t('hallSettings.restaurant.timezone')}
        value={value}
        error={error}
        onChange={(event) => onChange(event.target.value)}
      >
        {options.map((zone) => (
          <option key={zone.name} value={zone.name}>
            {zone.offset ? shown(zone) : zone.name}
          </option>
        ))}
      </SelectField>
      {search.trim() ? (
        <p className="field__hint" role="status">
          {found === 0
            ? t('hallSettings.restaurant.timezoneNone')
            : t('hallSettings.restaurant.timezoneFound', { count: found })}
        </p>
      ) : null}
    </div>
  );
}
