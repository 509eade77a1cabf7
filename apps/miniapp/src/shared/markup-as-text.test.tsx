import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { QueueEntry } from '@stolik/contracts';
import { describe, expect, it } from 'vitest';
import { QueueRow } from '../features/queue/components/queue-row';
import { renderAt } from '../test/render';

/**
 * What guests type is shown as text, never read as markup: React escapes everything it renders,
 * and nothing in the app hands HTML to the browser another way.
 */
const HOSTILE_NAME = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script>\u202EАнна';

function sourceFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const full = path.join(folder, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

describe('names with markup', () => {
  it('are shown as the text typed in the live queue', async () => {
    const entry: QueueEntry = {
      id: 1,
      restaurant: 1,
      number: 3,
      group_size: 2,
      event: null,
      comment: '<b>окно</b>',
      name: HOSTILE_NAME,
      phone: '+79161234567',
      source: 'guest_form',
      status: 'live',
      fake: false,
      legacy_source: 'Live',
      created: new Date().toISOString(),
      invite_time: null,
      seated_time: null,
      finished_time: null,
      tables: [],
      quoted_wait: 30,
      waiting_time: 10,
      waiting_range: null,
      visits: 0,
      reach: null,
    };
    const { container, findByText } = renderAt(
      <ul>
        <QueueRow
          entry={entry}
          now={Date.now()}
          graceMinutes={10}
          selected={false}
          pending={false}
          showStatus={false}
          onAction={() => {}}
          onMore={() => {}}
        />
      </ul>,
    );
    const name = await findByText(HOSTILE_NAME);
    expect(name.textContent).toBe(HOSTILE_NAME);
    expect(container.querySelector('img, script, b')).toBeNull();
    expect((window as { __pwned?: number }).__pwned).toBeUndefined();
  });

  it('cannot reach the page as HTML: no innerHTML or its kin anywhere in the app', () => {
    const offenders = sourceFiles(path.resolve(import.meta.dirname, '..')).filter((file) =>
      /dangerouslySetInnerHTML|\.innerHTML\s*=|\.outerHTML\s*=|insertAdjacentHTML|document\.write\(/.test(
        readFileSync(file, 'utf8'),
      ),
    );
    expect(offenders).toEqual([]);
  });
});
