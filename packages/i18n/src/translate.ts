/**
 * A translator for the mini-app, small enough for its first screen (i18next with react-i18next
 * weighed 20 KiB gzipped there, issue #21). It reads the same resources the same way as the
 * i18next of `createServerI18n` for what they use (translate.test.ts compares the two on every
 * key): dotted keys, `{{name}}` values, plural forms by `Intl.PluralRules` (`_one`, `_few`,
 * `_many`, `_other`) with `_zero` first for a count of 0, `defaultValue`, and the key itself when
 * there is no text. Nothing else (no nesting, formats, contexts or namespaces): the texts do not
 * use them.
 */

/** A section of texts: strings, or sections inside it. */
export interface TextTree {
  readonly [key: string]: string | TextTree;
}

/** Values for a text's `{{name}}` places; `count` also picks the plural form. */
export type TextValues = { readonly count?: number; readonly defaultValue?: string } & Readonly<
  Record<string, unknown>
>;

type PluralSuffix = '_zero' | '_one' | '_two' | '_few' | '_many' | '_other';
type WithoutPlural<K extends string> = K extends `${infer Base}${PluralSuffix}` ? Base : K;

/** Every key of a tree of texts, dotted, plural forms under their common key ('guest.ahead'). */
export type KeysOf<T> = {
  [K in keyof T & string]: T[K] extends string ? WithoutPlural<K> : `${K}.${KeysOf<T[K]>}`;
}[keyof T & string];

const PLACE = /\{\{([^{}]+)\}\}/g;

function lookUp(tree: TextTree, key: string): string | undefined {
  let node: string | TextTree | undefined = tree;
  for (const part of key.split('.')) {
    if (node === undefined || typeof node === 'string' || !Object.hasOwn(node, part)) return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** `{{name}}` replaced by the value given for it; a place without one stays as it is. */
function fillIn(text: string, values: TextValues | undefined): string {
  if (!values) return text;
  return text.replace(PLACE, (place, name: string) => {
    const key = name.trim();
    if (!Object.hasOwn(values, key)) return place;
    const value = values[key];
    return value === undefined || value === null ? '' : String(value);
  });
}

export interface Translator {
  /** The text of `key` with `values` put in; the key itself when there is no such text. */
  t: (key: string, values?: TextValues) => string;
  /** Whether `key` names a text (with `values.count`, in one of its plural forms). */
  exists: (key: string, values?: TextValues) => boolean;
  /** Adds sections of texts; sections and keys already there stay. */
  add: (sections: TextTree) => void;
}

/** A translator over `texts` in `locale`, whose plural rules pick a counted text's form. */
export function createTranslator(locale: string, texts: TextTree = {}): Translator {
  const plurals = new Intl.PluralRules(locale);
  const tree: Record<string, string | TextTree> = {};

  const find = (key: string, values: TextValues | undefined): string | undefined => {
    const count = values?.count;
    if (typeof count === 'number') {
      const counted =
        (count === 0 ? lookUp(tree, `${key}_zero`) : undefined) ??
        lookUp(tree, `${key}_${plurals.select(count)}`);
      if (counted !== undefined) return counted;
    }
    return lookUp(tree, key);
  };

  const merge = (into: Record<string, string | TextTree>, from: TextTree) => {
    for (const [key, value] of Object.entries(from)) {
      const there = into[key];
      if (there === undefined) into[key] = typeof value === 'string' ? value : merge({}, value);
      else if (typeof there !== 'string' && typeof value !== 'string')
        merge(there as Record<string, string | TextTree>, value);
    }
    return into;
  };

  merge(tree, texts);
  return {
    t: (key, values) => fillIn(find(key, values) ?? values?.defaultValue ?? key, values),
    exists: (key, values) => find(key, values) !== undefined,
    add: (sections) => {
      merge(tree, sections);
    },
  };
}
