import { METRIC_KEYS, METRICS, type MetricKey } from '@app/shared/metrics';
import { Link } from 'react-router';

/** One link per metric: crawlable, and choosing one pushes its path (SPEC §2). */
export function MetricChips({ slug, metric }: { slug: string; metric: MetricKey }) {
  return (
    <nav aria-label="Metrics">
      <ul className="flex flex-wrap gap-2">
        {METRIC_KEYS.map((key) => {
          const current = key === metric;
          return (
            <li key={key}>
              <Link
                to={`/companies/info/${slug}/${key}`}
                preventScrollReset
                aria-current={current ? 'page' : undefined}
                className={`inline-block rounded-full border px-3 py-1 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 ${
                  current
                    ? 'border-brand-600 bg-brand-600 text-white'
                    : 'border-slate-300 bg-white text-slate-700 hover:border-brand-500 hover:text-brand-700'
                }`}
              >
                {METRICS[key].label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
