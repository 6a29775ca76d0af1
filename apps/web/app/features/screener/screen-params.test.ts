import { describe, expect, it } from 'vitest';
import {
  addColumn,
  DEFAULT_SCREEN,
  moveColumn,
  removeColumn,
  screenApiPath,
  screenFromSearch,
  screenHref,
  sortScreen,
} from './screen-params';
import { presetHref, SCREEN_PRESETS } from './screen-presets';

const parse = (query: string) => screenFromSearch(new URLSearchParams(query));

describe('screen URL', () => {
  it('reads a shared screen back exactly as it was written', () => {
    const view = {
      ...DEFAULT_SCREEN,
      asOf: '2008-03-14',
      sector: 8,
      mkCap: 'large' as const,
      q: 'soft',
      industry: 'Software',
      exchange: 'NYSE',
      columns: ['pe' as const, 'change_1y' as const],
      sort: 'pe' as const,
      order: 'asc' as const,
      page: 3,
      ranges: { pe: { min: '0', max: '15' }, net_margin: { min: '10' } },
    };
    const href = screenHref(view);
    expect(href.startsWith('/screener/advanced?')).toBe(true);
    expect(parse(href.split('?')[1] ?? '')).toEqual(view);
  });

  it('leaves the defaults out, so the plain screen is the bare path', () => {
    expect(screenHref(DEFAULT_SCREEN)).toBe('/screener/advanced');
  });

  it('drops what the API would refuse, so a pasted link always shows a screen', () => {
    const view = parse(
      'asOf=1990-01-01&sector=12&mkCap=huge&sort=bogus&order=up&page=-2&pe_min=abc&columns=bogus,pe,pe',
    );
    expect(view.asOf).toBeNull();
    expect(view.sector).toBeNull();
    expect(view.mkCap).toBe('any');
    expect(view.sort).toBe('market_cap');
    expect(view.order).toBe('desc');
    expect(view.page).toBe(1);
    expect(view.ranges).toEqual({});
    expect(view.columns).toEqual(['pe']);
  });

  it('reads swapped bounds as the range between them', () => {
    expect(parse('pe_min=20&pe_max=5').ranges.pe).toEqual({ min: '5', max: '20' });
  });

  it('always names the columns to the API, and leaves the page out of the CSV', () => {
    const view = { ...DEFAULT_SCREEN, page: 4 };
    expect(screenApiPath(view)).toBe('/api/screener?page=4&columns=market_cap%2Cprice%2Cchange_1d%2Cpe%2Cvolume');
    expect(screenApiPath(view, true)).toBe('/api/screener.csv?columns=market_cap%2Cprice%2Cchange_1d%2Cpe%2Cvolume');
  });

  it('flips the sorted column and starts another descending, back on page 1', () => {
    const view = { ...DEFAULT_SCREEN, page: 5 };
    expect(sortScreen(view, 'market_cap')).toMatchObject({ sort: 'market_cap', order: 'asc', page: 1 });
    expect(sortScreen(view, 'pe')).toMatchObject({ sort: 'pe', order: 'desc', page: 1 });
  });

  it('moves, adds and removes columns, keeping at least one', () => {
    const view = { ...DEFAULT_SCREEN, columns: ['pe' as const, 'price' as const] };
    expect(moveColumn(view, 'price', -1).columns).toEqual(['price', 'pe']);
    expect(moveColumn(view, 'pe', -1).columns).toEqual(['pe', 'price']);
    expect(addColumn(view, 'roe').columns).toEqual(['pe', 'price', 'roe']);
    expect(removeColumn(view, 'pe').columns).toEqual(['price']);
    expect(removeColumn({ ...view, columns: ['pe'] }, 'pe').columns).toEqual(['pe']);
  });

  it('gives every preset a link the page reads back', () => {
    for (const preset of SCREEN_PRESETS) {
      const href = presetHref(preset, '2008-06-13');
      const view = parse(href.split('?')[1] ?? '');
      expect(view.asOf).toBe('2008-06-13');
      expect(view.ranges).toEqual(preset.view.ranges);
    }
  });
});
