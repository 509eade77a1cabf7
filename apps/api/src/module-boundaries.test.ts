import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { type SourceFile, sourceFiles } from './test/source-files';

/*
 * One direction of flow (#35): the API's code is in layers, and a file imports only from its own
 * layer or those below it, so each layer can be read, and changed, knowing only what is beneath.
 * Bottom to top:
 *
 *   config     config.ts: the environment, read once
 *   shared     shared/: helpers every module uses, the changes channel (announceChange, the change hub)
 *   auth       modules/auth/: tokens, sessions, passwords, POS keys: who is calling
 *   plugins    plugins/: the Fastify plugins every route runs behind (authentication, errors…)
 *   modules    modules/*: the product's features; they may use one another
 *   entry      app.ts, server.ts, bot-main.ts: the wiring and the processes
 *
 * And no two files import each other (a circle is two halves of one thing, or a thing in the
 * wrong place). Tests and the test helpers (test/) are outside both rules: they import whatever
 * they exercise.
 */

const SOURCE = import.meta.dirname;

const LAYERS = ['config', 'shared', 'auth', 'plugins', 'modules', 'entry'] as const;
type Layer = (typeof LAYERS)[number];

/** The layer of a file (relative to apps/api/src), or null for one no layer holds yet. */
function layerOf(file: string): Layer | null {
  if (file === 'config.ts') return 'config';
  if (file.startsWith('shared/')) return 'shared';
  if (file.startsWith('modules/auth/')) return 'auth';
  if (file.startsWith('plugins/')) return 'plugins';
  if (file.startsWith('modules/')) return 'modules';
  if (['app.ts', 'server.ts', 'bot-main.ts'].includes(file)) return 'entry';
  return null;
}

/**
 * Pairs of files that import each other, each with why it stays for now ('a.ts <-> b.ts', in
 * alphabetical order). Checked below to be still there, so that a mended one leaves this list.
 */
const KNOWN_CIRCLES: Record<string, string> = {
  // A type only (DispatcherLogger); the dispatcher's files are being changed by other work now.
  'modules/telegram/dispatcher.ts <-> modules/telegram/send-failures.ts': 'type-only, dispatcher in flux',
};

const isChecked = (file: string) => !file.endsWith('.test.ts') && !file.startsWith('test/');

/** `from './x'`, `import './x'`, `import('./x')`, `export … from './x'`: relative specifiers only. */
const RELATIVE_IMPORT = /(?:\bfrom|\bimport)\s*\(?\s*['"](\.{1,2}\/[^'"]*)['"]/g;

/** The files of `files` that `file` imports (relative imports resolved to `x.ts` or `x/index.ts`). */
function importsOf({ file, text }: SourceFile, known: Set<string>): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(RELATIVE_IMPORT)) {
    const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), match[1] ?? ''));
    const resolved = [`${target}.ts`, `${target}/index.ts`, target].find((candidate) => known.has(candidate));
    if (resolved) found.push(resolved);
  }
  return found;
}

/** `importer -> imported` for each import that runs up the layers; files of no layer as such. */
function upwardImports(files: SourceFile[]): string[] {
  const known = new Set(files.map(({ file }) => file));
  const problems: string[] = [];
  for (const source of files.filter(({ file }) => isChecked(file))) {
    const from = layerOf(source.file);
    if (from === null) {
      problems.push(`${source.file}: in no layer`);
      continue;
    }
    for (const target of importsOf(source, known)) {
      const to = layerOf(target);
      if (to !== null && LAYERS.indexOf(to) > LAYERS.indexOf(from)) {
        problems.push(`${source.file} (${from}) -> ${target} (${to})`);
      }
    }
  }
  return problems;
}

/** 'a.ts <-> b.ts' for each two files that import each other (outside the tests). */
function twoFileCircles(files: SourceFile[]): string[] {
  const known = new Set(files.map(({ file }) => file));
  const checked = files.filter(({ file }) => isChecked(file));
  const imports = new Map(checked.map((source) => [source.file, new Set(importsOf(source, known))]));
  const circles: string[] = [];
  for (const [file, targets] of imports) {
    for (const target of targets) {
      if (file < target && imports.get(target)?.has(file)) circles.push(`${file} <-> ${target}`);
    }
  }
  return circles.sort();
}

