import { describe, expect, it } from 'vitest';
import { eodApiPath, eodCsvPath } from '../../lib/eod-client';
import { DEFAULT_VIEW, orderOf, screenerHref, searchFromView, toggleSort, viewFromSearch } from './screener-params';

describe('screener view in the URL', () => {
  it('reads every parameter and writes it back, leaving defaults out', () => {
    const view = viewFromSearch(new URLSearchParams('q=app&sect=8&cap=mega&sort=price&dir=asc&page=2'));
    expect(view).toEqual({ q: 'app', sect: 8, cap: 'mega', sort: 'price', dir: 'asc', page: 2 });
    expect(searchFromView(view)).toBe('q=app&sect=8&cap=mega&sort=price&dir=asc&page=2');
    expect(searchFromView(DEFAULT_VIEW)).toBe('');
  });

  it('falls back to defaults for values it does not know', () => {
    expect(viewFromSearch(new URLSearchParams('sect=99&cap=huge&sort=volume&dir=up&page=-1'))).toEqual(DEFAULT_VIEW);
    expect(viewFromSearch(new URLSearchParams('page=2.5&sect=0')).page).toBe(1);
    expect(viewFromSearch(new URLSearchParams(`q=${'x'.repeat(500)}`)).q).toHaveLength(100);
  });

  it('asks the API for the screener order and page, and the CSV for the same filters', () => {
    const view = { ...DEFAULT_VIEW, q: ' AAPL ', sect: 3, page: 4 };
    expect(eodApiPath(view, view.page, orderOf(view))).toBe(
      '/api/companies/eod?v=2&sect=3&mkCap=any&search=AAPL&sortBy=mkcap&sortDir=desc&pageNumber=4',
    );
    expect(eodCsvPath(view, orderOf(view))).toBe(
      '/api/companies/eod.csv?v=2&sect=3&mkCap=any&search=AAPL&sortBy=mkcap&sortDir=desc',
    );
  });

  it('writes the page address, plain /screener for the default view', () => {
    expect(screenerHref(DEFAULT_VIEW)).toBe('/screener');
    expect(screenerHref({ ...DEFAULT_VIEW, cap: 'mid', page: 2 })).toBe('/screener?cap=mid&page=2');
  });

  it('toggles the sorted column and starts a new one descending, on page 1', () => {
    const onPrice = toggleSort({ ...DEFAULT_VIEW, page: 3 }, 'price');
    expect(onPrice).toMatchObject({ sort: 'price', dir: 'desc', page: 1 });
    expect(toggleSort(onPrice, 'price')).toMatchObject({ sort: 'price', dir: 'asc' });
    expect(toggleSort(toggleSort(onPrice, 'price'), 'price')).toMatchObject({ sort: 'price', dir: 'desc' });
    expect(toggleSort({ ...onPrice, dir: 'asc' }, 'pct_changes')).toMatchObject({ sort: 'pct_changes', dir: 'desc' });
  });
});
