import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';

/**
 * The layout rules the browser test holds every screen to (UX.md's quality bar), measured in the
 * page by layout-probe.js:
 *
 * - Clipped text. For each box that lays out visible text (the nearest non-inline element of a
 *   text node): its scrollWidth beyond its clientWidth, or, when it holds one line (white-space
 *   nowrap or a content box under 1.5 line heights), its scrollHeight beyond its clientHeight (by
 *   half a line and more: a wrapped line; by any amount when the box hides its overflow); or
 *   the text's own extent outside an ancestor that hides its overflow (up to the first scroll
 *   container: what a box scrolls, a person can scroll to). Cut with `text-overflow: ellipsis` or
 *   `-webkit-line-clamp` on the box or an ancestor, it is a decision, not a fault. Text hidden for
 *   screen readers only (the 1 px clip pattern), in aria-hidden, inert or closed parts, or slid out
 *   of the window sideways is not looked at. The page itself wider than the window counts too.
 * - Hit areas, on the hostess's screens: every button, link, input, select, textarea, summary,
 *   [role=button|tab|link|checkbox|radio|switch], a checkbox or radio measured by its label, at
 *   least 44x44 px. Smaller boxes are hit-tested from their middle outwards (elementFromPoint), so
 *   an enlarged ::before/::after counts and a neighbour drawn on top does not. Excepted: a link
 *   shown inline inside running text (other text beside it in its parent), WCAG 2.5.8's exception.
 * - Contrast: every visible text's colour (with the opacity of its ancestors) against the colour
 *   painted behind it, found by walking up the ancestors and compositing their background colours
 *   over the page's canvas: at least 4.5:1, or 3:1 for large text (24 px, or 18.66 px bold), WCAG
 *   1.4.3. Not measured: text of disabled controls (WCAG exempts them), text over a picture or a
 *   gradient (no one colour behind it), SVG text, and the text inside inputs.
 */
const probe = readFileSync(path.join(import.meta.dirname, 'layout-probe.js'), 'utf8');

export interface LayoutProblem {
  /** wrapped: controls meant for one line (a row of tabs) on two, measured by the test itself. */
  kind: 'clipped' | 'target' | 'contrast' | 'wrapped';
  /** A short selector and the element's text. */
  element: string;
  /** What was measured, against what was needed. */
  figure: string;
}

/** The screen's layout problems; hit areas only when `targets` (the hostess's screens). */
export async function layoutProblems(page: Page, options: { targets: boolean }): Promise<LayoutProblem[]> {
  return page.evaluate(`(${probe.trim().replace(/;$/, '')})(${JSON.stringify(options)})`);
}
