import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ImportReport } from '../importers/report.ts';
import { downloadSec, SecClient } from './client.ts';

const TICKERS = {
  fields: ['cik', 'name', 'ticker', 'exchange'],
  data: [
    [1, 'One Co', 'ONE', 'NYSE'],
    [2, 'Two Co', 'TWO', 'Nasdaq'],
    [3, 'Gone Co', 'GONE', null],
  ],
};
const facts = (cik: number) => ({ cik, entityName: `Co ${cik}`, facts: {} });

describe('SEC downloader against a local server', () => {
  let server: Server;
  let base: string;
  const requests: { url: string; agent: string }[] = [];
  let failuresLeft = 2;
  beforeAll(async () => {
    server = createServer((req, res) => {
      requests.push({ url: req.url ?? '', agent: req.headers['user-agent'] ?? '' });
      if (req.url === '/files/company_tickers_exchange.json') return res.end(JSON.stringify(TICKERS));
      // CIK 2 fails twice (rate limited, then a server error) before it answers.
      if (req.url?.endsWith('CIK0000000002.json') && failuresLeft > 0) {
        res.statusCode = failuresLeft-- === 2 ? 429 : 503;
        return res.end('slow down');
      }
      const m = /CIK0*(\d+)\.json$/.exec(req.url ?? '');
      if (m && m[1] !== '3') return res.end(JSON.stringify(facts(Number(m[1]))));
      res.statusCode = 404;
      res.end('not found');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));
  // The server's log and its scripted failures start afresh for every test, whatever ran before.
  beforeEach(() => {
    requests.length = 0;
    failuresLeft = 2;
  });

  it('refuses to run without a User-Agent naming a contact', () => {
    expect(() => new SecClient({ userAgent: '' })).toThrow(/SEC_USER_AGENT/);
  });

  it('sends the User-Agent, spaces requests to 10/s, retries 429 and 5xx, and resumes', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sec-'));
    const client = new SecClient({
      userAgent: 'Test Co test@example.com',
      dataUrl: base,
      filesUrl: `${base}/files`,
      backoffMs: 20,
    });
    const report = new ImportReport('download-sec');
    // The spacing is the client's promise, so it is read where the client sends: arrival times at
    // the server also carry scheduling delays of a busy machine, which can bunch two requests up.
    const sentAt: number[] = [];
    const realFetch = globalThis.fetch;
    const spy = vi.spyOn(globalThis, 'fetch').mockImplementation((...args) => {
      sentAt.push(performance.now());
      return realFetch(...args);
    });
    try {
      await downloadSec(client, { outDir: dir, progress: { isTTY: false, write() {} } }, report);
    } finally {
      spy.mockRestore();
    }

    expect(requests.every((r) => r.agent === 'Test Co test@example.com')).toBe(true);
    // 1 list + CIK 1 + CIK 2 three times + CIK 3 (404).
    expect(requests).toHaveLength(6);
    // Never closer than a tenth of a second (10 per second); timers fire late, never early.
    expect(sentAt).toHaveLength(6);
    for (let i = 1; i < sentAt.length; i++)
      expect((sentAt[i] as number) - (sentAt[i - 1] as number)).toBeGreaterThanOrEqual(99);
    expect(JSON.parse(readFileSync(join(dir, 'companyfacts/CIK0000000002.json'), 'utf8')).cik).toBe(2);
    expect(report.written).toBe(3);
    expect(report.rejected).toEqual([{ file: 'CIK0000000003.json', reason: 'no XBRL facts: SEC answered 404' }]);

    // A second run finds every file and asks only for the one SEC has not got.
    requests.length = 0;
    const again = new ImportReport('download-sec');
    await downloadSec(client, { outDir: dir }, again);
    expect(requests.map((r) => r.url)).toEqual(['/api/xbrl/companyfacts/CIK0000000003.json']);
    expect(again.written).toBe(0);
    rmSync(dir, { recursive: true, force: true });
  });

  it('gives up after the last retry with the status', async () => {
    const client = new SecClient({ userAgent: 'Test Co test@example.com', dataUrl: base, retries: 1, backoffMs: 1 });
    await expect(client.get(`${base}/api/xbrl/companyfacts/CIK0000000002.json`)).rejects.toThrow(
      /HTTP 503 after 2 attempts/,
    );
  });
});
