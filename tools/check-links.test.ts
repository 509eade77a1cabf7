import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { brokenLinks, linksIn } from './check-links';

let root: string;

function write(file: string, text: string) {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), text);
}

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'check-links-'));
  write('docs/testing.md', '# Testing\n');
  write('apps/api/README.md', '# API\n');
});

afterEach(() => {
  rmSync(root, { recursive: true, force: true });
});

describe('the link check', () => {
  it('passes links to files that exist, with or without an anchor, and leaves other links alone', () => {
    write(
      'README.md',
      [
        'See [testing](docs/testing.md), [its hour](docs/testing.md#the-hour-of-the-run),',
        '[the docs](docs/) and [the API](/apps/api/README.md).',
        '[site](https://example.com/missing.md), [mail](mailto:a@example.com), [up](#top).',
        '```md',
        '[in a code block](nowhere.md)',
        '```',
        'and `[inline code](nowhere.md)`.',
      ].join('\n'),
    );
    write('docs/index.md', 'Back to [the README](../README.md) and [the API](../apps/api/README.md).\n');
    expect(brokenLinks(root, ['README.md', 'docs/index.md'])).toEqual([]);
  });

  it('flags a link whose file does not exist, naming the file and the link', () => {
    write('README.md', 'See [configuration](docs/configuration.md#ports) and [testing](docs/testing.md).\n');
    write('docs/testing.md', 'Images: ![shot](img/missing.png)\n\n[ref]: ./gone.md\n');
    expect(brokenLinks(root, ['README.md', 'docs/testing.md'])).toEqual([
      { file: 'README.md', link: 'docs/configuration.md#ports', why: 'missing' },
      { file: 'docs/testing.md', link: 'img/missing.png', why: 'missing' },
      { file: 'docs/testing.md', link: './gone.md', why: 'missing' },
    ]);
  });

  it('flags a link that leaves the repository, even to a file that exists', () => {
    write('README.md', 'See [shared](../shared/notes.md) and [here](../README.md).\n');
    expect(brokenLinks(root, ['README.md']).map(({ link, why }) => `${link} ${why}`)).toEqual([
      '../shared/notes.md outside the repository',
      '../README.md outside the repository',
    ]);
  });

  it('reads inline links, images and reference definitions', () => {
    expect(linksIn('[a](x.md) ![b](y.png "title") [c](<z z.md>)\n[d]: w.md\n')).toEqual([
      'x.md',
      'y.png',
      'z z.md',
      'w.md',
    ]);
  });
});
