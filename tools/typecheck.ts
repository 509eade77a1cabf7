/**
 * `pnpm typecheck`: two TypeScript programs, side by side, so that each file is checked once and
 * not again by every package that imports it:
 * - tsconfig.json: all the Node code (packages, bot, API, bench, tools) with the base options;
 * - apps/miniapp: the mini-app with the DOM and JSX, and what it imports.
 * Each program's output is printed whole when it ends; the exit code is non-zero if either fails.
 * (`pnpm --filter <package> typecheck` still checks one package on its own.)
 */
import { spawn } from 'node:child_process';

const programs = ['tsconfig.json', 'apps/miniapp/tsconfig.json'];

const check = (project: string) =>
  new Promise<boolean>((resolve) => {
    const started = Date.now();
    const child = spawn('tsc', ['--noEmit', '-p', project], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.on('error', (error) => {
      output += `could not start tsc: ${error.message}\n`;
    });
    child.on('close', (code) => {
      const took = ((Date.now() - started) / 1000).toFixed(1);
      process.stdout.write(`${output}tsc -p ${project}: ${code === 0 ? 'ok' : 'failed'} (${took} s)\n`);
      resolve(code === 0);
    });
  });

const results = await Promise.all(programs.map(check));
process.exit(results.every(Boolean) ? 0 : 1);
