/**
 * The commit-msg hook (.githooks/commit-msg) and its installation (`pnpm install`'s prepare
 * script), run as git runs them: in a throwaway repository, through `git commit`.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const HOOKS = path.join(ROOT, '.githooks');
const PREPARE =
  (JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> })
    .scripts.prepare ?? 'echo "package.json has no prepare script" >&2; exit 1';

// git as a fresh machine's, whatever runs the tests: no user settings, no variables of a hook that
// may be running this suite (GIT_DIR, GIT_INDEX_FILE).
const env = {
  ...Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('GIT_'))),
  GIT_CONFIG_GLOBAL: '/dev/null',
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_AUTHOR_NAME: 'Test',
  GIT_AUTHOR_EMAIL: 'test@example.com',
  GIT_COMMITTER_NAME: 'Test',
  GIT_COMMITTER_EMAIL: 'test@example.com',
};

let dir: string;

function run(command: string, args: string[], cwd = dir) {
  const result = spawnSync(command, args, { cwd, env, encoding: 'utf8' });
  return { status: result.status, stderr: result.stderr };
}

/** `git commit` of the message, through the repository's hooks; its exit code and what it said. */
function commit(message: string) {
  writeFileSync(path.join(dir, 'message.txt'), message);
  return run('git', ['-c', `core.hooksPath=${HOOKS}`, 'commit', '--allow-empty', '-q', '-F', 'message.txt']);
}

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'commit-msg-'));
  expect(run('git', ['init', '-q']).status).toBe(0);
});

afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('the commit-msg hook', () => {
  it('takes a subject alone, and a subject, a blank line and a body', () => {
    expect(commit('Add the thing\n')).toEqual({ status: 0, stderr: '' });
    expect(commit('Add the thing\n\nBecause the other thing needed it.\nSecond line.\n')).toEqual({
      status: 0,
      stderr: '',
    });
  });

  it('refuses a subject over 72 characters, and takes one of exactly 72', () => {
    const refused = commit(`${'a'.repeat(73)}\n\nBody.\n`);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain('the subject is 73 characters; at most 72');
    expect(commit(`${'a'.repeat(72)}\n`).status).toBe(0);
  });

  it('counts characters, not bytes: a 72-letter Russian subject passes', () => {
    // 72 Cyrillic letters are 144 bytes.
    expect(commit(`${'я'.repeat(72)}\n`).status).toBe(0);
    expect(commit(`${'я'.repeat(73)}\n`).status).toBe(1);
  });

  it('refuses a body that follows the subject without a blank line', () => {
    const refused = commit('Add the thing\nBecause the other thing needed it.\n');
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain('blank line');
  });

  it('reads the message as git keeps it: comment lines and all below the scissors are not read', () => {
    const hook = (lines: string[]) => {
      writeFileSync(path.join(dir, 'COMMIT_EDITMSG'), lines.join('\n'));
      return run('sh', [path.join(HOOKS, 'commit-msg'), 'COMMIT_EDITMSG']);
    };
    const scissors = '# ------------------------ >8 ------------------------';
    const diff = `diff --git a/${'long/'.repeat(20)}file.ts b/${'long/'.repeat(20)}file.ts`;
    // A comment right below the subject is no body; a `git commit -v` diff is not the message.
    expect(
      hook(['', 'Add the thing', '# Please enter the commit message.', '', 'Body.', scissors, diff]),
    ).toEqual({
      status: 0,
      stderr: '',
    });
    // Nothing above the scissors: an empty message, which git refuses by itself.
    expect(hook(['# Please enter the commit message.', scissors, diff, 'index 1..2'])).toEqual({
      status: 0,
      stderr: '',
    });
    // Without the scissors the same lines are a message with a long subject.
    expect(hook([diff, 'index 1..2']).status).toBe(1);
  });
});

describe("pnpm install's prepare script", () => {
  it('points git at .githooks at the top of a git checkout', () => {
    mkdirSync(path.join(dir, '.githooks'));
    copyFileSync(path.join(HOOKS, 'install.sh'), path.join(dir, '.githooks', 'install.sh'));
    expect(run('sh', ['-c', PREPARE])).toEqual({ status: 0, stderr: '' });
    expect(spawnSync('git', ['config', 'core.hooksPath'], { cwd: dir, env, encoding: 'utf8' }).stdout).toBe(
      '.githooks\n',
    );
  });

  it('does nothing, and succeeds, outside a git checkout or below its top', () => {
    const plain = mkdtempSync(path.join(tmpdir(), 'no-git-'));
    const below = path.join(dir, 'packed');
    try {
      for (const folder of [plain, below]) {
        mkdirSync(path.join(folder, '.githooks'), { recursive: true });
        copyFileSync(path.join(HOOKS, 'install.sh'), path.join(folder, '.githooks', 'install.sh'));
        expect(run('sh', ['-c', PREPARE], folder)).toEqual({ status: 0, stderr: '' });
      }
      expect(spawnSync('git', ['config', 'core.hooksPath'], { cwd: dir, env }).status).toBe(1);
    } finally {
      rmSync(plain, { recursive: true, force: true });
    }
  });
});
