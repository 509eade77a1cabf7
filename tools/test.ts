/**
 * `pnpm test`: lint, the dependency audit, the type checks, the build, then Vitest over every suite,
 * in that order, stopping at the first that fails. Prints how long each phase took, at its end and
 * all together at the end of the run (a failed run too). Arguments go to `vitest run` (one run, as
 * Vitest would do it alone).
 *
 * Without arguments the Vitest phase is two runs side by side (see vitest.config.ts, "PACED"):
 * - the paced files, which measure the Telegram dispatcher's pace by their own clock and spend
 *   most of their time waiting on it, at the machine's normal priority;
 * - everything else, at a lower priority (nice 10, inherited by its workers, browsers and product
 *   processes): it keeps both cores busy, and yields to the paced files whenever they have work,
 *   so their clock is not stalled by it. The paced run's output is printed when it ends, whole.
 * Run one after the other (the paced files alone at the end), they left the cores idle for about
 * 80 s of every run.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { loadavg, setPriority } from 'node:os';

interface Phase {
  name: string;
  command: string;
  args: string[];
}

const vitestArgs = process.argv.slice(2);
const phases: Phase[] = [
  { name: 'lint', command: 'pnpm', args: ['lint'] },
  { name: 'audit', command: 'pnpm', args: ['audit:deps'] },
  { name: 'typecheck', command: 'pnpm', args: ['typecheck'] },
  { name: 'build', command: 'pnpm', args: ['build'] },
];

/** The priority of the unpaced run (0 is normal, 19 the lowest; a user may always lower it). */
const UNPACED_NICE = 10;

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

function exitCodeOf(child: ChildProcess, command: string): Promise<number> {
  return new Promise((resolve) => {
    child.on('error', (error) => {
      console.error(`test: could not start ${command}: ${error.message}`);
      resolve(1);
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  return exitCodeOf(spawn(command, args, { stdio: 'inherit', env }), command);
}

/** Vitest's two runs side by side; the paced one's output held and printed once it has ended. */
async function vitestSideBySide(): Promise<{ code: number; pacedTook: string }> {
  const pacedStarted = Date.now();
  const paced = spawn('vitest', ['run'], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, STOLIK_TEST_PART: 'paced', FORCE_COLOR: process.stdout.isTTY ? '1' : '0' },
  });
  let pacedOutput = '';
  paced.stdout?.on('data', (chunk: Buffer) => {
    pacedOutput += chunk.toString();
  });
  paced.stderr?.on('data', (chunk: Buffer) => {
    pacedOutput += chunk.toString();
  });
  let pacedTook = '';
  const pacedDone = exitCodeOf(paced, 'vitest').then((code) => {
    pacedTook = seconds(Date.now() - pacedStarted);
    return code;
  });

  const rest = spawn('vitest', ['run'], {
    stdio: 'inherit',
    env: { ...process.env, STOLIK_TEST_PART: 'unpaced' },
  });
  try {
    if (rest.pid) setPriority(rest.pid, UNPACED_NICE);
  } catch (error) {
    console.warn(`test: could not lower the priority of the unpaced run: ${(error as Error).message}`);
  }
  const restCode = await exitCodeOf(rest, 'vitest');
  const pacedCode = await pacedDone;
  console.info(`\n▶ vitest, the paced files (run beside the rest, ended after ${pacedTook})`);
  process.stdout.write(pacedOutput);
  return { code: restCode !== 0 ? restCode : pacedCode, pacedTook };
}

const started = Date.now();
const timings: string[] = [];
let failed: string | undefined;
let exitCode = 0;
const record = (name: string, begin: number, code: number, note = '') => {
  const took = seconds(Date.now() - begin);
  timings.push(`${name} ${took}${note}${code === 0 ? '' : ' (failed)'}`);
  console.info(`◀ ${name}: ${took}${note}${code === 0 ? '' : `, failed (exit code ${code})`}`);
  if (code !== 0) {
    failed = name;
    exitCode = code;
  }
};

for (const phase of phases) {
  const begin = Date.now();
  console.info(`\n▶ ${phase.name}`);
  record(phase.name, begin, await run(phase.command, phase.args));
  if (failed) break;
}
if (!failed) {
  const begin = Date.now();
  console.info('\n▶ vitest');
  if (vitestArgs.length > 0) {
    record('vitest', begin, await run('vitest', ['run', ...vitestArgs]));
  } else {
    const { code, pacedTook } = await vitestSideBySide();
    record('vitest', begin, code, ` (the paced files beside it: ${pacedTook})`);
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
