import type { ImportReport } from '../report.ts';
import type { MergedSeries } from './series.ts';

/** Another ticker only adds days outside the primary's range, and only where the price is continuous. */
export function mergeTickers(series: MergedSeries[], report: ImportReport): MergedSeries | null {
  const [primary, ...others] = series;
  if (!primary) return null;
  let out = primary;
  for (const o of others) {
    const first = out.dates[0] as string;
    const last = out.dates.at(-1) as string;
    const before = o.dates.map((_d, i) => i).filter((i) => (o.dates[i] as string) < first);
    const after = o.dates.map((_d, i) => i).filter((i) => (o.dates[i] as string) > last);
    const continuous = (a: number, b: number) => a / b < 1.25 && b / a < 1.25;
    const useBefore =
      before.length > 0 && continuous(o.close[before.at(-1) as number] as number, out.close[0] as number);
    const useAfter = after.length > 0 && continuous(o.close[after[0] as number] as number, out.close.at(-1) as number);
    if (!useBefore && !useAfter) {
      report.note(
        `${o.ticker}: same company as ${primary.ticker}, no days to add (another share class or fully covered)`,
      );
      continue;
    }
    const take = (idx: number[]) => ({
      dates: idx.map((i) => o.dates[i] as string),
      close: idx.map((i) => o.close[i] as number),
      volume: idx.map((i) => o.volume[i] as number),
    });
    const b = useBefore ? take(before) : { dates: [], close: [], volume: [] };
    const a = useAfter ? take(after) : { dates: [], close: [], volume: [] };
    out = {
      ...out,
      dates: [...b.dates, ...out.dates, ...a.dates],
      close: [...b.close, ...out.close, ...a.close],
      volume: [...b.volume, ...out.volume, ...a.volume],
      // Only the other ticker's splits inside the days it adds: one dated within the primary's
      // range belongs to whatever that ticker was then (WLP before Anthem took the symbol).
      splits: [
        ...out.splits,
        ...o.splits.filter((x) => (useBefore && x.date <= first) || (useAfter && x.date > last)),
      ].sort((x, y) => (x.date < y.date ? -1 : 1)),
      sources: [...out.sources, ...o.sources],
      tickers: [
        ...out.tickers,
        ...[b.dates, a.dates]
          .filter((d) => d.length > 0)
          .map((d) => ({ ticker: o.ticker, first: d[0] as string, last: d.at(-1) as string })),
      ],
    };
    report.note(
      `${o.ticker}: ${b.dates.length + a.dates.length} days added to ${primary.ticker} (same company, renamed ticker)`,
    );
  }
  return out;
}
