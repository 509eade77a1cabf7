import * as domain from '@stolik/domain';
import { describe, expect, it } from 'vitest';
import { ru } from './ru';
import { SPEC_CONSTANTS, SPEC_TEXTS } from './spec-fixture';

/** The value at a dotted path ('queueSources.Fake', 'ICON_SIZES.xxl'), or undefined. */
function at(root: unknown, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>(
      (node, part) =>
        node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined,
      root,
    );
}

/** What is wrong with one text of the spec, or null when the resources hold it. */
function textProblem(resources: unknown, entry: (typeof SPEC_TEXTS)[number]): string | null {
  const value = at(resources, entry.key);
  const where = `${entry.section} '${entry.text}' (${entry.key})`;
  if (typeof value !== 'string') return `${where}: no such key`;
  const found = entry.match === 'part' ? value.includes(entry.text) : value === entry.text;
  return found ? null : `${where}: the key says '${value}'`;
}

/** What is wrong with one constant of the spec, or null when @stolik/domain holds it. */
function constantProblem(module: unknown, entry: (typeof SPEC_CONSTANTS)[number]): string | null {
  const value = at(module, entry.constant);
  const where = `${entry.section} ${entry.constant}${entry.member ? ` ∋ ${entry.member}` : ''}`;
  if (value === undefined) return `${where}: no such constant`;
  if (entry.member !== undefined)
    return Array.isArray(value) && value.includes(entry.member) ? null : `${where}: not a member`;
  return value === entry.value ? null : `${where}: is ${String(value)}, the spec says ${String(entry.value)}`;
}

describe('every word and constant of the spec, where the product keeps it', () => {
  it('finds each Russian text of the spec in the i18n resources', () => {
    const missing = SPEC_TEXTS.map((entry) => textProblem(ru, entry)).filter(Boolean);
    expect(missing).toEqual([]);
  });

  it('finds each constant of the spec in @stolik/domain', () => {
    const missing = SPEC_CONSTANTS.map((entry) => constantProblem(domain, entry)).filter(Boolean);
    expect(missing).toEqual([]);
  });

  it('goes through the spec section by section: every section with words or constants is in the fixture', () => {
    const sections = new Set([...SPEC_TEXTS, ...SPEC_CONSTANTS].map((entry) => entry.section));
    expect([...sections].sort()).toEqual(['§1', '§2', '§3', '§4', '§5', '§6', '§8', '§9']);
  });

  it('says why wherever a text is matched in part', () => {
    expect(SPEC_TEXTS.filter((entry) => entry.match === 'part' && !entry.note).map((e) => e.key)).toEqual([]);
  });

  it('names the missing one: a key that is gone, a word changed, a constant that moved or changed', () => {
    const text = { section: '§3', text: 'Резерв Hostme', key: 'queueSources.Reserve_Hostme' };
    expect(textProblem({}, text)).toBe("§3 'Резерв Hostme' (queueSources.Reserve_Hostme): no such key");
    expect(textProblem({ queueSources: { Reserve_Hostme: 'Резерв' } }, text)).toBe(
      "§3 'Резерв Hostme' (queueSources.Reserve_Hostme): the key says 'Резерв'",
    );
    const part = { section: '§5', text: 'Пароль должен', key: 'v.min', match: 'part' as const };
    expect(textProblem({ v: { min: 'Пароль должен содержать' } }, part)).toBeNull();
    expect(textProblem({ v: { min: 'Пароль короткий' } }, part)).not.toBeNull();
    expect(constantProblem({}, { section: '§9', constant: 'ICON_SIZES.xxl', value: 52 })).toBe(
      '§9 ICON_SIZES.xxl: no such constant',
    );
    expect(
      constantProblem({ ICON_SIZES: { xxl: 48 } }, { section: '§9', constant: 'ICON_SIZES.xxl', value: 52 }),
    ).toBe('§9 ICON_SIZES.xxl: is 48, the spec says 52');
    expect(
      constantProblem(
        { LEGACY_SOURCES: ['Live'] },
        { section: '§3', constant: 'LEGACY_SOURCES', member: 'Fake' },
      ),
    ).toBe('§3 LEGACY_SOURCES ∋ Fake: not a member');
  });
});
