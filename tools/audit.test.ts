import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { acceptedOf, decide, readReport } from './audit';

const fixture = (name: string) =>
  readFileSync(path.join(import.meta.dirname, 'audit-fixtures', name), 'utf8');
const none = { ghsas: [], reasons: '' };

describe('the dependency audit’s decision', () => {
  it('passes a clean report', () => {
    const verdict = decide(readReport(fixture('clean.json')), none, false);
    expect(verdict.ok).toBe(true);
    expect(verdict.lines[0]).toMatch(/^dependency audit: passed/);
  });

  it('fails on high and critical advisories, naming each; a moderate one does not count', () => {
    const verdict = decide(readReport(fixture('findings.json')), none, false);
    expect(verdict.ok).toBe(false);
    expect(verdict.lines[0]).toBe('dependency audit: FAILED, 2 high or critical advisories not accepted');
    expect(verdict.lines.filter((line) => line.includes('BLOCKING'))).toEqual([
      expect.stringContaining('high axios'),
      expect.stringContaining('critical semver'),
    ]);
    expect(verdict.lines.join('\n')).not.toContain('debug');
  });

  it('passes once every one of them is accepted with a written reason', () => {
    const accepted = {
      ghsas: ['GHSA-4w2v-q235-vp99', 'GHSA-cph5-m8f7-6c5x'],
      reasons:
        '## GHSA-4w2v-q235-vp99\nOnly in a dev tool.\n## GHSA-cph5-m8f7-6c5x\nNo user input reaches it.\n',
    };
    const verdict = decide(readReport(fixture('findings.json')), accepted, false);
    expect(verdict.ok).toBe(true);
    expect(verdict.lines.filter((line) => line.startsWith('  accepted '))).toHaveLength(2);
    // Accepting one of the two is not enough.
    const half = decide(
      readReport(fixture('findings.json')),
      { ...accepted, ghsas: ['GHSA-cph5-m8f7-6c5x'] },
      false,
    );
    expect(half.ok).toBe(false);
    expect(half.lines[0]).toContain('1 high or critical advisories not accepted');
  });

  it('fails on an acceptance without a reason beside it', () => {
    const verdict = decide(
      readReport(fixture('findings.json')),
      { ghsas: ['GHSA-4w2v-q235-vp99', 'GHSA-cph5-m8f7-6c5x'], reasons: 'GHSA-cph5-m8f7-6c5x: fine' },
      false,
    );
    expect(verdict.ok).toBe(false);
    expect(verdict.lines.join('\n')).toContain(
      'GHSA-4w2v-q235-vp99 is in pnpm.auditConfig.ignoreGhsas without a reason',
    );
  });

  it('says loudly that it could not run when the registry refuses (405), and passes unless required', () => {
    const report = readReport(fixture('unreachable-405.json'));
    expect(report).toEqual({ unreachable: expect.stringContaining('ERR_PNPM_AUDIT_BAD_RESPONSE') });
    const lenient = decide(report, none, false);
    expect(lenient.ok).toBe(true);
    expect(lenient.lines).toHaveLength(1);
    expect(lenient.lines[0]).toMatch(/^!!! DEPENDENCY AUDIT COULD NOT RUN: ERR_PNPM_AUDIT_BAD_RESPONSE.*405/);
    const strict = decide(report, none, true);
    expect(strict.ok).toBe(false);
    expect(strict.lines[0]).toContain('STOLIK_AUDIT_REQUIRED=1');
  });

  it('treats output that is not a report as not having run', () => {
    expect(readReport('')).toEqual({ unreachable: expect.stringContaining('no report') });
    expect(readReport('<html>502 Bad Gateway</html>')).toEqual({
      unreachable: expect.stringContaining('502'),
    });
    expect(decide(readReport('null'), none, false).lines[0]).toMatch(/^!!! DEPENDENCY AUDIT COULD NOT RUN/);
  });

  it('reads the repository’s own acceptances: every one has its reason', () => {
    const accepted = acceptedOf(path.resolve(import.meta.dirname, '..'));
    for (const ghsa of accepted.ghsas) expect(accepted.reasons).toContain(ghsa);
  });
});
