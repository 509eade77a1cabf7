import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { lockDataDir, openDatabase } from './client';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});
const folder = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'stolik-lock-'));
  folders.push(dir);
  return dir;
};

describe('one process per PGlite folder', () => {
  it('holds the folder while open and lets it go on close', async () => {
    const dataDir = folder();
    const lock = path.join(dataDir, 'pglite.lock');
    const database = await openDatabase({ dataDir });
    expect(readFileSync(lock, 'utf8')).toBe(String(process.pid));
    await database.close();
    expect(existsSync(lock)).toBe(false);
  }, 60_000);

  it('refuses a folder held by another live process, naming it; takes it over once that process is gone', async () => {
    const dataDir = folder();
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
    try {
      writeFileSync(path.join(dataDir, 'pglite.lock'), String(other.pid));
      expect(() => lockDataDir(dataDir)).toThrow(`is in use by process ${other.pid}`);
    } finally {
      other.kill('SIGKILL');
      await new Promise((resolve) => other.once('exit', resolve));
    }
    // Killed: its lock is stale, as after a kill -9 of the API.
    const release = lockDataDir(dataDir);
    expect(readFileSync(path.join(dataDir, 'pglite.lock'), 'utf8')).toBe(String(process.pid));
    release();
    expect(existsSync(path.join(dataDir, 'pglite.lock'))).toBe(false);
  });

  it('takes over a lock with garbage in it', () => {
    const dataDir = folder();
    writeFileSync(path.join(dataDir, 'pglite.lock'), 'not a pid');
    const release = lockDataDir(dataDir);
    release();
  });
});
