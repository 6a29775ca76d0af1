import { renderToStaticMarkup } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { DataTable, type DataTableColumn } from './data-table';

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

describe('DataTable', () => {
  it('renders headers, cells, links, numeric alignment and the sort state', () => {
    const html = render(
      <DataTable
        label="Fruit"
        columns={COLUMNS}
        rows={ROWS}
        rowKey={(f) => f.name}
        sort={{ column: 'weight', direction: 'desc' }}
        onSort={() => {}}
      />,
    );
    expect(html).toContain('aria-label="Fruit"');
    expect(html).toContain('aria-sort="descending"');
    // Only sortable headers carry aria-sort.
    expect(html.match(/aria-sort=/g)).toHaveLength(1);
    expect(html).toContain('href="/fruit/apple"');
    expect(html).toMatch(/<td class="[^"]*text-right tabular-nums[^"]*heavy[^"]*">150 g<\/td>/);
    expect(html).toMatch(/<td class="[^"]*light[^"]*">70 g<\/td>/);
    expect(html.indexOf('apple')).toBeLessThan(html.indexOf('kiwi'));
    expect(html).toContain('overflow-x-auto');
  });

  it('leaves a lower-priority column out below its breakpoint, header and cells alike', () => {
    const columns: DataTableColumn<Fruit>[] = [
      COLUMNS[0] as DataTableColumn<Fruit>,
      { ...(COLUMNS[1] as DataTableColumn<Fruit>), hideBelow: 'sm' },
    ];
    const html = render(<DataTable label="Fruit" columns={columns} rows={ROWS} rowKey={(f) => f.name} />);
    expect(html.match(/hidden sm:table-cell/g)).toHaveLength(3);
    expect(html).toMatch(/<th[^>]*hidden sm:table-cell[^>]*>Weight<\/th>/);
  });

  it('offers no sort button without a handler', () => {
    const html = render(<DataTable label="Fruit" columns={COLUMNS} rows={ROWS} rowKey={(f) => f.name} />);
    expect(html).not.toContain('<button');
    expect(html).not.toContain('aria-sort');
  });

  it('marks ascending sorts and a busy table', () => {
    const html = render(
      <DataTable
        label="Fruit"
        columns={COLUMNS}
        rows={ROWS}
        rowKey={(f) => f.name}
        sort={{ column: 'weight', direction: 'asc' }}
        onSort={() => {}}
        loading
      />,
    );
    expect(html).toContain('aria-sort="ascending"');
    expect(html).toContain('aria-busy="true"');
  });

  it('shows the empty, loading and error states instead of a table', () => {
    const empty = render(
      <DataTable label="Fruit" columns={COLUMNS} rows={[]} rowKey={(f) => f.name} empty="No fruit." />,
    );
    expect(empty).toContain('No fruit.');
    expect(empty).not.toContain('<table');
    const loading = render(<DataTable label="Fruit" columns={COLUMNS} rows={[]} rowKey={(f) => f.name} loading />);
    expect(loading).toContain('Loading…');
    const failed = render(
      <DataTable
        label="Fruit"
        columns={COLUMNS}
        rows={ROWS}
        rowKey={(f) => f.name}
        error="Failed to load fruit"
        onRetry={() => {}}
      />,
    );
    expect(failed).toContain('role="alert"');
    expect(failed).toContain('Failed to load fruit');
    expect(failed).toContain('Try again');
    expect(failed).not.toContain('<table');
  });
});
