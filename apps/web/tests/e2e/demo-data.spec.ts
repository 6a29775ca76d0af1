import { join } from 'node:path';
import { lastTradingDayBefore } from '@app/market-data/calendar';
import { describe, expect, it } from 'vitest';
import { gotoHydrated, openPage, SCREENSHOT_DIR, seriousAxeViolations, VIEWPORTS } from './support/browser';
import { useSite } from './support/site';

describe('a fresh install serves the living demo universe, labelled as demo data', () => {
  const site = useSite();

  it('has built the demo data through the last trading day before today', async () => {
    const meta = await (await fetch(`${site.server.url}/api/meta`)).json();
    expect(meta).toEqual({ source: 'demo', dataDate: lastTradingDayBefore(new Date().toISOString().slice(0, 10)) });
  });

  it('renders the notice on the server, before any script runs', async () => {
    const html = await (await fetch(`${site.server.url}/`)).text();
    expect(html).toContain('data-testid="data-notice"');
    expect(html).toMatch(/Demo data:.*fictional companies and prices/s);
  });

  it('does not send visitors to SEC EDGAR for a fictional company', async () => {
    const [largest] = await (await fetch(`${site.server.url}/api/companies/list`)).json();
    const { page, close } = await openPage(site.browser, VIEWPORTS.desktop);
    await gotoHydrated(page, `${site.server.url}/companies/info/${largest.slug}/stock-price`);
    expect(await page.getByText('is a fictional demo company, so it has no SEC filings').isVisible()).toBe(true);
    expect(await page.locator('a[href*="sec.gov"]').count()).toBe(0);
    await close();
  });

  for (const [label, viewport] of [
    ['1280', VIEWPORTS.desktop],
    ['375', VIEWPORTS.mobile],
  ] as const) {
    it(`shows the notice on every page at ${label} px, without overflow or serious axe violations`, async () => {
      const { page, errors, close } = await openPage(site.browser, viewport);
      for (const path of ['/', '/screener']) {
        await gotoHydrated(page, `${site.server.url}${path}`);
        const notice = page.getByRole('complementary', { name: 'About this data' });
        expect(await notice.isVisible()).toBe(true);
        expect(await notice.textContent()).toContain('Demo data:');
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow).toBeLessThanOrEqual(0);
      }
      await gotoHydrated(page, `${site.server.url}/`);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await page.screenshot({ path: join(SCREENSHOT_DIR, `demo-notice-${label}.png`) });
      expect(errors).toEqual([]);
      await close();
    });
  }
});
