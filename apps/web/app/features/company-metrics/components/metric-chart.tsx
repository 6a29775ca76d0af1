import type { MetricSeriesResponse } from '@app/shared/companies';
import { METRICS } from '@app/shared/metrics';
import { useEffect, useRef } from 'react';
import type uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { paletteColor, useThemeVersion } from '../../../lib/theme-colors';
import { formatAxisValue, formatValue } from '../metric-text';

/** Chart height, reserved in the server HTML so drawing after hydration shifts nothing. */
export const CHART_HEIGHT_CLASS = 'h-72 sm:h-96';

interface MetricChartProps {
  series: MetricSeriesResponse;
  logScale: boolean;
}

/**
 * The metric chart: uPlot on a canvas (light, and smooth with thousands of daily points),
 * loaded after hydration. Lines for price and market cap, bars for filing metrics (SPEC §3).
 * The tooltip is a DOM node moved by uPlot's cursor hook, so hovering never re-renders React.
 */
export function MetricChart({ series, logScale }: MetricChartProps) {
  const hostRef = useRef<HTMLDivElement>(null);
  const tipRef = useRef<HTMLDivElement>(null);
  // Colours come from the palette, which the dark theme remaps: redraw when the theme changes.
  const themeVersion = useThemeVersion();

  // biome-ignore lint/correctness/useExhaustiveDependencies: themeVersion is the redraw trigger
  useEffect(() => {
    const host = hostRef.current;
    const tip = tipRef.current;
    if (!host || !tip) return;
    let chart: uPlot | null = null;
    let observer: ResizeObserver | null = null;
    let cancelled = false;
    const definition = METRICS[series.metric];
    const rows = series.data;
    const xs = rows.map((r) => Date.parse(`${r.formatted_date}T00:00:00Z`) / 1000);
    const ys = rows.map((r) => r.column_val);

    void import('uplot').then(({ default: UPlot }) => {
      if (cancelled) return;
      const bars = definition.chartType === 'bar';
      const size = () => ({ width: host.clientWidth, height: host.clientHeight });
      const axis = { stroke: paletteColor(host, 'slate-600'), grid: paletteColor(host, 'slate-200') };
      const tick = paletteColor(host, 'slate-300');
      const opts: uPlot.Options = {
        ...size(),
        legend: { show: false },
        cursor: { y: false, points: { size: 8 } },
        scales: {
          x: { time: true },
          y: logScale ? { distr: 3 } : { range: (_u, min, max) => paddedRange(min, max, bars) },
        },
        axes: [
          { stroke: axis.stroke, grid: { stroke: axis.grid }, ticks: { stroke: tick } },
          {
            stroke: axis.stroke,
            size: 72,
            grid: { stroke: axis.grid },
            ticks: { stroke: tick },
            // Log scales hand over null for unlabelled minor ticks.
            values: (_u, splits) => splits.map((v) => (v == null ? '' : formatAxisValue(definition, v))),
          },
        ],
        series: [
          {},
          {
            label: definition.label,
            stroke: paletteColor(host, 'brand-600'),
            width: bars ? 0 : 1.5,
            fill: paletteColor(host, 'brand-600', bars ? 0.75 : 0.08),
            points: { show: false },
            ...(bars ? { paths: UPlot.paths.bars?.({ size: [0.7, 48], align: 0 }) } : {}),
          },
        ],
        hooks: {
          setCursor: [
            (u) => {
              const idx = u.cursor.idx;
              const row = idx === null || idx === undefined ? undefined : rows[idx];
              if (!row || u.cursor.left === undefined || u.cursor.left < 0) {
                tip.hidden = true;
                return;
              }
              const period = row.fiscal_label ? `${row.fiscal_label}${row.form ? ` · ${row.form}` : ''}` : '';
              tip.replaceChildren(
                line('font-semibold text-slate-900', formatValue(definition, row.column_val)),
                line('text-slate-600', period ? `${period} · ended ${row.formatted_date}` : row.formatted_date),
              );
              tip.hidden = false;
              const left = u.valToPos(xs[idx as number] as number, 'x');
              const flip = left > u.over.clientWidth / 2;
              tip.style.left = `${left + u.over.offsetLeft + (flip ? -12 : 12)}px`;
              tip.style.transform = flip ? 'translateX(-100%)' : 'none';
            },
          ],
        },
      };
      chart = new UPlot(opts, [xs, ys], host);
      observer = new ResizeObserver(() => chart?.setSize(size()));
      observer.observe(host);
    });
    return () => {
      cancelled = true;
      observer?.disconnect();
      chart?.destroy();
      tip.hidden = true;
    };
  }, [series, logScale, themeVersion]);

  return (
    <div className="relative">
      <div ref={hostRef} className={`${CHART_HEIGHT_CLASS} w-full overflow-hidden`} data-testid="metric-chart" />
      <div
        ref={tipRef}
        hidden
        aria-hidden="true"
        className="pointer-events-none absolute top-2 z-10 rounded-md border border-slate-200 bg-white px-3 py-2 text-sm shadow-md"
      />
    </div>
  );
}

function line(className: string, text: string): HTMLDivElement {
  const div = document.createElement('div');
  div.className = className;
  div.textContent = text;
  return div;
}

/** Bars start at zero (or cross it); lines get a little air above and below. */
function paddedRange(min: number | null, max: number | null, bars: boolean): [number, number] {
  const lo = min ?? 0;
  const hi = max ?? 1;
  const pad = (hi - lo || Math.abs(hi) || 1) * 0.05;
  if (bars) return [Math.min(0, lo - (lo < 0 ? pad : 0)), Math.max(0, hi + (hi > 0 ? pad : 0))];
  return [lo - pad, hi + pad];
}
