import { useId } from 'react';

export interface ChartTableColumn {
  label: string;
}

/**
 * The data behind a chart as a table, for keyboard and screen-reader users and anyone who wants
 * the numbers: a disclosure (a native `<summary>`, reachable with Tab and opened with Enter or
 * Space) holding a captioned table in a focusable scroll box.
 */
export function ChartDataTable({
  caption,
  columns,
  rows,
  note,
}: {
  /** Names the chart the table stands for. */
  caption: string;
  /** The first column is the row label (a date or period). */
  columns: readonly string[];
  rows: ReadonlyArray<{ key: string; cells: readonly string[] }>;
  note?: string;
}) {
  const id = useId();
  return (
    <details className="text-sm text-slate-700" data-testid="chart-data-table">
      <summary className="cursor-pointer font-medium text-brand-700 underline hover:text-brand-600">
        Show the chart's data as a table
      </summary>
      {note ? <p className="mt-2">{note}</p> : null}
      <section
        aria-labelledby={id}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling table must be reachable by keyboard to scroll it
        tabIndex={0}
        className="mt-2 max-h-96 overflow-auto rounded-lg border border-slate-200 focus-visible:outline-2 focus-visible:outline-brand-500"
      >
        <table className="min-w-full text-right">
          <caption id={id} className="px-3 py-2 text-left font-semibold text-slate-900">
            {caption}
          </caption>
          <thead className="sticky top-0 bg-white text-slate-600">
            <tr>
              {columns.map((c, i) => (
                <th key={c} scope="col" className={`px-3 py-1.5 font-medium ${i === 0 ? 'text-left' : ''}`}>
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.key} className="border-t border-slate-100">
                {row.cells.map((cell, i) =>
                  i === 0 ? (
                    <th key={columns[i]} scope="row" className="px-3 py-1 text-left font-normal whitespace-nowrap">
                      {cell}
                    </th>
                  ) : (
                    <td key={columns[i]} className="px-3 py-1 font-mono tabular-nums whitespace-nowrap">
                      {cell}
                    </td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </details>
  );
}

/** Of a long daily series, the last row of each month (a table of thousands of days helps nobody). */
export function monthEnds<T>(rows: readonly T[], dateOf: (row: T) => string): T[] {
  const out: T[] = [];
  rows.forEach((row, i) => {
    const next = rows[i + 1];
    if (!next || dateOf(next).slice(0, 7) !== dateOf(row).slice(0, 7)) out.push(row);
  });
  return out;
}
