import { describe, expect, it } from 'vitest';
import { eodApiPath, eodCsvPath, NO_STOCK_FILTERS } from './eod-client';

describe('stock list calls (SPEC §7 companies/eod)', () => {
  it('asks for a page by market cap without an order, as the simulator does', () => {
    expect(eodApiPath({ q: ' bank ', sect: 7, cap: 'large' }, 3)).toBe(
      '/api/companies/eod?sect=7&mkCap=large&search=bank&pageNumber=3',
    );
    expect(eodApiPath(NO_STOCK_FILTERS, 1)).toBe('/api/companies/eod?sect=any&mkCap=any&search=&pageNumber=1');
  });

  it("adds the screener's v=2 and order, and the CSV leaves the page out", () => {
    const order = { sortBy: 'pct_changes', sortDir: 'asc' } as const;
    expect(eodApiPath(NO_STOCK_FILTERS, 2, order)).toBe(
      '/api/companies/eod?v=2&sect=any&mkCap=any&search=&sortBy=pct_changes&sortDir=asc&pageNumber=2',
    );
    expect(eodCsvPath({ ...NO_STOCK_FILTERS, q: 'x' }, order)).toBe(
      '/api/companies/eod.csv?v=2&sect=any&mkCap=any&search=x&sortBy=pct_changes&sortDir=asc',
    );
  });
});
