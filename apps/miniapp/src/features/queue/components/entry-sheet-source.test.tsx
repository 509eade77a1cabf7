import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { queueEntry } from '../../../shared/hall/test/hall-fixtures';
import { renderAt } from '../../../test/render';
import { EntrySheet } from './entry-sheet';

/** Issue #22: a guest's details say the older system's word for the entry, as the spec writes it. */
describe("the entry's details", () => {
  it.each([
    ['Reserve_Hostme', 'Резерв Hostme'],
    ['Fake', 'Фейк'],
    ['Joined', 'С нами'],
  ] as const)('show %s as %s under Источник', async (word, label) => {
    renderAt(
      <EntrySheet
        entry={queueEntry({ legacy_source: word })}
        restaurants={[]}
        onAction={() => {}}
        onClose={() => {}}
      />,
    );
    const term = await screen.findByText('Источник');
    expect(term.nextElementSibling?.textContent).toBe(label);
  });
});
