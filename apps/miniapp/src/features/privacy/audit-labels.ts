import type { AuditEntry } from '@stolik/contracts';
import type { Texts } from '../../shared/i18n/i18n';

/** The journal's action groups, as the filter offers them (the first word of every action). */
export const AUDIT_GROUPS = [
  'queue',
  'booking',
  'guest',
  'settings',
  'hall',
  'content',
  'users',
  'orders',
] as const;

/** Groups whose values are settings, shown as they were set; the others show statuses only. */
const SETTING_GROUPS = new Set(['settings', 'hall', 'content', 'platform', 'users', 'orders']);
/** Named by the entity already, or by the screen: not worth a word in the details. */
const UNSAID_FIELDS = new Set(['id', 'restaurant', 'restaurant_id']);

const isPrimitive = (value: unknown): value is string | number | boolean =>
  typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';

type Translate = Texts['t'];
const say = (i18n: Texts, key: string, params?: Record<string, unknown>): string | null =>
  i18n.exists(key) ? String((i18n.t as (k: string, p?: object) => string)(key, params)) : null;

/** 'Гость вызван'; an action this version does not know is shown as it is stored. */
export function actionLabel(i18n: Texts, action: string): string {
  return say(i18n, `privacy.audit.actions.${action}`) ?? action;
}

/** Who did it: the person, the restaurant's POS by its key, or a deleted account. */
export function actorLabel(t: Translate, entry: AuditEntry): string {
  if (entry.actor) return entry.actor.name;
  const key = entry.details.pos_key;
  return typeof key === 'number' ? t('privacy.audit.pos', { id: key }) : t('privacy.audit.nobody');
}

function fieldName(i18n: Texts, field: string): string {
  return say(i18n, `privacy.audit.fieldNames.${field}`) ?? field;
}

function statusLabel(i18n: Texts, group: string, status: unknown): string {
  const key = group === 'booking' ? `bookingStatuses.${status}` : `liveQueue.statuses.${status}`;
  return say(i18n, key) ?? String(status);
}

/**
 * What the action changed, in a line: the new status, the values of settings, the names of the
 * other fields (a guest's name or phone is only ever named, the log never has its value), what an
 * erase counted.
 */
export function detailsLine(i18n: Texts, entry: AuditEntry): string {
  const t = i18n.t;
  const group = entry.action.split('.')[0] ?? '';
  const details = entry.details;
  const values = (details.values ?? {}) as Record<string, unknown>;
  const fields = Array.isArray(details.fields) ? (details.fields as string[]) : [];
  const parts: string[] = [];
  const shown = new Set<string>(UNSAID_FIELDS);

  if ('status' in values) {
    parts.push(t('privacy.audit.status', { status: statusLabel(i18n, group, values.status) }));
    shown.add('status');
  }
  // A queue entry's source in the older system's words (an import), and the Fake mark.
  if (group === 'queue' && typeof values.source === 'string') {
    const word = say(i18n, `queueSources.${values.source}`) ?? values.source;
    parts.push(`${t('queueSources.title')}: ${word}`);
    shown.add('source');
  }
  if (group === 'queue' && typeof values.fake === 'boolean') {
    parts.push(`${t('queueSources.Fake')}: ${t(values.fake ? 'privacy.audit.yes' : 'privacy.audit.no')}`);
    shown.add('fake');
  }
  if (SETTING_GROUPS.has(group)) {
    for (const field of fields) {
      const value = values[field];
      if (shown.has(field) || !isPrimitive(value)) continue;
      const text =
        typeof value === 'boolean' ? t(value ? 'privacy.audit.yes' : 'privacy.audit.no') : String(value);
      parts.push(`${fieldName(i18n, field)}: ${text}`);
      shown.add(field);
    }
  }
  const named = fields.filter((field) => !shown.has(field)).map((field) => fieldName(i18n, field));
  if (named.length > 0 && entry.action !== 'guest.export' && entry.action !== 'guest.erase')
    parts.push(t('privacy.audit.fields', { fields: named.join(', ') }));
  if (typeof details.items === 'number') parts.push(t('privacy.audit.items', { count: details.items }));
  if (typeof details.queue_entries === 'number' && typeof details.bookings === 'number')
    parts.push(t('privacy.audit.counts', { entries: details.queue_entries, bookings: details.bookings }));
  return parts.join(' · ');
}
