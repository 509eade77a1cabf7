/**
 * The dependency audit of `pnpm test` (`pnpm audit:deps`): `pnpm audit --audit-level high --json`,
 * failing the run on a high or critical advisory that has not been reviewed and accepted.
 *
 * Accepting one: add its GHSA id to `pnpm.auditConfig.ignoreGhsas` in the root package.json (pnpm's
 * own list) and write why, beside it, in tools/audit-accepted.md; an id without a reason there
 * fails the run. When the audit service cannot be reached (offline, or a registry that does not
 * offer it: some mirrors answer 405), one loud line says so and the run goes on, unless
 * STOLIK_AUDIT_REQUIRED=1 (a CI that reaches the service) makes that fatal too.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const BLOCKING = new Set(['high', 'critical']);

export interface Advisory {
  id: string;
  ghsa: string | null;
  severity: string;
  module: string;
  title: string;
  url: string;
}

export interface Verdict {
  ok: boolean;
  /** What to print, one line each; the first says the outcome. */
  lines: string[];
}

/** What `pnpm audit --json` printed: its advisories, or why there are none to read. */
export function readReport(stdout: string): { advisories: Advisory[] } | { unreachable: string } {
  let report: unknown;
  try {
    report = JSON.parse(stdout);
  } catch {
    return { unreachable: `pnpm audit printed no report (${stdout.trim().slice(0, 200) || 'nothing'})` };
  }
  if (typeof report !== 'object' || report === null) return { unreachable: 'pnpm audit printed no report' };
  const { error, advisories } = report as {
    error?: { code?: string; message?: string };
    advisories?: unknown;
  };
  if (error) return { unreachable: `${error.code ?? 'error'}: ${error.message ?? 'no message'}` };
  if (typeof advisories !== 'object' || advisories === null) {
    return { unreachable: 'pnpm audit printed a report without advisories' };
  }
  return {
    advisories: Object.entries(advisories as Record<string, Record<string, unknown>>).map(([key, a]) => ({
      id: String(a.id ?? key),
      ghsa: typeof a.github_advisory_id === 'string' ? a.github_advisory_id : ghsaFromUrl(a.url),
      severity: String(a.severity ?? 'unknown'),
      module: String(a.module_name ?? '?'),
      title: String(a.title ?? ''),
      url: String(a.url ?? ''),
    })),
  };
}

const ghsaFromUrl = (url: unknown) =>
  typeof url === 'string' ? (/GHSA(-[23456789cfghjmpqrvwx]{4}){3}/.exec(url)?.[0] ?? null) : null;

/**
 * The decision: fail on a high or critical advisory not accepted, or on an acceptance without a
 * written reason; pass otherwise. An unreachable service passes unless the audit is required.
 */
export function decide(
  report: { advisories: Advisory[] } | { unreachable: string },
  accepted: { ghsas: string[]; reasons: string },
  required: boolean,
): Verdict {
  const unexplained = accepted.ghsas.filter((ghsa) => !accepted.reasons.includes(ghsa));
  const problems = unexplained.map(
    (ghsa) => `  ${ghsa} is in pnpm.auditConfig.ignoreGhsas without a reason in tools/audit-accepted.md`,
  );
  if ('unreachable' in report) {
    const loud = `!!! DEPENDENCY AUDIT COULD NOT RUN: ${report.unreachable}`;
    if (required || problems.length > 0) {
      return { ok: false, lines: [`${loud} (STOLIK_AUDIT_REQUIRED=1: failing)`, ...problems] };
    }
    return { ok: true, lines: [`${loud}. Not checked; set STOLIK_AUDIT_REQUIRED=1 to make this fatal.`] };
  }
  const serious = report.advisories.filter((a) => BLOCKING.has(a.severity));
  const waived = serious.filter((a) => a.ghsa !== null && accepted.ghsas.includes(a.ghsa));
  const blocking = serious.filter((a) => !waived.includes(a));
  const describe = (a: Advisory) => `${a.severity} ${a.module}: ${a.title} (${a.ghsa ?? a.id}) ${a.url}`;
  const lines = [
    ...blocking.map((a) => `  BLOCKING ${describe(a)}`),
    ...waived.map((a) => `  accepted ${describe(a)}`),
    ...problems,
  ];
  if (blocking.length > 0 || problems.length > 0) {
    return {
      ok: false,
      lines: [
        `dependency audit: FAILED, ${blocking.length} high or critical advisories not accepted` +
          (problems.length > 0 ? `, ${problems.length} acceptances without a reason` : ''),
        ...lines,
        '  Update the dependency (or add an override), or review it and accept it: see tools/audit-accepted.md.',
      ],
    };
  }
  const others = report.advisories.length - serious.length;
  return {
    ok: true,
    lines: [
      `dependency audit: passed, no high or critical advisory unaccepted (${waived.length} accepted, ` +
        `${others} of lower severity)`,
      ...lines,
    ],
  };
}

/** How to run pnpm: inside a pnpm script npm_execpath is pnpm itself; else from the PATH; else npx. */
function pnpmCommands(): [string, string[]][] {
  const execpath = process.env.npm_execpath;
  const own: [string, string[]][] =
    execpath && /pnpm/.test(path.basename(execpath)) && /\.c?js$/.test(execpath)
      ? [[process.execPath, [execpath]]]
      : [];
  return [...own, ['pnpm', []], ['npx', ['-y', 'pnpm@10']]];
}

/** Runs pnpm audit; resolves with what it printed (its exit code says only that it found some). */
async function runPnpmAudit(root: string, timeoutMs: number): Promise<string> {
  let printed = '';
  for (const [command, prefix] of pnpmCommands()) {
    printed = await runOnce(command, prefix, root, timeoutMs);
    if (!printed.includes('"code":"SPAWN"')) return printed;
  }
  return printed;
}

function runOnce(command: string, prefix: string[], root: string, timeoutMs: number): Promise<string> {
  return new Promise((resolve) => {
    const child = spawn(command, [...prefix, 'audit', '--audit-level', 'high', '--json'], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      resolve(
        JSON.stringify({ error: { code: 'TIMEOUT', message: `no answer within ${timeoutMs / 1000} s` } }),
      );
    }, timeoutMs);
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on('error', (error) => {
      clearTimeout(timer);
      resolve(JSON.stringify({ error: { code: 'SPAWN', message: `cannot run pnpm: ${error.message}` } }));
    });
    child.on('close', () => {
      clearTimeout(timer);
      resolve(
        stdout.trim()
          ? stdout
          : JSON.stringify({ error: { code: 'NO_OUTPUT', message: stderr.trim().slice(0, 300) } }),
      );
    });
  });
}

export function acceptedOf(root: string): { ghsas: string[]; reasons: string } {
  const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    pnpm?: { auditConfig?: { ignoreGhsas?: string[] } };
  };
  let reasons = '';
  try {
    reasons = readFileSync(path.join(root, 'tools/audit-accepted.md'), 'utf8');
  } catch {
    // no file: no reasons
  }
  return { ghsas: manifest.pnpm?.auditConfig?.ignoreGhsas ?? [], reasons };
}

async function main() {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const report = readReport(await runPnpmAudit(root, 90_000));
  const verdict = decide(report, acceptedOf(root), process.env.STOLIK_AUDIT_REQUIRED === '1');
  for (const line of verdict.lines) (verdict.ok ? console.info : console.error)(line);
  process.exit(verdict.ok ? 0 : 1);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) void main();
