import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** A TypeScript file of the API's source, for the checks that read the code itself. */
export interface SourceFile {
  /** Relative to apps/api/src, with '/' separators. */
  file: string;
  text: string;
}

const SOURCE = path.resolve(import.meta.dirname, '..');

/** Every `.ts` file below `folder` (apps/api/src unless told otherwise), tests and helpers included. */
export function sourceFiles(folder: string = SOURCE): SourceFile[] {
  return readdirSync(folder).flatMap((name) => {
    const full = path.join(folder, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    if (!name.endsWith('.ts')) return [];
    return [
      { file: path.relative(SOURCE, full).split(path.sep).join('/'), text: readFileSync(full, 'utf8') },
    ];
  });
}
