import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * Which sections of the texts (the top-level keys of the Russian resources: 'login', 'errors' …) a
 * part of the app can ask for: every string literal that begins with a section's name and a dot,
 * in the files it imports statically, and with `followDynamic` in what those load on demand too (a
 * screen's own lazy parts, such as its charts). For tests: the entry must hold every section its
 * own files ask for (i18n.ts), and each group of screens the rest of its own (texts/).
 */
export function sectionsUsedFrom(
  roots: readonly string[],
  sections: readonly string[],
  options: { followDynamic?: boolean } = {},
): Set<string> {
  const known = new Set(sections);
  const used = new Set<string>();
  const seen = new Set<string>();
  const domainDir = path.resolve(import.meta.dirname, '../../../../../packages/domain/src');
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const code = readFileSync(file, 'utf8');
    for (const match of code.matchAll(/['"`]([a-zA-Z]+)\.[a-zA-Z$]/g)) {
      if (match[1] && known.has(match[1])) used.add(match[1]);
    }
    const statics = code.matchAll(
      /(?:^|\n)\s*(?:import|export)\b[^;]*?from\s*['"]([^'"]+)['"]|(?:^|\n)\s*import\s*['"]([^'"]+)['"]/g,
    );
    const dynamics = options.followDynamic ? code.matchAll(/import\(\s*['"]([^'"]+)['"]\s*\)/g) : [];
    for (const match of [...statics, ...dynamics]) {
      const spec = match[1] ?? match[2] ?? '';
      if (spec === '@stolik/domain') {
        for (const entry of readdirSync(domainDir, { withFileTypes: true, recursive: true })) {
          if (entry.isFile() && /\.ts$/.test(entry.name) && !entry.name.endsWith('.test.ts'))
            visit(path.join(entry.parentPath, entry.name));
        }
      }
      if (!spec.startsWith('.')) continue;
      const base = path.resolve(path.dirname(file), spec);
      for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')]) {
        if (/\.tsx?$/.test(candidate) && existsFile(candidate)) {
          visit(candidate);
          break;
        }
      }
    }
  };
  for (const root of roots) visit(root);
  return used;
}

function existsFile(file: string): boolean {
  return existsSync(file) && statSync(file).isFile();
}
