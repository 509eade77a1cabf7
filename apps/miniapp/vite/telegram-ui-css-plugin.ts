import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

const STYLES = '@telegram-apps/telegram-ui/dist/styles.css';
const CLASS = /tgui-[0-9a-f]{16}/g;
const IMPORT_FROM = /from\s+["'](\.{1,2}\/[^"']+)["']/g;
const NAMED_IMPORT = /import\s*\{([^}]*)\}\s*from\s*['"]@telegram-apps\/telegram-ui['"]/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** The components the app imports from telegram-ui, by name (`import { AppRoot } from …`). */
export function usedComponents(srcDir: string): string[] {
  const names = new Set<string>();
  for (const file of sourceFiles(srcDir)) {
    for (const match of readFileSync(file, 'utf8').matchAll(NAMED_IMPORT)) {
      for (const part of (match[1] ?? '').split(',')) {
        const name = part
          .replace(/^\s*type\s+/, '')
          .split(/\s+as\s+/)[0]
          ?.trim();
        if (name && !part.trim().startsWith('type ')) names.add(name);
      }
    }
  }
  return [...names].sort();
}

/** Every tgui class the given components (and what they import inside the kit) can render. */
export function classesOf(distDir: string, components: readonly string[]): Set<string> {
  const all = readdirSync(path.join(distDir, 'components'), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.js'))
    .map((entry) => path.join(entry.parentPath, entry.name));
  const seen = new Set<string>();
  const classes = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const code = readFileSync(file, 'utf8');
    for (const match of code.matchAll(CLASS)) classes.add(match[0]);
    for (const match of code.matchAll(IMPORT_FROM)) {
      const base = path.resolve(path.dirname(file), match[1] ?? '');
      const target = [base, `${base}.js`, path.join(base, 'index.js')].find(
        (candidate) => candidate.endsWith('.js') && existsSync(candidate),
      );
      if (target) visit(target);
    }
  };
  for (const name of components) {
    const file = all.find((candidate) => path.basename(candidate) === `${name}.js`);
    if (!file) throw new Error(`telegram-ui: no component file for ${name}`);
    visit(file);
  }
  return classes;
}

/** Splits CSS text into its top-level blocks (`selector{…}` or `@at-rule …{…}`), comments dropped. */
function blocks(css: string): string[] {
  const text = css.replace(/\/\*[\s\S]*?\*\//g, '');
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    if (char === '{') depth += 1;
    else if (char === '}') {
      depth -= 1;
      if (depth === 0) {
        out.push(text.slice(start, i + 1).trim());
        start = i + 1;
      }
    } else if (char === ';' && depth === 0) {
      // a statement at-rule (@import, @charset)
      out.push(text.slice(start, i + 1).trim());
      start = i + 1;
    }
  }
  return out.filter(Boolean);
}

/**
 * Keeps the rules whose selector names a class in `used`, or no kit class at all (the tokens of
 * :root and the themes); an at-rule keeps what it holds by the same test, and @keyframes stay.
 */
export function keepRules(css: string, used: ReadonlySet<string>): string {
  const kept: string[] = [];
  for (const block of blocks(css)) {
    const open = block.indexOf('{');
    const head = open < 0 ? block : block.slice(0, open);
    if (head.startsWith('@keyframes') || open < 0) kept.push(block);
    else if (head.startsWith('@')) {
      const inner = keepRules(block.slice(open + 1, -1), used);
      if (inner) kept.push(`${head}{${inner}}`);
    } else {
      const selectors = head.split(',').filter((selector) => {
        const classes = selector.match(CLASS) ?? [];
        return classes.length === 0 || classes.some((name) => used.has(name));
      });
      if (selectors.length > 0) kept.push(`${selectors.join(',')}${block.slice(open)}`);
    }
  }
  return kept.join('\n');
}

/**
 * telegram-ui ships one stylesheet for all its components (46 kB); the app draws a few of them.
 * This keeps only the rules those components can use, so the first screen does not carry the
 * rest. The components are read from the app's imports at build time: a newly used one brings its
 * rules with it.
 */
export function telegramUiCssPlugin(srcDir: string): Plugin {
  return {
    name: 'stolik-telegram-ui-css',
    enforce: 'pre',
    transform(code, id) {
      if (!id.split('?')[0]?.endsWith(STYLES.replace('@telegram-apps/telegram-ui', ''))) return null;
      if (!id.includes('telegram-ui')) return null;
      const distDir = path.dirname(id.split('?')[0] ?? id);
      return { code: keepRules(code, classesOf(distDir, usedComponents(srcDir))), map: null };
    },
  };
}
