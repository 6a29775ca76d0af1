import type { DataMetaResponse } from '@app/shared/meta';

/** A clear notice on the invented demo universe, a quiet line on real data. */
export function DataNotice({ meta }: { meta: DataMetaResponse | null }) {
  if (!meta || meta.source === 'none') return null;
  if (meta.source === 'demo') {
    return (
      <aside
        aria-label="About this data"
        data-testid="data-notice"
        className="border-b border-amber-300 bg-amber-50 text-amber-950"
      >
        <p className="mx-auto max-w-7xl px-4 py-2 text-sm sm:px-6">
          <strong className="font-semibold">Demo data:</strong> fictional companies and prices, generated for learning
          and practice
          {meta.dataDate ? <> (through {meta.dataDate})</> : null}. Not real market data.
        </p>
      </aside>
    );
  }
  return (
    <aside aria-label="About this data" data-testid="data-notice" className="border-b border-slate-200 bg-white">
      <p className="mx-auto max-w-7xl px-4 py-1 text-xs text-slate-600 sm:px-6">
        Real data{meta.dataDate ? ` through ${meta.dataDate}` : ''}
      </p>
    </aside>
  );
}
