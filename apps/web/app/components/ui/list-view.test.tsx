import { renderToStaticMarkup } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { DataTableColumn } from './data-table';
import { ListView, type ListViewProps } from './list-view';

interface Fruit {
  name: string;
}

const COLUMNS: DataTableColumn<Fruit>[] = [{ id: 'name', header: 'Name', lead: true, cell: (f) => f.name }];
const rowsOf = (from: number, to: number): Fruit[] =>
  Array.from({ length: to - from + 1 }, (_, i) => ({ name: `fruit ${from + i}` }));

function render(props: ListViewProps<Fruit>): string {
  const router = createMemoryRouter([{ path: '/', element: <ListView {...props} /> }]);
  return renderToStaticMarkup(<RouterProvider router={router} />);
}

const BASE = {
  label: 'Fruit',
  noun: { one: 'fruit', many: 'fruits' },
  rowKey: (f: Fruit) => f.name,
  empty: 'No fruit.',
};
type Options = Partial<Pick<ListViewProps<Fruit>, 'rows' | 'paging' | 'loading' | 'loadingText' | 'error' | 'onRetry'>>;
const table = (options: Options) => render({ ...BASE, rows: [], columns: COLUMNS, ...options });
const cards = (options: Options & { itemsClassName?: string }) =>
  render({ ...BASE, rows: [], renderItem: (f: Fruit) => <article>{f.name}</article>, ...options });

const paging = (page: number, count: number) => ({
  page,
  count,
  pageSize: 10,
  windowSize: 5,
  onPageChange: () => {},
  label: 'Fruit pages',
});

describe('ListView', () => {
  it('says which rows of how many it shows, with a pager past one page', () => {
    const html = table({ rows: rowsOf(21, 30), paging: paging(3, 1234) });
    expect(html).toContain('Showing 21-30 of 1,234 fruits');
    expect(html).toContain('aria-label="Fruit pages"');
    expect(html).toContain('aria-current="page"');
    // Rows stack on a phone.
    expect(html).toContain('max-sm:flex');
  });

  it('has no pager for one page, and a way back from a page past the end', () => {
    expect(table({ rows: rowsOf(1, 4), paging: paging(1, 4) })).not.toContain('<nav');
    const past = table({ rows: [], paging: paging(9, 4) });
    expect(past).toContain('This page is past the end of the list.');
    expect(past).toContain('Back to page 1');
    const none = table({ rows: [], paging: paging(1, 0) });
    expect(none).toContain('No fruit.');
    expect(none).not.toContain('Showing');
  });

  it('says it is loading, or what failed, instead of the count', () => {
    expect(table({ rows: rowsOf(1, 2), paging: paging(1, 2), loading: true, loadingText: 'Picking…' })).toContain(
      'Picking…',
    );
    const failed = table({ rows: [], paging: paging(1, 0), error: 'Failed to load fruit', onRetry: () => {} });
    expect(failed).toContain('role="alert"');
    expect(failed).not.toContain('No fruit.');
  });

  it('shows cards in a keyboard-scrollable region, counted without pages', () => {
    const html = cards({ rows: rowsOf(1, 2), itemsClassName: 'max-h-96 overflow-y-auto' });
    expect(html).toContain('2 fruits');
    expect(html).toMatch(/<section aria-label="Fruit" tabindex="0"[^>]*max-h-96/);
    expect(html).toContain('<li><article>fruit 1</article></li>');
    expect(cards({ rows: rowsOf(1, 1) })).toContain('1 fruit<');
    expect(cards({ rows: [] })).toContain('No fruit.');
  });
});
