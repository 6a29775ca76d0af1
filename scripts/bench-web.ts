// `npm run bench:web` (after `npm run build`): Lighthouse mobile against SPEC §2's pages, against the
// budget (Performance ≥ 95, others 100, script ≤ 160 kB). BENCH_WEB_COMPANIES (default 300), CHROME_PATH,
// BENCH_WEB_ONLY, BENCH_WEB_REPORTS, BENCH_WEB_RUNS (the median run is shown: on a shared machine one run
// moves by several points). BENCH_SMOKE=1 measures the home page of a 20-company universe.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '@app/test-support/browser';
import { startServer } from '@app/test-support/server';
import lighthouse from 'lighthouse';

const CHROME = process.env.CHROME_PATH ?? CHROMIUM_PATH;
const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_FLAGS];
const BUDGET = { performance: 95, others: 100, scriptKb: 160 };

/** Pages to measure: label and path; `{slug}` becomes the largest company. Extend as pages land. */
const PAGES = [
  { label: 'home', path: '/' },
  { label: 'screener', path: '/screener' },
  { label: 'advanced screener', path: '/screener/advanced' },
  { label: 'market map', path: '/screener/map' },
  { label: 'company metric', path: '/companies/info/{slug}/revenue' },
  { label: 'statements', path: '/companies/info/{slug}/statements' },
  { label: 'compare', path: '/companies/compare?companies={slug}' },
  { label: 'rankings', path: '/companies/market-cap-rankings' },
  { label: 'news', path: '/news' },
  { label: 'doc QA', path: '/doc-qa' },
  { label: 'simulator (signed out)', path: '/simulator' },
  { label: 'simulator games', path: '/simulator/games' },
  { label: 'login', path: '/login' },
];

interface Row {
  label: string;
  path: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  scriptKb: number;
  range: [number, number];
}

