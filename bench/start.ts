import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { type RunningServer, startServer, stopServer } from './http';

export interface StartResult {
  /** The bundle (`pnpm start`, the tests' product processes) or the sources through tsx (`pnpm dev`). */
  from: 'bundle' | 'sources';
  /** An empty data folder (migrations, seed) or a copy of one a start left (every later start). */
  folder: 'empty' | 'started';
  runs: number;
  /** Median CPU seconds of the process (user + system) from its spawn until /api/health/ answered. */
  cpuS: number;
  /** Median seconds from the spawn until /api/health/ answered (polled every 200 ms). */
  wallS: number;
  /** The 1-minute load average when the last run ended. */
  load: number;
}

const RUNS = 3;
// /proc/<pid>/stat counts in clock ticks, 100 a second on Linux.
const TICKS_PER_S = 100;

/** User and system CPU seconds of a live process so far (Linux). */
function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command's name, which is in parentheses and may hold spaces: utime is the
  // 14th field of the line, stime the 15th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_S;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

/**
 * What one start of the product costs on the embedded database (issue #19: the test suite starts it
 * about 25 times): for the bundle and for the sources through tsx, on an empty data folder and on a
 * copy of a folder a start left; each the median of three starts, each process stopped once it has
 * answered /api/health/.
 */
export async function measureStart(root: string): Promise<StartResult[]> {
  const scratch = mkdtempSync(path.join(tmpdir(), 'stolik-bench-start-'));
  const started = path.join(scratch, 'started');
  try {
    const first = await startServer(root, { DATA_DIR: started });
    await stopServer(first.child);
    const results: StartResult[] = [];
    for (const from of ['bundle', 'sources'] as const) {
      for (const folder of ['empty', 'started'] as const) {
        const cpu: number[] = [];
        const wall: number[] = [];
        for (let run = 0; run < RUNS; run++) {
          const dataDir = path.join(scratch, `${from}-${folder}-${run}`);
          if (folder === 'started') cpSync(started, dataDir, { recursive: true });
          const spawned = Date.now();
          let server: RunningServer | undefined;
          try {
            server = await startServer(root, { DATA_DIR: dataDir }, from);
            wall.push((Date.now() - spawned) / 1000);
            cpu.push(cpuSeconds(server.child.pid as number));
          } finally {
            if (server) await stopServer(server.child);
            rmSync(dataDir, { recursive: true, force: true });
          }
        }
        results.push({
          from,
          folder,
          runs: RUNS,
          cpuS: Number(median(cpu).toFixed(2)),
          wallS: Number(median(wall).toFixed(1)),
          load: Number((loadavg()[0] ?? 0).toFixed(2)),
        });
      }
    }
    return results;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
