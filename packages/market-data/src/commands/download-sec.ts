import { ImportReport } from '../importers/report.ts';
import { downloadSec, SecClient } from '../sec/client.ts';
import type { CommandContext } from './context.ts';

/**
 * `download-sec [dir] [--limit N] [--cik N,...]`: SEC ticker list and companyfacts into `dir`
 * (default $DATA_DIR/sec), ready for `import-all dir`. Needs SEC_USER_AGENT.
 */
export async function run({ args, config }: CommandContext) {
  const flag = (name: string) => {
    const i = args.indexOf(name);
    return i >= 0 ? args[i + 1] : undefined;
  };
  const positional = args.filter((a, i) => !a.startsWith('--') && !args[i - 1]?.startsWith('--'));
  const outDir = positional[0] ?? `${config.dataDir}/sec`;
  const client = new SecClient({
    userAgent: config.sec.userAgent,
    dataUrl: config.sec.dataUrl ?? undefined,
    filesUrl: config.sec.filesUrl ?? undefined,
  });
  const limit = flag('--limit');
  if (limit !== undefined && !/^\d+$/.test(limit)) throw new Error('--limit must be a whole number');
  const cikList = flag('--cik');
  if (cikList !== undefined && !/^\d+(,\d+)*$/.test(cikList))
    throw new Error('--cik must be CIK numbers, e.g. 320193,789019');
  const ciks = cikList?.split(',').map(Number);
  const report = new ImportReport('download-sec');
  await downloadSec(client, { outDir, limit: limit ? Number(limit) : undefined, ciks }, report);
  console.info(report.summary());
  console.info(`Next: npm run data -- import-all ${outDir}`);
}
