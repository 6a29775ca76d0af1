import { renderToStaticMarkup } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { DataTable, type DataTableColumn, type DataTableProps } from './data-table';

interface Fruit {
  name: string;
  weight: number;
}

const COLUMNS: DataTableColumn<Fruit>[] = [
  { id: 'name', header: 'Name', sticky: true, cell: (f) => f.name, href: (f) => `/fruit/${f.name}` },
  {
    id: 'weight',
    header: 'Weight',
    numeric: true,
    sortable: true,
    cell: (f) => `${f.weight} g`,
    cellClassName: (f) => (f.weight > 100 ? 'heavy' : 'light'),
  },
];
const ROWS: Fruit[] = [
  { name: 'apple', weight: 150 },
  { name: 'kiwi', weight: 70 },
];

// Links need a router around them, as on every page.
function render(element: React.ReactElement): string {
  const router = createMemoryRouter([{ path: '/', element }]);
  return renderToStaticMarkup(<RouterProvider router={router} />);
}

/** The fruit table with `props` over its defaults, as markup. */
const fruitTable = (props: Partial<DataTableProps<Fruit>> = {}) =>
  render(<DataTable label="Fruit" columns={COLUMNS} rows={ROWS} rowKey={(f) => f.name} {...props} />);
const SORTED = (direction: 'asc' | 'desc') => ({ sort: { column: 'weight', direction }, onSort: () => {} });

describe('DataTable', () => {
  it('renders headers, cells, links, numeric alignment and the sort state', () => {
    const html = fruitTable(SORTED('desc'));
    expect(html).toContain('aria-label="Fruit"');
    expect(html).toContain('aria-sort="descending"');
    // Only sortable headers carry aria-sort.
    expect(html.match(/aria-sort=/g)).toHaveLength(1);
    expect(html).toContain('href="/fruit/apple"');
    expect(html).toMatch(/<td class="[^"]*text-right tabular-nums[^"]*heavy[^"]*">150 g<\/td>/);
    expect(html).toMatch(/<td class="[^"]*light[^"]*">70 g<\/td>/);
    expect(html.indexOf('apple')).toBeLessThan(html.indexOf('kiwi'));
    expect(html).toContain('overflow-x-auto');
    expect(html).not.toContain('data-label');
  });

  it('offers no sort button without a handler', () => {
    const html = fruitTable();
    expect(html).not.toContain('<button');
    expect(html).not.toContain('aria-sort');
  });

  it('marks ascending sorts and a busy table', () => {
    const html = fruitTable({ ...SORTED('asc'), loading: true });
    expect(html).toContain('aria-sort="ascending"');
    expect(html).toContain('aria-busy="true"');
  });

  it('stacks rows on a phone: lead cells first, the others labelled by their header', () => {
    const columns = COLUMNS.map((c) => (c.id === 'name' ? { ...c, lead: true } : c));
    const html = fruitTable({ columns, stack: true, ...SORTED('desc') });
    // The label is CSS text from the header, so the cell's own text stays the value.
    expect(html).toMatch(
      /<td class="[^"]*max-sm:before:content-\[attr\(data-label\)\][^"]*" data-label="Weight">150 g<\/td>/,
    );
    expect(html).toMatch(/<td class="[^"]*max-sm:p-0[^"]*"><a href="\/fruit\/apple"/);
    // Sticky and right-aligned only where the table is a table.
    expect(html).toContain('sm:sticky');
    expect(html).toContain('sm:text-right');
    // The sort button stays on a phone; the other headers are there for screen readers only.
    expect(html).toMatch(/<th scope="col" class="[^"]*max-sm:sr-only[^"]*">Name<\/th>/);
    expect(html).toMatch(/<th scope="col" aria-sort="descending" class="[^"]*max-sm:p-1[^"]*"><button/);
  });

  it('shows the empty, loading and error states instead of a table', () => {
    const empty = fruitTable({ rows: [], empty: 'No fruit.' });
    expect(empty).toContain('No fruit.');
    expect(empty).not.toContain('<table');
    expect(fruitTable({ rows: [], loading: true })).toContain('Loading…');
    const failed = fruitTable({ error: 'Failed to load fruit', onRetry: () => {} });
    expect(failed).toContain('role="alert"');
    expect(failed).toContain('Failed to load fruit');
    expect(failed).toContain('Try again');
    expect(failed).not.toContain('<table');
  });
});