async function launchChromium(): Promise<{ port: number; child: ChildProcess; profile: string }> {
  const profile = mkdtempSync(join(tmpdir(), 'bench-web-chrome-'));
  const child = spawn(
    CHROME,
    [...CHROME_FLAGS, '--remote-debugging-port=0', `--user-data-dir=${profile}`, 'about:blank'],
    {
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  const port = await new Promise<number>((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(() => reject(new Error(`Chromium did not start: ${seen.slice(-500)}`)), 30_000);
    child.stderr?.on('data', (chunk: Buffer) => {
      seen += chunk.toString();
      const match = seen.match(/DevTools listening on ws:\/\/[^:]+:(\d+)\//);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    child.once('exit', (code) => reject(new Error(`Chromium exited (${code}): ${seen.slice(-500)}`)));
  });
  return { port, child, profile };
}

function scoreOf(lhr: { categories: Record<string, { score: number | null } | undefined> }, id: string): number {
  return Math.round((lhr.categories[id]?.score ?? 0) * 100);
}

function pad(text: string | number, width: number, right = false): string {
  const s = String(text);
  return right ? s.padStart(width) : s.padEnd(width);
}

const RUNS = Math.max(1, Number(process.env.BENCH_WEB_RUNS ?? '1') || 1);
const SMOKE = process.env.BENCH_SMOKE === '1';
const COMPANIES = process.env.BENCH_WEB_COMPANIES ?? (SMOKE ? '20' : '300');

type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

/** One Lighthouse run; the default config is the mobile profile (Moto G Power, slow 4G, 4× CPU, simulated). */
async function measure(url: string, port: number): Promise<Lhr> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  return lhr;
}

function rowOf(label: string, path: string, lhr: Lhr): Row {
  const items = (
    lhr.audits['resource-summary']?.details as { items?: Array<{ resourceType: string; transferSize: number }> }
  )?.items;
  const script = items?.find((i) => i.resourceType === 'script')?.transferSize ?? 0;
  const performance = scoreOf(lhr, 'performance');
  return {
    label,
    path,
    performance,
    accessibility: scoreOf(lhr, 'accessibility'),
    bestPractices: scoreOf(lhr, 'best-practices'),
    seo: scoreOf(lhr, 'seo'),
    lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
    tbtMs: lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN,
    cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? Number.NaN,
    scriptKb: script / 1000,
    range: [performance, performance],
  };
}

/** The last run's failures are reported. */
function failingAudits(lhr: Lhr): string[] {
  return ['accessibility', 'best-practices', 'seo']
    .flatMap((category) => lhr.categories[category]?.auditRefs ?? [])
    .map((ref) => lhr.audits[ref.id])
    .filter((a) => a && a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
    .map((a) => a?.id ?? '');
}

async function main() {
  if (!existsSync(join(import.meta.dirname, '../apps/web/build/server/index.js'))) {
    console.error('The web app is not built: run `npm run build` first.');
    process.exit(1);
  }
  const server = await startServer({
    NODE_ENV: 'production',
    JWT_SECRET: randomBytes(32).toString('hex'),
    DEMO_COMPANIES: COMPANIES,
  });
  const chrome = await launchChromium();
  const rows: Row[] = [];
  try {
    const [largest] = (await (await fetch(`${server.url}/api/companies/list`)).json()) as Array<{ slug: string }>;
    const only = (process.env.BENCH_WEB_ONLY ?? (SMOKE ? 'home' : undefined))?.split(',').map((label) => label.trim());
    const reports = process.env.BENCH_WEB_REPORTS;
    if (reports) mkdirSync(reports, { recursive: true });
    for (const page of PAGES.filter((p) => !only || only.includes(p.label))) {
      const path = page.path.replace('{slug}', largest?.slug ?? '');
      const runs: Row[] = [];
      let failed: string[] = [];
      for (let run = 0; run < RUNS; run++) {
        const lhr = await measure(`${server.url}${path}`, chrome.port);
        if (reports) {
          const suffix = RUNS > 1 ? `-${run + 1}` : '';
          writeFileSync(join(reports, `${page.label.replace(/\W+/g, '-')}${suffix}.json`), JSON.stringify(lhr));
        }
        runs.push(rowOf(page.label, path, lhr));
        failed = failingAudits(lhr);
      }
      runs.sort((a, b) => a.performance - b.performance);
      const median = runs[Math.floor((runs.length - 1) / 2)] as Row;
      rows.push({ ...median, range: [runs[0]?.performance ?? 0, runs.at(-1)?.performance ?? 0] });
      if (failed.length) console.log(`  ${page.label}: failing audits ${failed.join(', ')}`);
    }
  } finally {
    chrome.child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    rmSync(chrome.profile, { recursive: true, force: true });
    await server.stop();
  }

  console.log(
    `\nLighthouse ${'12.8'} mobile profile, production build, ${COMPANIES} demo companies` +
      (RUNS > 1 ? `, median of ${RUNS} runs per page (range: lowest-highest Performance)` : ''),
  );
  console.log(
    `${pad('page', 24)}${pad('perf', 6, true)}${pad('a11y', 6, true)}${pad('bp', 6, true)}${pad('seo', 6, true)}` +
      `${RUNS > 1 ? pad('range', 8, true) : ''}${pad('LCP ms', 9, true)}${pad('TBT ms', 8, true)}${pad('CLS', 7, true)}${pad('script kB', 11, true)}  budget`,
  );
  let over = 0;
  for (const r of rows) {
    const misses = [
      r.performance < BUDGET.performance ? 'perf' : '',
      r.accessibility < BUDGET.others ? 'a11y' : '',
      r.bestPractices < BUDGET.others ? 'bp' : '',
      r.seo < BUDGET.others ? 'seo' : '',
      r.scriptKb > BUDGET.scriptKb ? 'script' : '',
    ].filter(Boolean);
    if (misses.length) over += 1;
    console.log(
      `${pad(r.label, 24)}${pad(r.performance, 6, true)}${pad(r.accessibility, 6, true)}${pad(r.bestPractices, 6, true)}` +
        `${pad(r.seo, 6, true)}${RUNS > 1 ? pad(`${r.range[0]}-${r.range[1]}`, 8, true) : ''}${pad(Math.round(r.lcpMs), 9, true)}${pad(Math.round(r.tbtMs), 8, true)}` +
        `${pad(r.cls.toFixed(3), 7, true)}${pad(r.scriptKb.toFixed(1), 11, true)}  ${misses.length ? `over: ${misses.join(', ')}` : 'ok'}`,
    );
  }
  console.log(
    `\nBudget: performance ≥ ${BUDGET.performance}, accessibility, best practices and SEO ${BUDGET.others}, script ≤ ${BUDGET.scriptKb} kB compressed. ${over} of ${rows.length} pages over.`,
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