describe('one direction of flow in the API', () => {
  const files = sourceFiles(SOURCE);

  it('reads the whole API source, every layer among it', () => {
    expect(files.length).toBeGreaterThan(100);
    const layers = new Set(files.filter(({ file }) => isChecked(file)).map(({ file }) => layerOf(file)));
    expect([...layers].sort()).toEqual([...LAYERS].sort());
  });

  it('imports only from the same layer or one below', () => {
    expect(upwardImports(files)).toEqual([]);
  });

  it('has no two files importing each other, but the known ones listed above', () => {
    expect(twoFileCircles(files)).toEqual(Object.keys(KNOWN_CIRCLES).sort());
  });

  it('names an import up the layers, and a file of no layer, and passes those down or across', () => {
    const planted: SourceFile[] = [
      // Up: each of these is refused.
      { file: 'shared/late.ts', text: "import { announce } from '../modules/events/announce';\n" },
      { file: 'plugins/authentication.ts', text: "import { check } from '../modules/orders/pos-keys';\n" },
      { file: 'modules/auth/sign-in.ts', text: "import { viewerOf } from '../../plugins/gate';\n" },
      { file: 'modules/auth/link.ts', text: "export { invite } from '../users/invitations';\n" },
      { file: 'modules/queue/queue.ts', text: "const app = await import('../../app');\n" },
      { file: 'config.ts', text: "import type { X } from './shared/x';\n" },
      { file: 'stray.ts', text: '' },
      // Down or across: each of these passes.
      { file: 'modules/events/announce.ts', text: "import { x } from '../../shared/x';\n" },
      { file: 'modules/orders/pos-keys.ts', text: "import { y } from '../auth/y';\n" },
      { file: 'modules/users/invitations.ts', text: "import { announce } from '../events/announce';\n" },
      { file: 'plugins/gate.ts', text: "import { y } from '../modules/auth/y';\n" },
      { file: 'modules/auth/y.ts', text: "import { x } from '../../shared/x';\n" },
      { file: 'shared/x.ts', text: "import { config } from '../config';\n" },
      { file: 'app.ts', text: "import { announce } from './modules/events/announce';\n" },
      // Tests and test helpers import what they test.
      { file: 'shared/x.test.ts', text: "import { app } from '../app';\n" },
      { file: 'test/kit.ts', text: "import { app } from '../app';\n" },
    ];
    expect(upwardImports(planted)).toEqual([
      'shared/late.ts (shared) -> modules/events/announce.ts (modules)',
      'plugins/authentication.ts (plugins) -> modules/orders/pos-keys.ts (modules)',
      'modules/auth/sign-in.ts (auth) -> plugins/gate.ts (plugins)',
      'modules/auth/link.ts (auth) -> modules/users/invitations.ts (modules)',
      'modules/queue/queue.ts (modules) -> app.ts (entry)',
      'config.ts (config) -> shared/x.ts (shared)',
      'stray.ts: in no layer',
    ]);
  });

  it('names two files that import each other, and not a one-way import or a test', () => {
    const planted: SourceFile[] = [
      { file: 'modules/auth/sessions.ts', text: "import { repo } from './sessions.repository';\n" },
      { file: 'modules/auth/sessions.repository.ts', text: "import type { Ended } from './sessions';\n" },
      { file: 'shared/a.ts', text: "import { b } from './b';\n" },
      { file: 'shared/b.ts', text: "import { c } from './c';\n" },
      { file: 'shared/c.ts', text: '' },
      { file: 'shared/c.test.ts', text: "import { c } from './c';\n" },
      { file: 'shared/d.ts', text: "import { t } from './c.test';\n" },
    ];
    expect(twoFileCircles(planted)).toEqual([
      'modules/auth/sessions.repository.ts <-> modules/auth/sessions.ts',
    ]);
  });
});
