import type { Percent, UsdMillions } from '@app/shared/units';
import type { WatchlistCompany } from '@app/shared/watchlists';
import { describe, expect, it } from 'vitest';
import { moved, sortRows } from './components/watchlist-page';
import { watchlistCsv, watchlistHref, watchlistViewFrom } from './watchlists.api';

const row = (ticker: string, price: number | null, pct: number | null = null): WatchlistCompany => ({
  ticker,
  comp_name: `${ticker} Inc`,
  slug: ticker.toLowerCase(),
  sector: null,
  industry: null,
  date: price === null ? null : '2026-11-20',
  price,
  net_changes: null,
  pct_changes: pct as Percent | null,
  price_volume: null,
  mkcap: null as UsdMillions | null,
});

describe('watchlist view', () => {
  it('reads and writes its view in the URL, ignoring what it does not know', () => {
    expect(watchlistViewFrom('/watchlists?list=3&sort=price&dir=desc')).toEqual({
      list: 3,
      measures: [],
      sort: 'price',
      dir: 'desc',
    });
    expect(watchlistViewFrom('/watchlists?list=x&sort=nope')).toEqual({
      list: null,
      measures: [],
      sort: 'position',
      dir: 'asc',
    });
    expect(watchlistHref({ list: 3, measures: [], sort: 'position', dir: 'asc' })).toBe('/watchlists?list=3');
    expect(watchlistHref({ list: null, measures: [], sort: 'mkcap', dir: 'desc' })).toBe(
      '/watchlists?sort=mkcap&dir=desc',
    );
  });

  it('keeps the measures shown in the URL: known ones, each once, at most eight, sortable only when shown', () => {
    const view = watchlistViewFrom('/watchlists?measures=pe,beta,price,roe,pe&sort=roe&dir=desc');
    expect(view).toEqual({ list: null, measures: ['pe', 'roe'], sort: 'roe', dir: 'desc' });
    expect(watchlistHref(view)).toBe('/watchlists?measures=pe,roe&sort=roe&dir=desc');
    expect(watchlistViewFrom('/watchlists?sort=pe').sort).toBe('position');
    const many = 'pe,ps,pb,roa,roe,net_margin,change_1d,change_1w,change_1m,change_1y';
    expect(watchlistViewFrom(`/watchlists?measures=${many}`).measures).toHaveLength(8);
  });

  it('sorts either way with companies without the measure last, and keeps the member order by position', () => {
    const rows = [row('B', 20), row('A', null), row('C', 10)];
    expect(sortRows(rows, 'price', 'asc').map((r) => r.ticker)).toEqual(['C', 'B', 'A']);
    expect(sortRows(rows, 'price', 'desc').map((r) => r.ticker)).toEqual(['B', 'C', 'A']);
    expect(sortRows(rows, 'position', 'asc').map((r) => r.ticker)).toEqual(['B', 'A', 'C']);
    expect(sortRows(rows, 'ticker', 'asc').map((r) => r.ticker)).toEqual(['A', 'B', 'C']);
    const measured = [
      { ...row('B', 1), measures: { pe: 30 } },
      { ...row('A', 1), measures: { pe: null } },
      { ...row('C', 1), measures: { pe: 12 } },
    ];
    expect(sortRows(measured, 'pe', 'asc').map((r) => r.ticker)).toEqual(['C', 'B', 'A']);
    expect(sortRows(measured, 'pe', 'desc').map((r) => r.ticker)).toEqual(['B', 'C', 'A']);
  });

  it('moves a company one place, never past either end', () => {
    const rows = [row('A', 1), row('B', 2), row('C', 3)];
    expect(moved(rows, 'B', -1)).toEqual(['B', 'A', 'C']);
    expect(moved(rows, 'B', 1)).toEqual(['A', 'C', 'B']);
    expect(moved(rows, 'A', -1)).toEqual(['A', 'B', 'C']);
  });

  it('exports CSV with a header, CRLF line ends and formula-looking text quoted as text', () => {
    const csv = watchlistCsv([{ ...row('A', 12.5, 1.25), comp_name: '=SUM(A1), Inc' }]);
    expect(csv).toBe(
      'Symbol,Company,Date,Price ($),Net Change ($),Daily Change (%),Volume,Market Cap ($M)\r\n' +
        `A,"'=SUM(A1), Inc",2026-11-20,12.5,,1.25,,\r\n`,
    );
    expect(watchlistCsv([{ ...row('A', 12.5), measures: { pe: 14.2, change_1y: null } }], ['pe', 'change_1y'])).toBe(
      'Symbol,Company,Date,Price ($),Net Change ($),Daily Change (%),Volume,Market Cap ($M),P/E (×),Change 1Y (%)\r\n' +
        'A,A Inc,2026-11-20,12.5,,,,,14.2,\r\n',
    );
  });
});
