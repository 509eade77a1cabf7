import type { AuditEntry } from '@stolik/contracts';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../shared/i18n/i18n';
import { actionLabel, detailsLine } from './audit-labels';

const entry = (action: string, details: Record<string, unknown>): AuditEntry => ({
  id: 1,
  at: '2026-11-22T18:00:00.000Z',
  action,
  entity_type: 'queue_entry',
  entity_id: '7',
  actor: null,
  details,
  request_id: null,
});

/** Issue #22: the journal says an import's source and the Fake mark in the spec's words. */
describe("the journal's line for the older system's words", () => {
  it('names an import and its source as the spec writes it', () => {
    const line = detailsLine(
      i18n,
      entry('queue.import', {
        fields: ['restaurant', 'group_size', 'source', 'name'],
        values: { restaurant: 3, group_size: 2, source: 'Reserve_Hostme' },
      }),
    );
    expect(actionLabel(i18n, 'queue.import')).toBe('Запись перенесена из другой системы');
    expect(line).toBe('Источник: Резерв Hostme · Поля: гостей, имя');
  });

  it('says whether the Fake mark was put on or taken off', () => {
    expect(detailsLine(i18n, entry('queue.mark_fake', { fields: ['fake'], values: { fake: true } }))).toBe(
      'Фейк: да',
    );
    expect(detailsLine(i18n, entry('queue.mark_fake', { fields: ['fake'], values: { fake: false } }))).toBe(
      'Фейк: нет',
    );
  });

  it('shows a source word this version does not know as it is stored', () => {
    expect(
      detailsLine(i18n, entry('queue.import', { fields: ['source'], values: { source: 'Walkin' } })),
    ).toBe('Источник: Walkin');
  });
});
