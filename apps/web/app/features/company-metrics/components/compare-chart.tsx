import type { CompareResponse } from '@app/shared/statements';
import { useMemo } from 'react';
import { dayToMs, decimate, linePath, timeTicks, VIEW_HEIGHT, VIEW_WIDTH, xScale, yScale } from '../chart-geometry';

/** One colour and one dash per company, so lines differ by more than colour. */
export const SERIES_STYLES = [
  { stroke: 'stroke-brand-600', swatch: 'bg-brand-600', dash: undefined },
  { stroke: 'stroke-amber-600', swatch: 'bg-amber-600', dash: '8 4' },
  { stroke: 'stroke-emerald-600', swatch: 'bg-emerald-600', dash: '2 3' },
  { stroke: 'stroke-rose-600', swatch: 'bg-rose-600', dash: '12 4 2 4' },
  { stroke: 'stroke-violet-600', swatch: 'bg-violet-600', dash: '4 2' },
] as const;

/**
 * The companies of a comparison as lines on one SVG, server-rendered like the metric chart
 * (decision 017): a fixed viewBox stretched to its box, HTML axis labels placed in percent.
 */
export function CompareChart({ body, formatAxis }: { body: CompareResponse; formatAxis: (v: number) => string }) {
  const geometry = useMemo(() => {
    const all = body.series.flatMap((s) => s.data);
    const times = all.map((p) => dayToMs(p.date)).sort((a, b) => a - b);
    const x = xScale(times, false);
    const y = yScale(
      all.map((p) => p.value),
      { log: false, bars: false, count: 5 },
    );
    const paths = body.series.map((s) => {
      const xs = s.data.map((p) => x.toX(dayToMs(p.date)));
      const ys = s.data.map((p) => y.toY(p.value));
      const keep = decimate(xs, ys, VIEW_WIDTH / 2);
      return linePath(keep.map((i) => [xs[i] as number, ys[i] as number] as const));
    });
    return {
      paths,
      yTicks: y.ticks.map((v) => ({ v, pct: (y.toY(v) / VIEW_HEIGHT) * 100 })),
      xTicks: timeTicks(x.lo, x.hi, 6).map((t) => ({ ...t, pct: (x.toX(t.ms) / VIEW_WIDTH) * 100 })),
      grid: y.ticks.map((v) => `M0 ${Math.round(y.toY(v))}H${VIEW_WIDTH}`).join(''),
    };
  }, [body]);
  return (
    <div className="relative h-72 w-full text-xs text-slate-600 sm:h-96" data-testid="compare-chart" aria-hidden="true">
      <div className="absolute top-2 bottom-7 left-0 w-14">
        {geometry.yTicks.map((t) => (
          <span
            key={t.v}
            className="absolute right-2 -translate-y-1/2 whitespace-nowrap tabular-nums"
            style={{ top: `${t.pct}%` }}
          >
            {formatAxis(t.v)}
          </span>
        ))}
      </div>
      <div className="absolute right-2 bottom-0 left-14 h-6">
        {geometry.xTicks.map((t, i) => (
          <span
            key={t.ms}
            className={`absolute top-1.5 whitespace-nowrap ${i % 2 === 1 ? 'max-sm:hidden' : ''}`}
            style={{ left: `${t.pct}%`, transform: `translateX(${t.pct > 94 ? -100 : -50}%)` }}
          >
            {t.label}
          </span>
        ))}
      </div>
      <svg
        aria-hidden="true"
        viewBox={`0 0 ${VIEW_WIDTH} ${VIEW_HEIGHT}`}
        preserveAspectRatio="none"
        className="absolute top-2 right-2 bottom-7 left-14 h-[calc(100%-2.25rem)] w-[calc(100%-4rem)] overflow-hidden"
      >
        <path d={geometry.grid} className="fill-none stroke-slate-200" vectorEffect="non-scaling-stroke" />
        {geometry.paths.map((d, i) => {
          const style = SERIES_STYLES[i % SERIES_STYLES.length] as (typeof SERIES_STYLES)[number];
          return (
            <path
              key={body.series[i]?.company.slug}
              d={d}
              className={`fill-none ${style.stroke}`}
              strokeWidth={2}
              strokeDasharray={style.dash}
              strokeLinejoin="round"
              vectorEffect="non-scaling-stroke"
            />
          );
        })}
      </svg>
    </div>
  );
}
