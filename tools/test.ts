/**
 * `pnpm test`: lint, the dependency audit, the type checks, the build, then one Vitest run of every
 * suite, in that order, stopping at the first that fails. Prints how long each phase took, at its
 * end and all together at the end of the run (a failed run too). Arguments go to `vitest run`.
 */
import { spawn } from 'node:child_process';
import { loadavg } from 'node:os';

interface Phase {
  name: string;
  command: string;
  args: string[];
}

const phases: Phase[] = [
  { name: 'lint', command: 'pnpm', args: ['lint'] },
  { name: 'audit', command: 'pnpm', args: ['audit:deps'] },
  { name: 'typecheck', command: 'pnpm', args: ['typecheck'] },
  { name: 'build', command: 'pnpm', args: ['build'] },
  { name: 'vitest', command: 'vitest', args: ['run', ...process.argv.slice(2)] },
];

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

function run(phase: Phase): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(phase.command, phase.args, { stdio: 'inherit' });
    child.on('error', (error) => {
      console.error(`test: could not start ${phase.command}: ${error.message}`);
      resolve(1);
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

const started = Date.now();
const timings: string[] = [];
let failed: string | undefined;
let exitCode = 0;
for (const phase of phases) {
  const begin = Date.now();
  console.info(`\n▶ ${phase.name}`);
  const code = await run(phase);
  const took = seconds(Date.now() - begin);
  timings.push(`${phase.name} ${took}${code === 0 ? '' : ' (failed)'}`);
  console.info(`◀ ${phase.name}: ${took}${code === 0 ? '' : `, failed (exit code ${code})`}`);
  if (code !== 0) {
    failed = phase.name;
    exitCode = code;
    break;
  }
}
const load = loadavg()
  .map((n) => n.toFixed(2))
  .join(' ');
console.info(
  `\ntest phases: ${timings.join(', ')}; total ${seconds(Date.now() - started)} (load average ${load})` +
    (failed ? `; stopped at ${failed}` : ''),
);
process.exit(exitCode);
