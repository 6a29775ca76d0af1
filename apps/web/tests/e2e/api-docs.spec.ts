import { join } from 'node:path';
import { META_KEYS, setMeta } from '@app/market-data/meta';
import { describe, expect, it } from 'vitest';
import { openPage, SCREENSHOT_DIR, VIEWPORTS } from './support/browser';
import { useSite } from './support/site';

describe('the API reference at /api/docs', () => {
  // Real (empty) data: no demo build needed to browse the reference.
  const site = useSite({
    seed: async (db) => {
      await setMeta(db, META_KEYS.source, 'real');
      await setMeta(db, META_KEYS.dataDate, '2026-11-20');
    },
  });

  it('runs Swagger UI under its Content-Security-Policy and lists the routes', async () => {
    const { page, errors, close } = await openPage(site.browser, VIEWPORTS.desktop);
    const response = await page.goto(`${site.server.url}/api/docs/`);
    expect(response?.status()).toBe(200);
    const csp = response?.headers()['content-security-policy'] ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain("'unsafe-eval'");
    // Rendered by Swagger UI's scripts: a blank page would never show the operations.
    await page.waitForSelector('.opblock-summary-path', { timeout: 30_000 });
    expect(await page.locator('.opblock-summary-path').allInnerTexts()).toContain('/api/health');
    await page.screenshot({ path: join(SCREENSHOT_DIR, 'api-docs-1280.png') });
    expect(errors.filter((e) => /Content Security Policy|Refused to/i.test(e))).toEqual([]);
    await close();
  });
});
