import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import {
  BREAKPOINT_LANDSCAPE,
  BREAKPOINT_MOBILE,
  DROPDOWN_MAX_HEIGHT,
  DROPDOWN_MIN_HEIGHT,
  ICON_SIZES,
} from '@stolik/domain';
import { describe, expect, it } from 'vitest';

/** Spec §9's layout constants are defined once, in @stolik/domain; the stylesheets must say the same. */
const src = resolve(import.meta.dirname, '..');
const indexCss = readFileSync(join(src, 'styles/index.css'), 'utf8');

function cssFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? cssFiles(join(dir, e.name)) : e.name.endsWith('.css') ? [join(dir, e.name)] : [],
  );
}

/** The custom properties of the first :root block of index.css, name -> value. */
function rootProperties(): Map<string, string> {
  const root = indexCss.match(/:root\s*{([\s\S]*?)\n}/)?.[1] ?? '';
  return new Map(
    [...root.matchAll(/(--[\w-]+):\s*([^;]+);/g)].map((m) => [m[1] as string, (m[2] as string).trim()]),
  );
}

const EXPECTED: Record<string, number> = {
  '--breakpoint-mobile': BREAKPOINT_MOBILE,
  '--breakpoint-landscape': BREAKPOINT_LANDSCAPE,
  '--icon-small': ICON_SIZES.small,
  '--icon-medium': ICON_SIZES.medium,
  '--icon-large': ICON_SIZES.large,
  '--icon-extra-large': ICON_SIZES.extraLarge,
  '--icon-xxl': ICON_SIZES.xxl,
  '--dropdown-max-height': DROPDOWN_MAX_HEIGHT,
  '--dropdown-min-height': DROPDOWN_MIN_HEIGHT,
};

/** Widths of media queries that are a component's own, not a layout breakpoint of the spec. */
const OWN_WIDTHS: Record<number, string> = {
  420: 'features/queue/queue.css: the queue row folds its actions on the narrowest phones',
};

describe('the layout constants in the stylesheets', () => {
  it('has each constant of the module as a custom property of :root, with its value', () => {
    const properties = rootProperties();
    for (const [name, value] of Object.entries(EXPECTED)) {
      expect(properties.get(name), name).toBe(`${value}px`);
    }
  });

  it('has every icon size of the module as a property (none left out)', () => {
    const icons = [...rootProperties().keys()].filter((name) => name.startsWith('--icon-'));
    expect(icons.length).toBe(Object.keys(ICON_SIZES).length);
  });

  it('writes media queries only at the breakpoints of the module (or a width of a component listed here)', () => {
    const allowed = new Set([
      BREAKPOINT_MOBILE,
      BREAKPOINT_MOBILE - 0.02,
      BREAKPOINT_LANDSCAPE,
      BREAKPOINT_LANDSCAPE - 0.02,
      ...Object.keys(OWN_WIDTHS).map(Number),
    ]);
    const files = cssFiles(src);
    expect(files.length).toBeGreaterThan(1);
    for (const file of files) {
      for (const m of readFileSync(file, 'utf8').matchAll(/@media[^{]*?(?:min|max)-width:\s*([\d.]+)px/g)) {
        expect(allowed.has(Number(m[1])), `${file}: ${m[0]}`).toBe(true);
      }
    }
  });

  it("takes a dropdown list's heights from the properties, not written-out pixels", () => {
    // The restaurant switcher's list, in the staff shell's stylesheet.
    const shellCss = readFileSync(join(src, 'app/layout/shell.css'), 'utf8');
    expect(shellCss).toMatch(
      /max-height: var\(--dropdown-max-height\);\s*min-height: var\(--dropdown-min-height\);/,
    );
    for (const file of cssFiles(src)) {
      expect(readFileSync(file, 'utf8'), file).not.toMatch(
        new RegExp(`^\\s*max-height: ${DROPDOWN_MAX_HEIGHT}px`, 'm'),
      );
    }
  });
});
