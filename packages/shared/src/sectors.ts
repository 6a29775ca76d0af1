/** SPEC §3 sector codes; the screener shows a few under older names, so both live here. */
export const SECTORS = [
  { code: 1, name: 'Energy', screenerName: 'Energy' },
  { code: 2, name: 'Materials', screenerName: 'Basic Materials' },
  { code: 3, name: 'Industrials', screenerName: 'Industrials' },
  { code: 4, name: 'Consumer Discretionary', screenerName: 'Consumer Discretionary' },
  { code: 5, name: 'Consumer Staples', screenerName: 'Consumer Staples' },
  { code: 6, name: 'Health Care', screenerName: 'Health Care' },
  { code: 7, name: 'Financials', screenerName: 'Financials' },
  { code: 8, name: 'Information Technology', screenerName: 'Information Technology' },
  { code: 9, name: 'Communication Services', screenerName: 'Telecommunications' },
  { code: 10, name: 'Utilities', screenerName: 'Utilities' },
  { code: 11, name: 'Real Estate', screenerName: 'Real Estate' },
] as const;

export type SectorCode = (typeof SECTORS)[number]['code'];

export const SECTOR_CODES: readonly SectorCode[] = SECTORS.map((s) => s.code);

/** Whether a number is one of the eleven sector codes. */
export function isSectorCode(value: number): value is SectorCode {
  return Number.isInteger(value) && value >= 1 && value <= SECTORS.length;
}

/** The sector's name, or undefined for an unknown code. */
export function sectorName(code: number): string | undefined {
  return SECTORS.find((s) => s.code === code)?.name;
}

/** The name the screener table shows for a sector (SPEC §3: 'Basic Materials', 'Telecommunications'). */
export function screenerSectorName(code: number): string | undefined {
  return SECTORS.find((s) => s.code === code)?.screenerName;
}
