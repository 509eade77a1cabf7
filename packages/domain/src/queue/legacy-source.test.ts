import { describe, expect, it } from 'vitest';
import { countsInQueueFigures, entryOfLegacySource, LEGACY_SOURCES, legacySourceOf } from './legacy-source';
import { QUEUE_STATUSES } from './queue-status';

describe("the older system's source word", () => {
  it('gives every word back from the facts an import in that word makes', () => {
    for (const word of LEGACY_SOURCES) expect(legacySourceOf(entryOfLegacySource(word)), word).toBe(word);
  });

  it('has a word for every status of ours', () => {
    for (const status of QUEUE_STATUSES) {
      expect(LEGACY_SOURCES).toContain(legacySourceOf({ status, source: 'staff', fake: false }));
    }
  });

  it('says Fake whatever the status, and Reserve_Hostme only while a Hostme entry is in reserve', () => {
    expect(legacySourceOf({ status: 'sat', source: 'guest_form', fake: true })).toBe('Fake');
    expect(legacySourceOf({ status: 'reserve', source: 'hostme', fake: false })).toBe('Reserve_Hostme');
    expect(legacySourceOf({ status: 'live', source: 'hostme', fake: false })).toBe('Live');
    expect(legacySourceOf({ status: 'reserve', source: 'staff', fake: false })).toBe('Reserve');
  });

  it('keeps Fake and Hostme entries out of the queue figures', () => {
    expect(countsInQueueFigures({ source: 'staff', fake: false })).toBe(true);
    expect(countsInQueueFigures({ source: 'telegram', fake: true })).toBe(false);
    expect(countsInQueueFigures({ source: 'hostme', fake: false })).toBe(false);
  });
});
