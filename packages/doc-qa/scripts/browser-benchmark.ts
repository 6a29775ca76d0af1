// Part (c) of the evaluation: the real page in headless Chromium on a generated 300-page PDF.
// Needs the web build (`npm run build`) and Chromium (CHROMIUM_PATH, default /usr/bin/chromium).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { CHROMIUM_PATH, launchBrowser } from '@app/test-support/browser';
import { startServer } from '@app/test-support/server';
import type { Browser, Page } from 'playwright-core';
import { makePdf, type PdfPageSpec } from '../src/testing/make-pdf';

// BENCH_SMOKE=1 (the smoke step of `npm test`): 20 pages.
const PAGES = process.env.BENCH_SMOKE === '1' ? 20 : 300;
const REGIONS = ['northern', 'southern', 'eastern', 'western', 'central', 'coastal', 'mountain', 'river'];
const ITEMS = ['revenue', 'operating income', 'freight cost', 'research spending', 'inventory', 'warranty reserve'];
const SURNAMES = ['Abbott', 'Brennan', 'Castillo', 'Dimitrov', 'Eriksen', 'Fontaine', 'Gallagher', 'Haddad', 'Ivanova'];

/** A small deterministic generator, so every run measures the same document. */
function random(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2_147_483_648;
    return s / 2_147_483_648;
  };
}

/** A report-like PDF of 300 pages (20 in a smoke run) with one unique, askable fact on every tenth page. */
export function benchmarkDocument(): { pages: PdfPageSpec[]; questions: string[] } {
  const rnd = random(7);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)] as T;
  const pages: PdfPageSpec[] = [];
  const questions: string[] = [];
  for (let p = 1; p <= PAGES; p += 1) {
    const paragraphs: string[] = [`Section ${p}: ${pick(REGIONS)} division review`];
    for (let k = 0; k < 4; k += 1) {
      const sentences: string[] = [];
      for (let j = 0; j < 5; j += 1) {
        const year = 2015 + Math.floor(rnd() * 9);
        const amount = (rnd() * 900 + 10).toFixed(1);
        sentences.push(
          `The ${pick(REGIONS)} division reported ${pick(ITEMS)} of $${amount} million in ${year}, ` +
            `according to ${pick(SURNAMES)}, who manages the unit from the ${pick(REGIONS)} office.`,
        );
      }
      paragraphs.push(sentences.join(' '));
    }
    if (p % 10 === 0) {
      const site = `Plant ${p * 7}`;
      paragraphs.push(
        `The ${site} warehouse held calibration stock worth $${p}.5 million at the close of fiscal 2023.`,
      );
      questions.push(`How much calibration stock did the ${site} warehouse hold?`);
    }
    pages.push({ paragraphs });
  }
  return { pages, questions };
}

async function timeQuestion(page: Page, question: string): Promise<{ ms: number; answer: string }> {
  return page.evaluate(async (q) => {
    const input = document.querySelector<HTMLInputElement>('form input[type="text"]');
    const submit = document.querySelector<HTMLButtonElement>('form button[type="submit"]');
    if (!input || !submit) throw new Error('The question form is missing');
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
    setValue?.call(input, q);
    input.dispatchEvent(new Event('input', { bubbles: true }));
    await new Promise((r) => requestAnimationFrame(() => r(null)));
    const done = new Promise<void>((resolve) => {
      const observer = new MutationObserver(() => {
        if (!submit.disabled) {
          observer.disconnect();
          resolve();
        }
      });
      observer.observe(submit, { attributes: true, attributeFilter: ['disabled'] });
    });
    const t0 = performance.now();
    submit.click();
    await done;
    const ms = performance.now() - t0;
    const answer = document.querySelector<HTMLTextAreaElement>('textarea[readonly]')?.value ?? '';
    return { ms, answer };
  }, question);
}

/** Through the DevTools protocol: `performance.memory` does not exist inside workers. */
async function workerHeapBytes(browser: Browser, urlPart: string): Promise<number | null> {
  const cdp = await browser.newBrowserCDPSession();
  try {
    const { targetInfos } = await cdp.send('Target.getTargets');
    const target = targetInfos.find((t) => t.type === 'worker' && t.url.includes(urlPart));
    if (!target) return null;
    const { sessionId } = await cdp.send('Target.attachToTarget', { targetId: target.targetId, flatten: false });
    const reply = new Promise<number | null>((resolve) => {
      cdp.on('Target.receivedMessageFromTarget', (event) => {
        const message = JSON.parse(event.message) as { id: number; result?: { usedSize: number } };
        if (message.id === 1) resolve(message.result?.usedSize ?? null);
      });
    });
    await cdp.send('Target.sendMessageToTarget', {
      sessionId,
      message: JSON.stringify({ id: 1, method: 'Runtime.getHeapUsage' }),
    });
    return await Promise.race([reply, new Promise<null>((r) => setTimeout(() => r(null), 5000))]);
  } finally {
    await cdp.detach();
  }
}

function percentile(xs: number[], p: number): number {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

export async function runBrowserBenchmark(repo: string): Promise<void> {
  if (!existsSync(join(repo, 'apps/web/build/client'))) {
    console.log('(c) skipped: no web build; run `npm run build` first.');
    return;
  }
  if (!existsSync(CHROMIUM_PATH)) {
    console.log(`(c) skipped: no Chromium at ${CHROMIUM_PATH} (set CHROMIUM_PATH).`);
    return;
  }
  const { pages, questions } = benchmarkDocument();
  const pdf = Buffer.from(await makePdf(pages));
  const server = await startServer();
  const url = server.url;
  let browser: Browser | undefined;
  try {
    browser = await launchBrowser(['--enable-precise-memory-info']);
    const page = await browser.newPage();
    await page.goto(`${url}/doc-qa`);
    await page.waitForSelector('html[data-hydrated="true"]');
    const t0 = performance.now();
    await page
      .getByLabel('Choose a PDF')
      .setInputFiles({ name: 'benchmark.pdf', mimeType: 'application/pdf', buffer: pdf });
    await page.getByTestId('preflight').filter({ hasText: 'indexed in' }).waitFor({ timeout: 120_000 });
    const loadMs = performance.now() - t0;
    const preflight = (await page.getByTestId('preflight').textContent()) ?? '';

    const times: number[] = [];
    let correct = 0;
    for (const [i, q] of questions.entries()) {
      const { ms, answer } = await timeQuestion(page, q);
      times.push(ms);
      if (answer === `$${(i + 1) * 10}.5 million`) correct += 1;
    }
    const workerBytes = await workerHeapBytes(browser, 'doc-qa.worker');
    const mb = (b: number | null | undefined) => (typeof b === 'number' ? `${(b / 1_048_576).toFixed(1)} MB` : 'n/a');
    console.log(
      `(c) ${PAGES}-page PDF (${(pdf.length / 1024).toFixed(0)} kB) in headless Chromium: ` +
        `extraction + indexing ${(loadMs / 1000).toFixed(2)} s (page says: ${preflight})`,
    );
    console.log(
      `    ${times.length} questions, reader R1 (R0 as fallback), click to answer on screen: p50 ${percentile(times, 50).toFixed(0)} ms, ` +
        `p95 ${percentile(times, 95).toFixed(0)} ms; ${correct}/${questions.length} exact; ` +
        `JS heap of the Document QA worker ${mb(workerBytes)}`,
    );
  } finally {
    await browser?.close();
    await server.stop();
  }
}
