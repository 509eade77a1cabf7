import { describe, expect, it } from 'vitest';
import { createServerI18n, ru } from './index';
import { createTranslator, type TextTree } from './translate';

/** Every text's key, dotted, each plural form under its common key (once). */
function keysOf(tree: TextTree, prefix = ''): string[] {
  const keys = new Set<string>();
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') keys.add(`${prefix}${key.replace(/_(zero|one|two|few|many|other)$/, '')}`);
    else for (const inner of keysOf(value, `${prefix}${key}.`)) keys.add(inner);
  }
  return [...keys];
}

/** Values for every `{{name}}` of a text: a word, or for `count` the given number. */
function valuesFor(text: string, count: number): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [, name] of text.matchAll(/\{\{([^{}]+)\}\}/g)) values[(name ?? '').trim()] = `<${name}>`;
  return { ...values, count };
}

describe('the mini-app’s translator', () => {
  const server = createServerI18n();
  const translator = createTranslator('ru', ru);
  const keys = keysOf(ru);
  const raw = (key: string, count: number) =>
    [`${key}_zero`, `${key}_one`, `${key}_few`, `${key}_many`, `${key}_other`, key]
      .map((candidate) => String(server.t(candidate as never, { count } as never)))
      .join(' ');

  // 30 s: a watchdog, not a timing. Every key, each at six counts, through both translators (about
  // a second alone; past the default 5 s beside a loaded run, seen in CI today).
  it('reads every key of the Russian texts as i18next does, with and without a count', () => {
    expect(keys.length).toBeGreaterThan(500);
    const differences: string[] = [];
    for (const key of keys) {
      const plain = String(server.t(key as never));
      if (translator.t(key) !== plain) differences.push(`${key}: ${translator.t(key)} ≠ ${plain}`);
      for (const count of [0, 1, 2, 5, 11, 21, 22, 1.5]) {
        const values = valuesFor(raw(key, count), count);
        const expected = String(server.t(key as never, values as never));
        const ours = translator.t(key, values);
        if (ours !== expected) differences.push(`${key} (${count}): ${ours} ≠ ${expected}`);
      }
    }
    expect(differences).toEqual([]);
  }, 30_000);

  it('picks the Russian plural form, and the zero form for none', () => {
    const t = createTranslator('ru', {
      ahead_zero: 'next',
      ahead_one: '{{count}} one',
      ahead_few: '{{count}} few',
      ahead_many: '{{count}} many',
      ahead_other: '{{count}} other',
    }).t;
    expect([0, 1, 3, 5, 21, 1.5].map((count) => t('ahead', { count }))).toEqual([
      'next',
      '1 one',
      '3 few',
      '5 many',
      '21 one',
      '1.5 other',
    ]);
  });

  it('leaves a place without a value, empties one given as nothing, and falls back as i18next does', () => {
    const texts = { greet: 'Hello, {{name}} {{ last }}', section: { inner: 'x' } };
    const ours = createTranslator('ru', texts);
    expect(ours.t('greet')).toBe('Hello, {{name}} {{ last }}');
    expect(ours.t('greet', { name: 'Anna', last: undefined })).toBe('Hello, Anna ');
    expect(ours.t('missing.key')).toBe('missing.key');
    expect(ours.t('missing', { defaultValue: 'new {{n}}', n: 2 })).toBe('new 2');
    expect([ours.exists('section.inner'), ours.exists('section'), ours.exists('Стол занят.')]).toEqual([
      true,
      false,
      false,
    ]);
  });

  it('adds sections without replacing what is there, and keeps the given objects as they were', () => {
    const first = { a: { b: 'one' } };
    const ours = createTranslator('ru', first);
    const later = { a: { b: 'two', c: 'three' }, d: 'four' };
    ours.add(later);
    expect([ours.t('a.b'), ours.t('a.c'), ours.t('d')]).toEqual(['one', 'three', 'four']);
    expect(first).toEqual({ a: { b: 'one' } });
    expect(later).toEqual({ a: { b: 'two', c: 'three' }, d: 'four' });
  });
});
