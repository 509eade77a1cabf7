import { schema } from '@stolik/db';
import { entryOfLegacySource, type LegacySource } from '@stolik/domain';
import { and, eq, ne, or, type SQL, sql } from 'drizzle-orm';

/*
 * The spec's source enumeration in SQL (entry-source.ts says what the words mean): the conditions
 * that keep Fake and Hostme entries out of the queue figures, and that pick entries by older word.
 */

const { queueEntries } = schema;

/** Entries that are the restaurant's own queue work (countsInQueueFigures of @stolik/domain, in SQL). */
export function countsInQueueFiguresSql(
  table: { fake: typeof queueEntries.fake; source: typeof queueEntries.source } = queueEntries,
): SQL {
  return and(eq(table.fake, false), ne(table.source, 'hostme')) as SQL;
}

/** Entries the older system would have recorded in one of `words` (legacySourceOf, in SQL). */
export function legacySourceCondition(words: readonly LegacySource[]): SQL {
  const real = eq(queueEntries.fake, false);
  const each = words.map((word): SQL => {
    switch (word) {
      case 'Fake':
        return eq(queueEntries.fake, true);
      case 'Reserve_Hostme':
        return and(real, eq(queueEntries.status, 'reserve'), eq(queueEntries.source, 'hostme')) as SQL;
      case 'Reserve':
        return and(real, eq(queueEntries.status, 'reserve'), ne(queueEntries.source, 'hostme')) as SQL;
      default:
        return and(real, eq(queueEntries.status, entryOfLegacySource(word).status)) as SQL;
    }
  });
  return or(...each) ?? sql`false`;
}
