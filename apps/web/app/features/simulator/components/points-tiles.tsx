import type { PointsRecord } from '@app/shared/simulator';
import { formatGain, formatPointsNumber, gainClass } from '../points';

/** SPEC §2 tiles: Total Points, Available Points, Total Gain/Loss, as the server totals them; reserved ones while orders wait. */
export function PointsTiles({ points }: { points: PointsRecord }) {
  return (
    <section
      aria-label="Points"
      className={`grid gap-4 ${points.reserved_points > 0 ? 'sm:grid-cols-4' : 'sm:grid-cols-3'}`}
    >
      <Tile label="Total Points" value={formatPointsNumber(points.total_points)} />
      <Tile label="Available Points" value={formatPointsNumber(points.contest_points)} testId="available-points" />
      {points.reserved_points > 0 ? (
        <Tile
          label="Reserved by Pending Orders"
          value={formatPointsNumber(points.reserved_points)}
          testId="reserved-points"
        />
      ) : null}
      <Tile label="Total Gain/Loss" value={formatGain(points.total_gain)} valueClass={gainClass(points.total_gain)} />
    </section>
  );
}

function Tile({
  label,
  value,
  valueClass = 'text-slate-900',
  testId,
}: {
  label: string;
  value: string;
  valueClass?: string;
  testId?: string;
}) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <p className="text-sm text-slate-600">{label}</p>
      <p className={`mt-1 text-2xl font-semibold tabular-nums ${valueClass}`} data-testid={testId}>
        {value}
      </p>
    </div>
  );
}
