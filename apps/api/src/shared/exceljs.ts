/**
 * exceljs, loaded at the first export rather than at every start of the API: loading it costs
 * about 0.2 s of CPU, some 7 % of a start (issue #19), for what a manager asks for now and then.
 */
export async function loadExcelJS() {
  return (await import('exceljs')).default;
}
