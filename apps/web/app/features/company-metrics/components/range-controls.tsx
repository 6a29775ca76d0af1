import {
  type Frequency,
  METRIC_PERIODS,
  type MetricPeriod,
  RANGE_LOCKED_HINT,
  RANGE_LOCKED_TOOLTIP,
  SIGNED_IN_PERIODS,
} from '@app/shared/metrics';
import { RANGE_LABELS } from '../metric-text';

const BUTTON =
  'rounded-md border px-3 py-1.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 disabled:cursor-not-allowed disabled:border-slate-200 disabled:bg-slate-100 disabled:text-slate-500';
const ON = 'border-brand-600 bg-brand-600 text-white';
const OFF = 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50';

interface RangeControlsProps {
  period: MetricPeriod;
  onPeriod: (period: MetricPeriod) => void;
  signedIn: boolean;
  frequency: Frequency | null;
  onFrequency: (frequency: Frequency) => void;
  logScale: boolean | null;
  logScaleDisabled: boolean;
  onLogScale: (on: boolean) => void;
}

/** SPEC §5: long ranges lock when signed out. */
export function RangeControls(props: RangeControlsProps) {
  const { period, signedIn } = props;
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-x-6 gap-y-3">
        <fieldset className="flex flex-wrap items-center gap-2">
          <legend className="sr-only">Time range</legend>
          {METRIC_PERIODS.map((p) => {
            const locked = !signedIn && SIGNED_IN_PERIODS.includes(p);
            return (
              <button
                key={p}
                type="button"
                aria-pressed={period === p}
                disabled={locked}
                title={locked ? RANGE_LOCKED_TOOLTIP : undefined}
                onClick={() => props.onPeriod(p)}
                className={`${BUTTON} ${period === p ? ON : OFF}`}
              >
                {RANGE_LABELS[p]}
              </button>
            );
          })}
        </fieldset>
        {props.frequency ? (
          <fieldset className="flex items-center gap-2">
            <legend className="sr-only">Filing periods</legend>
            {(['quarterly', 'annual'] as const).map((f) => (
              <button
                key={f}
                type="button"
                aria-pressed={props.frequency === f}
                onClick={() => props.onFrequency(f)}
                className={`${BUTTON} ${props.frequency === f ? ON : OFF}`}
              >
                {f === 'quarterly' ? 'Quarterly' : 'Annual'}
              </button>
            ))}
          </fieldset>
        ) : null}
        {props.logScale !== null ? (
          <label className="inline-flex items-center gap-2 text-sm text-slate-700">
            <input
              type="checkbox"
              checked={props.logScale}
              disabled={props.logScaleDisabled}
              onChange={(e) => props.onLogScale(e.target.checked)}
              className="size-4 accent-brand-600"
            />
            Log scale
            {props.logScaleDisabled ? <span className="text-slate-500">(needs positive values)</span> : null}
          </label>
        ) : null}
      </div>
      {signedIn ? null : <p className="text-sm text-slate-600">{RANGE_LOCKED_HINT}</p>}
    </div>
  );
}
