import type { MetricRow, MetricSeriesResponse } from '@app/shared/companies';
import { formatNumber } from '@app/shared/format';
import { METRICS, type MetricDefinition } from '@app/shared/metrics';
import { type KeyboardEvent, type PointerEvent, useId, useMemo, useState } from 'react';
import {
  barLabelIndices,
  barsPath,
  dayToMs,
  decimate,
  linePath,
  narrowestGap,
  nearestIndex,
  timeTicks,
  VIEW_HEIGHT,
  VIEW_WIDTH,
  xScale,
  yScale,
} from '../chart-geometry';
import { formatAxisValue, formatValue } from '../metric-text';

/** Reserved in the server HTML so nothing shifts when the page hydrates. */
export const CHART_HEIGHT_CLASS = 'h-72 sm:h-96';

/** 500 columns: at most 1,000 points in the path. */
const LINE_BUCKETS = VIEW_WIDTH / 2;
/** Bars fill 70% of their slot, and never more than 6% of the plot's width. */
const BAR_FILL = 0.7;
const BAR_MAX = VIEW_WIDTH * 0.06;
const Y_TICKS = 5;
const X_TICKS = 7;

interface MetricChartProps {
  series: MetricSeriesResponse;
  logScale: boolean;
}

interface Cursor {
  series: MetricSeriesResponse;
  index: number;
  by: 'pointer' | 'key';
}

/**
 * SPEC §3. SVG rendered on the server; a fixed viewBox with non-scaling strokes and HTML labels
 * in percentages fits any width without measuring. The cursor moves over the true rows; the SVG
 * draws a decimated copy.
 */
