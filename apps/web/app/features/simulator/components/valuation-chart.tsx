import type { ValuationsResponse } from '@app/shared/simulator';
import { useMemo } from 'react';
import { formatPointsNumber } from '../points';

const WIDTH = 640;
const HEIGHT = 200;

/**
 * The portfolio's value at each close beside the same starting points held in the market index:
 * one SVG stretched to its box, as the site's other line charts, with the figures in HTML.
 */
export function ValuationChart({ data }: { data: ValuationsResponse }) {
  const geometry = useMemo(() => {
    const points = data.points;
    const values = points.flatMap((p) => (p.market === null ? [p.value] : [p.value, p.market]));
    const lo = Math.min(...values);
    const hi = Math.max(...values);
    const span = hi - lo || 1;
    const x = (i: number) => (points.length > 1 ? (i / (points.length - 1)) * WIDTH : WIDTH / 2);
    const y = (v: number) => HEIGHT - 6 - ((v - lo) / span) * (HEIGHT - 12);
    const line = (pick: (p: (typeof points)[number]) => number | null) =>
      points
        .map((p, i) => {
          const v = pick(p);
          return v === null ? null : `${x(i).toFixed(1)},${y(v).toFixed(1)}`;
        })
        .filter((s): s is string => s !== null)
        .join(' ');
    return { lo, hi, portfolio: line((p) => p.value), market: line((p) => p.market) };
  }, [data]);
  const first = data.points[0];
  const last = data.points.at(-1);
  return (
    <section aria-labelledby="valuation-heading" className="space-y-3">
      <h2 id="valuation-heading" className="text-xl font-semibold text-slate-900">
        Your Portfolio vs the Market
      </h2>
      {!first || !last || data.points.length < 2 ? (
        <p className="text-sm text-slate-600">
          Your portfolio is valued at each close; after two closes its line appears here beside the {data.index_name}.
        </p>
      ) : (
        <>
          <p className="text-sm text-slate-600">
            Your portfolio at each close since {first.date}, and what {formatPointsNumber(first.value)} points held in
            the {data.index_name} (all companies, weighted by market value, price only) would be worth.
          </p>
          <ul className="flex flex-wrap gap-4 text-sm" aria-label="Latest values">
            <li className="flex items-center gap-2">
              <span aria-hidden="true" className="inline-block h-0.5 w-6 bg-brand-600" />
              Your portfolio: <span className="font-semibold tabular-nums">{formatPointsNumber(last.value)}</span>
            </li>
            <li className="flex items-center gap-2">
              <span aria-hidden="true" className="inline-block h-0.5 w-6 border-t-2 border-dashed border-amber-600" />
              Market:{' '}
              <span className="font-semibold tabular-nums">
                {last.market === null ? '–' : formatPointsNumber(last.market)}
              </span>
            </li>
          </ul>
          <div className="relative h-48 w-full text-xs text-slate-600" data-testid="valuation-chart">
            <span className="absolute top-0 left-0 tabular-nums">{formatPointsNumber(geometry.hi)}</span>
            <span className="absolute bottom-5 left-0 tabular-nums">{formatPointsNumber(geometry.lo)}</span>
            <span className="absolute bottom-0 left-20">{first.date}</span>
            <span className="absolute right-0 bottom-0">{last.date}</span>
            <svg
              role="img"
              aria-label={`Portfolio value from ${formatPointsNumber(first.value)} to ${formatPointsNumber(last.value)} points; the market index over the same days ${last.market === null ? 'has no value yet' : `to ${formatPointsNumber(last.market)}`}`}
              viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
              preserveAspectRatio="none"
              className="absolute top-2 right-0 bottom-6 left-20 h-[calc(100%-2rem)] w-[calc(100%-5rem)]"
            >
              <polyline
                points={geometry.market}
                fill="none"
                className="stroke-amber-600"
                strokeWidth="2"
                strokeDasharray="6 4"
                vectorEffect="non-scaling-stroke"
              />
              <polyline
                points={geometry.portfolio}
                fill="none"
                className="stroke-brand-600"
                strokeWidth="2"
                vectorEffect="non-scaling-stroke"
              />
            </svg>
          </div>
        </>
      )}
    </section>
  );
}
