import { existsSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { BulkSources } from '../importers/bulk-import.ts';
import type { ImportReport } from '../importers/report.ts';
import { Progress, type ProgressSink } from '../progress.ts';
import type { SecClient } from './client.ts';

export const BULK_ARCHIVES = {
  submissions: 'edgar/daily-index/bulkdata/submissions.zip',
  companyfacts: 'edgar/daily-index/xbrl/companyfacts.zip',
} as const;

export interface BulkDownloadOptions {
  outDir: string;
  /** Fetch again even when a whole zip is already there (SEC rebuilds them every night). */
  refresh?: boolean;
  progress?: ProgressSink;
}

/** Both archives (about 1.5 and 1 GB), each only if not already whole; a stopped run's `.part` resumes. */
export async function downloadBulk(
  client: SecClient,
  options: BulkDownloadOptions,
  report: ImportReport,
): Promise<Required<BulkSources>> {
  const paths = {} as Record<keyof typeof BULK_ARCHIVES, string>;
  for (const [key, archive] of Object.entries(BULK_ARCHIVES) as [keyof typeof BULK_ARCHIVES, string][]) {
    const path = join(options.outDir, 'bulk', `${key}.zip`);
    paths[key] = path;
    report.read++;
    if (options.refresh) rmSync(path, { force: true });
    if (existsSync(path) && statSync(path).size > 0) {
      report.unchanged++;
      report.note(`${key}.zip already downloaded (${mb(statSync(path).size)}); --refresh fetches tonight's`);
      continue;
    }
    let bar: Progress | null = null;
    let shown = 0;
    const result = await client.download(`${client.archivesUrl}/${archive}`, path, (received, total) => {
      if (!bar) {
        bar = new Progress(`${key}.zip (MB)`, options.progress).start(Math.ceil((total ?? received) / 1e6));
        shown = Math.floor(received / 1e6);
      }
      const now = Math.floor(received / 1e6);
      if (now > shown) {
        bar.tick(now - shown);
        shown = now;
      }
    });
    const finished = bar as Progress | null;
    if (finished) {
      // The last part of a megabyte counts too: the bar ends full.
      finished.tick(Math.max(0, Math.ceil(result.bytes / 1e6) - shown));
      finished.done();
    }
    report.written++;
    report.note(
      `${key}.zip: ${mb(result.bytes)}${result.resumedFrom > 0 ? `, resumed from ${mb(result.resumedFrom)}` : ''}`,
    );
  }
  return paths;
}

const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;
