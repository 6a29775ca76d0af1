/**
 * One CSV cell (RFC 4180). A text cell starting with = + - @ would run as a formula in a
 * spreadsheet, so it is quoted as text.
 */
export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}
