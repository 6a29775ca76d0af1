export function IntradayChart({ values, up, label }: { values: number[]; up: boolean; label: string }) {
  const width = 320;
  const height = 120;
  const min = Math.min(...values);
  const max = Math.max(...values);
  const span = max - min || 1;
  const points = values
    .map((v, i) => {
      const x = (i / Math.max(1, values.length - 1)) * width;
      const y = height - ((v - min) / span) * (height - 8) - 4;
      return `${x.toFixed(1)},${y.toFixed(1)}`;
    })
    .join(' ');
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${width} ${height}`}
      className="h-32 w-full"
      preserveAspectRatio="none"
    >
      <polyline
        points={points}
        fill="none"
        // Palette classes, so the dark theme's lighter green and red apply.
        className={up ? 'stroke-emerald-600' : 'stroke-red-600'}
        strokeWidth="2"
        vectorEffect="non-scaling-stroke"
      />
    </svg>
  );
}
