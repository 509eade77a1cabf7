/**
 * The link check of `pnpm lint` (`tsx tools/check-links.ts`): every relative Markdown link in a
 * tracked `*.md` file (`git ls-files`) must point at a file or folder that exists in the
 * repository. `[text](path)`, `[text](path#anchor)`, `![alt](path)` and reference definitions
 * (`[name]: path`) are read; links with a scheme (http:, https:, mailto:, …) and pure `#anchor`
 * links are left alone, and so is anything inside code (fenced blocks and `inline code`). A link
 * that leaves the repository (`../shared`, a machine path) fails too. Anchors are not checked.
 *
 * Prints `file: link` for each broken link and exits 1; prints one line and exits 0 otherwise.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** A link in a Markdown file, as written (the anchor included). */
export interface BrokenLink {
  file: string;
  link: string;
  why: 'missing' | 'outside the repository';
}

/** The text without its code: fenced blocks and inline code spans become blanks. */
function withoutCode(markdown: string): string {
  const lines = markdown.split('\n');
  let fence: string | null = null;
  const kept = lines.map((line) => {
    const opening = /^\s{0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence) {
      if (opening && opening[0] === fence[0] && opening.length >= fence.length) fence = null;
      return '';
    }
    if (opening) {
      fence = opening;
      return '';
    }
    return line;
  });
  return kept.join('\n').replace(/(`+)[^`]*?\1/g, '');
}

/** Every link target in the Markdown text (inline links, images, reference definitions). */
export function linksIn(markdown: string): string[] {
  const text = withoutCode(markdown);
  const links: string[] = [];
  for (const match of text.matchAll(/\]\(\s*(<[^>]*>|[^)\s]+)(?:\s+["'(][^)]*)?\)/g)) {
    links.push((match[1] ?? '').replace(/^<|>$/g, ''));
  }
  for (const match of text.matchAll(/^\s{0,3}\[[^\]]+\]:\s*(<[^>]*>|\S+)/gm)) {
    links.push((match[1] ?? '').replace(/^<|>$/g, ''));
  }
  return links;
}

/** Whether a link is one this check reads: relative, to a file, not a pure anchor. */
function isLocal(link: string): boolean {
  return link !== '' && !link.startsWith('#') && !/^[a-z][a-z0-9+.-]*:/i.test(link) && !link.startsWith('//');
}

/**
 * The broken relative links of the given files (paths relative to root). A link is resolved from
 * its file's folder, or from the repository's root when it starts with `/`, as GitHub does.
 */
export function brokenLinks(root: string, files: string[]): BrokenLink[] {
  const broken: BrokenLink[] = [];
  const top = path.resolve(root);
  for (const file of files) {
    const markdown = readFileSync(path.join(top, file), 'utf8');
    for (const link of linksIn(markdown)) {
      if (!isLocal(link)) continue;
      let target = link.replace(/[#?].*$/, '');
      try {
        target = decodeURIComponent(target);
      } catch {
        // not percent-encoded: taken as written
      }
      const resolved = target.startsWith('/')
        ? path.join(top, target)
        : path.resolve(top, path.dirname(file), target);
      if (resolved !== top && !resolved.startsWith(top + path.sep)) {
        broken.push({ file, link, why: 'outside the repository' });
      } else if (!existsSync(resolved)) {
        broken.push({ file, link, why: 'missing' });
      }
    }
  }
  return broken;
}

/** The repository's tracked Markdown files, outside node_modules. */
export function trackedMarkdown(root: string): string[] {
  return execFileSync('git', ['ls-files', '-z', '*.md'], { cwd: root, encoding: 'utf8' })
    .split('\0')
    .filter((file) => file !== '' && !file.split('/').includes('node_modules'));
}

function main() {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const files = trackedMarkdown(root);
  const broken = brokenLinks(root, files);
  if (broken.length === 0) {
    console.info(`links: ${files.length} Markdown files, every relative link found`);
    process.exit(0);
  }
  console.error(`links: ${broken.length} broken relative link${broken.length === 1 ? '' : 's'}`);
  for (const { file, link, why } of broken)
    console.error(`${file}: ${link}${why === 'missing' ? '' : ` (${why})`}`);
  process.exit(1);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