export function MetricChart({ series, logScale }: MetricChartProps) {
  const definition = METRICS[series.metric];
  const geometry = useMemo(() => chartGeometry(series, definition, logScale), [series, definition, logScale]);
  const [cursorState, setCursor] = useState<Cursor | null>(null);
  const cursor = cursorState?.series === series ? cursorState : null;
  const rows = series.data;
  const hintId = useId();

  const moveTo = (index: number, by: Cursor['by']) =>
    setCursor({ series, index: Math.max(0, Math.min(rows.length - 1, index)), by });

  const onPointer = (event: PointerEvent<HTMLDivElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    if (box.width <= 0) return;
    const fraction = (event.clientX - box.left) / box.width;
    const { lo, hi } = geometry.x;
    moveTo(nearestIndex(geometry.times, lo + fraction * (hi - lo)), 'pointer');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const last = rows.length - 1;
    const page = Math.max(1, Math.round(rows.length / 10));
    const current = cursor?.index;
    let next: number | null = null;
    // The first arrow press lands on the latest value, where a reader usually starts.
    if (event.key === 'ArrowLeft') next = current === undefined ? last : current - 1;
    else if (event.key === 'ArrowRight') next = current === undefined ? last : current + 1;
    else if (event.key === 'PageUp') next = (current ?? last) - page;
    else if (event.key === 'PageDown') next = (current ?? last) + page;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = last;
    else if (event.key === 'Escape' && cursor) {
      setCursor(null);
      event.preventDefault();
      return;
    }
    if (next === null) return;
    event.preventDefault();
    moveTo(next, 'key');
  };

  const row = cursor ? rows[cursor.index] : undefined;
  const point = cursor && row ? geometry.point(cursor.index) : null;
  const tip = row ? tooltipText(definition, row) : null;

  return (
    <div
      className={`relative ${CHART_HEIGHT_CLASS} w-full select-none text-xs text-slate-600`}
      data-testid="metric-chart"
    >
      <div aria-hidden="true" className={`absolute top-2 bottom-7 left-0 ${GUTTER_WIDTH}`}>
        {geometry.yTicks.map((tick) => (
          <span
            key={tick.value}
            className="absolute right-2 -translate-y-1/2 whitespace-nowrap tabular-nums"
            style={{ top: `${tick.pct}%` }}
          >
            {tick.label}
          </span>
        ))}
      </div>
      <div aria-hidden="true" className={`absolute right-2 bottom-0 h-6 ${GUTTER_LEFT}`}>
        {geometry.xTicks.map((tick, i) => (
          <span
            key={tick.ms}
            // Every second label gives way on narrow screens when there are many.
            className={`absolute top-1.5 whitespace-nowrap ${geometry.xTicks.length > 4 && i % 2 === 1 ? 'max-sm:hidden' : ''}`}
            style={{ left: `${tick.pct}%`, transform: `translateX(${tick.pct > 94 ? -100 : -50}%)` }}
          >
            {tick.label}
          </span>
        ))}
      </div>
      {/* biome-ignore lint/a11y/useSemanticElements: a focusable chart has no native element; the group names it */}
      <div
        role="group"
        aria-roledescription="chart"
        aria-label={`${definition.label} of ${series.company.comp_name}, ${formatNumber(rows.length)} data points`}
        aria-describedby={hintId}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the arrow keys read the chart's values
        tabIndex={0}
        className={`absolute top-2 right-2 bottom-7 touch-pan-y rounded-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 ${GUTTER_LEFT}`}
        data-testid="metric-plot"
        onPointerMove={onPointer}
        onPointerDown={onPointer}
        onPointerLeave={(event) => {
          // A finger lifting ends the touch: the tooltip stays to be read.
          if (event.pointerType !== 'touch' && cursor?.by === 'pointer') setCursor(null);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => {
          if (cursor?.by === 'key') setCursor(null);
        }}
      >
        <svg
          aria-hidden="true"
          viewBox={`0 0 ${VIEW_WIDTH} ${VIEW_HEIGHT}`}
          preserveAspectRatio="none"
          className="absolute inset-0 size-full overflow-hidden"
        >
          <path d={geometry.grid} className="fill-none stroke-slate-200" vectorEffect="non-scaling-stroke" />
          {geometry.bars ? (
            <>
              <path d={geometry.plot} className="fill-brand-600/75" />
              {geometry.zeroLine ? (
                <path d={geometry.zeroLine} className="fill-none stroke-slate-400" vectorEffect="non-scaling-stroke" />
              ) : null}
            </>
          ) : (
            <path
              d={geometry.plot}
              className="fill-brand-600/10 stroke-brand-600"
              strokeWidth={1.5}
              strokeLinejoin="round"
              vectorEffect="non-scaling-stroke"
            />
          )}
        </svg>
        {point ? (
          <>
            <div
              aria-hidden="true"
              className="pointer-events-none absolute inset-y-0 w-px bg-slate-400"
              style={{ left: `${point.left}%` }}
            />
            <div
              aria-hidden="true"
              className="pointer-events-none absolute size-2.5 -translate-x-1/2 -translate-y-1/2 rounded-full bg-brand-600 ring-2 ring-white"
              style={{ left: `${point.left}%`, top: `${point.top}%` }}
            />
          </>
        ) : null}
        {point && tip ? (
          <div
            aria-hidden="true"
            data-testid="metric-tooltip"
            // Beside the cursor, on the side with more room, and below a point near the top; on a
            // phone the plot is too narrow for that, so it sits in the corner away from the cursor.
            className={`pointer-events-none absolute z-10 ${point.top < 40 ? 'bottom-2' : 'top-2'} w-max rounded-md border border-slate-200 bg-white px-3 py-2 text-sm shadow-md max-sm:max-w-full sm:whitespace-nowrap ${
              point.left > 50 ? 'sm:-translate-x-full max-sm:left-0!' : 'max-sm:right-0 max-sm:left-auto!'
            }`}
            style={{ left: `calc(${point.left}% ${point.left > 50 ? '-' : '+'} 12px)` }}
          >
            <div className="font-semibold text-slate-900">{tip.value}</div>
            <div className="text-slate-600">{tip.detail}</div>
          </div>
        ) : null}
      </div>
      <p id={hintId} className="sr-only">
        Arrow keys move between data points, Page Up and Page Down jump, Home and End go to the first and last.
      </p>
      <p className="sr-only" aria-live="polite">
        {cursor?.by === 'key' && tip ? `${tip.value}, ${tip.detail}` : ''}
      </p>
    </div>
  );
}

const GUTTER_WIDTH = 'w-18';
const GUTTER_LEFT = 'left-18';

function tooltipText(definition: MetricDefinition, row: MetricRow): { value: string; detail: string } {
  const period = row.fiscal_label ? `${row.fiscal_label}${row.form ? ` · ${row.form}` : ''}` : '';
  return {
    value: formatValue(definition, row.column_val),
    detail: period ? `${period} · ended ${row.formatted_date}` : row.formatted_date,
  };
}

/** From the series alone, so the server and the browser draw the same. */
function chartGeometry(series: MetricSeriesResponse, definition: MetricDefinition, logScale: boolean) {
  const rows = series.data;
  const times = rows.map((r) => dayToMs(r.formatted_date));
  const values = rows.map((r) => r.column_val);
  const bars = definition.chartType === 'bar';
  const x = xScale(times, bars);
  const y = yScale(values, { log: logScale, bars, count: Y_TICKS });
  // Percentages to two decimals: finer than a pixel, and short in the HTML.
  const toPct = (viewY: number) => round2((viewY / VIEW_HEIGHT) * 100);
  const xPct = (ms: number) => round2((x.toX(ms) / VIEW_WIDTH) * 100);

  const yTicks = y.ticks.map((value) => ({
    value,
    pct: toPct(y.toY(value)),
    label: formatAxisValue(definition, value),
  }));
  const xTicks = bars
    ? barLabelIndices(rows.length, X_TICKS, series.frequency === 'annual' ? 1 : 4).map((i) => {
        const row = rows[i] as MetricRow;
        const ms = times[i] as number;
        return { ms, label: row.fiscal_label ?? row.formatted_date.slice(0, 4), pct: xPct(ms) };
      })
    : timeTicks(x.lo, x.hi, X_TICKS).map((tick) => ({ ...tick, pct: xPct(tick.ms) }));
  const grid = [
    ...yTicks.map((t) => `M0 ${round(y.toY(t.value))}H${VIEW_WIDTH}`),
    ...(bars ? [] : xTicks.map((t) => `M${round(x.toX(t.ms))} 0V${VIEW_HEIGHT}`)),
  ].join('');

  let plot: string;
  let zeroLine: string | null = null;
  if (bars) {
    const xs = times.map((t) => x.toX(t));
    const width = Math.min(BAR_MAX, BAR_FILL * narrowestGap(xs));
    const baseY = y.log ? VIEW_HEIGHT : y.toY(0);
    plot = barsPath(
      xs.map((px, i) => [px, y.toY(values[i] as number)]),
      baseY,
      width,
    );
    if (!y.log && y.lo < 0) zeroLine = `M0 ${round(baseY)}H${VIEW_WIDTH}`;
  } else {
    plot = linePath(
      decimate(times, values, LINE_BUCKETS).map((i) => [x.toX(times[i] as number), y.toY(values[i] as number)]),
    );
  }

  return {
    bars,
    times,
    x,
    yTicks,
    xTicks,
    grid,
    plot,
    zeroLine,
    /** Percent of the plot's width and height. */
    point: (index: number) => ({
      left: xPct(times[index] as number),
      top: toPct(y.toY(values[index] as number)),
    }),
  };
}

function round(value: number): number {
  return Math.round(value * 10) / 10;
}

function round2(value: number): number {
  return Math.round(value * 100) / 100;
}
