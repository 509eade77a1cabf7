import path from 'node:path';
import { ru } from '@stolik/i18n';
import { describe, expect, it } from 'vitest';
import { entryTexts } from './i18n';
import { sectionsUsedFrom } from './text-sections';
import { texts as guest } from './texts/guest';
import { texts as home } from './texts/home';
import { texts as loginTexts } from './texts/login';
import { texts as publicTexts } from './texts/public';
import { texts as settings } from './texts/settings';
import { texts as shell } from './texts/shell';
import { texts as staff } from './texts/staff';
import { texts as telegram } from './texts/telegram';

const SRC = path.resolve(import.meta.dirname, '../..');
const SECTIONS = Object.keys(ru);
const at = (file: string) => path.join(SRC, file);

/** Each group of screens in the router, with the texts it loads beside its code. */
const GROUPS: [string, string, Partial<typeof ru>][] = [
  ['sign-in', 'app/routes/public-screens.tsx', loginTexts],
  ['invitation', 'features/auth/components/invite-screen.tsx', publicTexts],
  ['sign-up', 'features/auth/components/sign-up-screen.tsx', publicTexts],
  ['app install', 'features/app-install/components/app-install-screen.tsx', publicTexts],
  ['data layer', 'app/layout/data-layer.tsx', {}],
  ['guest', 'app/routes/guest-screens.tsx', guest],
  ['telegram', 'app/routes/telegram-screens.tsx', telegram],
  ['staff', 'app/routes/staff-screens.tsx', staff],
  ['live queue', 'features/queue/components/queue-screen.tsx', staff],
  ['settings', 'app/routes/settings-screens.tsx', settings],
  ['home', 'app/routes/home.tsx', home],
  ['shell', 'app/layout/app-shell.tsx', shell],
  ['restaurant layout', 'app/routes/restaurant-layout.tsx', {}],
];

describe('texts loaded with the screens that use them', () => {
  it('has in the entry every section the entry’s own files use', () => {
    const used = sectionsUsedFrom([at('main.tsx')], SECTIONS);
    expect(used.size).toBeGreaterThan(0);
    expect([...used].filter((section) => !(section in entryTexts))).toEqual([]);
  });

  it.each(GROUPS)('gives the %s screens every section they use, lazy parts included', (_name, root, own) => {
    const used = sectionsUsedFrom([at(root)], SECTIONS, { followDynamic: true });
    const missing = [...used].filter((section) => !(section in entryTexts) && !(section in own));
    expect(missing).toEqual([]);
  });

  it('loads the Russian resources as they are', () => {
    for (const group of [entryTexts, ...GROUPS.map(([, , own]) => own)]) {
      for (const [section, value] of Object.entries(group)) {
        expect(value, section).toEqual(ru[section as keyof typeof ru]);
      }
    }
  });

  it('finds a section in a key built at run time, and not a word that only looks like one', () => {
    expect(SECTIONS).toContain('roles');
    const used = sectionsUsedFrom([at('shared/i18n/text-sections.fixture.ts')], SECTIONS);
    expect([...used].sort()).toEqual(['login', 'roles']);
  });
});
