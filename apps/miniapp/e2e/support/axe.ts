import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

// Evaluated through the DevTools protocol, not added as a <script>: the app's Content-Security-Policy
// (script-src 'self') rightly refuses inline scripts, and the tests keep it switched on.
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeFinding {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/** Runs axe-core in the page; returns the serious and critical findings (UX.md's bar). */
export async function seriousAccessibilityProblems(page: Page): Promise<AxeFinding[]> {
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document) => Promise<{ violations: unknown[] }> } })
      .axe;
    const result = await axe.run(document);
    return result.violations as {
      id: string;
      impact: string | null;
      help: string;
      nodes: { target: string[]; failureSummary?: string }[];
    }[];
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.map((n) =>
        `${n.target.join(' ')} ${n.failureSummary?.split('\n').slice(1).join(' ').trim() ?? ''}`.trim(),
      ),
    }));
}
