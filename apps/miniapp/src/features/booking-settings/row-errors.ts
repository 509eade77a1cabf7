/**
 * Field errors of a list body ('2.seats_to', or '2' for the whole row) by row index; the rest
 * stays with the section.
 */
export function rowErrorsOf(fields: Record<string, string>): Record<number, Record<string, string>> {
  const rows: Record<number, Record<string, string>> = {};
  for (const [key, message] of Object.entries(fields)) {
    const match = /^(\d+)(?:\.(\w+))?$/.exec(key);
    if (!match) continue;
    const index = Number(match[1]);
    rows[index] = { ...rows[index], [match[2] ?? 'row']: message };
  }
  return rows;
}
