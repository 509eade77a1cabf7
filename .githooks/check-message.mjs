/**
 * The check behind .githooks/commit-msg: a commit message's subject (its first line) is at most 72
 * characters, and a body, when there is one, is set apart from the subject by a blank line. Lines
 * git drops from the message (comments, and all below a `git commit -v` scissors line) are not
 * read. Plain Node, no packages: it must work before and without `pnpm install`.
 *
 * Usage: node check-message.mjs <message file> [comment character]. Exits 1 naming each problem.
 */
import { readFileSync } from 'node:fs';

const MAX_SUBJECT = 72;

/** The message as git will keep it: no comment lines, nothing below the scissors, no outer blanks. */
function keptLines(text, commentChar) {
  const scissors = `${commentChar} ------------------------ >8 ------------------------`;
  const lines = [];
  for (const line of text.replace(/\r\n/g, '\n').split('\n')) {
    if (line === scissors) break;
    if (commentChar !== 'auto' && line.startsWith(commentChar)) continue;
    lines.push(line.trimEnd());
  }
  while (lines.length > 0 && lines[0] === '') lines.shift();
  while (lines.length > 0 && lines.at(-1) === '') lines.pop();
  return lines;
}

function problemsOf(text, commentChar) {
  const lines = keptLines(text, commentChar);
  // An empty message: git refuses it itself.
  if (lines.length === 0) return [];
  const problems = [];
  const subject = lines[0];
  const length = [...subject].length;
  if (length > MAX_SUBJECT) {
    problems.push(`the subject is ${length} characters; at most ${MAX_SUBJECT}:\n  ${subject}`);
  }
  if (lines.length > 1 && lines[1] !== '') {
    problems.push(
      'the body must be set apart from the subject by a blank line (the second line is not blank)',
    );
  }
  return problems;
}

const [file, commentChar = '#'] = process.argv.slice(2);
if (!file) {
  console.error('usage: node check-message.mjs <message file> [comment character]');
  process.exit(2);
}
const problems = problemsOf(readFileSync(file, 'utf8'), commentChar);
if (problems.length > 0) {
  for (const problem of problems) console.error(`commit-msg: ${problem}`);
  console.error(`commit-msg: the message is kept in ${file}`);
  process.exit(1);
}
