import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * A feature (src/features/<name>) uses shared/, styles/ and packages, never another feature: what
 * two features read lives in shared/, and screens of two features are put together here in app/.
 * Otherwise a change inside one feature breaks another that reached into it.
 */
const SRC = path.resolve(import.meta.dirname, '..');
const FEATURES = path.join(SRC, 'features');

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return files(full);
    return /\.(ts|tsx|css)$/.test(name) ? [full] : [];
  });
}

const isTest = (file: string) => /\.test\.tsx?$/.test(file);

// Static and side-effect imports, re-exports, import(), vi.mock() and CSS @import.
const IMPORT =
  /(?:\bfrom\s*|\bimport\s*\(?\s*|\bvi\.mock\(\s*|@import\s+(?:url\()?\s*)['"](\.{1,2}\/[^'"]+)['"]/g;

/** The feature a path lies in, or null outside src/features/<name>/. */
function featureOf(file: string): string | null {
  const inside = path.relative(FEATURES, file);
  if (inside.startsWith('..') || !inside.includes(path.sep)) return null;
  return inside.split(path.sep)[0] ?? null;
}

/** `file: specifier` for each relative import of `file` that lands in a feature `allowed` rejects. */
function importsInto(file: string, text: string, allowed: (feature: string) => boolean): string[] {
  return [...text.matchAll(IMPORT)].flatMap(([, specifier = '']) => {
    const target = featureOf(path.resolve(path.dirname(file), specifier));
    return target !== null && !allowed(target) ? [`${path.relative(SRC, file)}: ${specifier}`] : [];
  });
}

describe('feature boundaries in the mini-app', () => {
  it('each feature imports from no other feature (its tests and fixtures too)', () => {
    const offenders = files(FEATURES).flatMap((file) => {
      const own = featureOf(file);
      return importsInto(file, readFileSync(file, 'utf8'), (feature) => feature === own);
    });
    expect(offenders).toEqual([]);
  });

  // Tests in shared/ may render a feature's part as a sample (markup-as-text renders a queue row).
  it('shared/ imports no feature outside its tests', () => {
    const offenders = files(path.join(SRC, 'shared'))
      .filter((file) => !isTest(file))
      .flatMap((file) => importsInto(file, readFileSync(file, 'utf8'), () => false));
    expect(offenders).toEqual([]);
  });

  it('names an import into another feature, in every form the scan reads', () => {
    const file = path.join(FEATURES, 'map', 'components', 'map-screen.tsx');
    const text = [
      "import { tablesQuery } from '../../booking/api/booking-api';",
      "import '../../booking/booking.css';",
      "export { StatusBadge } from '../../booking/components/status-badge';",
      "const sheet = import('../../booking/components/booking-sheet');",
      "vi.mock('../../queue/api/queue-api');",
      "import { MapTable } from './map-table';",
      "import { useNow } from '../../../shared/live/use-now';",
    ].join('\n');
    expect(importsInto(file, text, (feature) => feature === 'map')).toEqual([
      'features/map/components/map-screen.tsx: ../../booking/api/booking-api',
      'features/map/components/map-screen.tsx: ../../booking/booking.css',
      'features/map/components/map-screen.tsx: ../../booking/components/status-badge',
      'features/map/components/map-screen.tsx: ../../booking/components/booking-sheet',
      'features/map/components/map-screen.tsx: ../../queue/api/queue-api',
    ]);
  });
});
