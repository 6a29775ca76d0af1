import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DATA_DATE, type QuoteSeed, seedQuotes, TEST_UNIVERSE } from '@app/server/testing';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { gotoHydrated, openPage, SCREENSHOT_DIR, seriousAxeViolations, VIEWPORTS } from './support/browser';
import { useSite } from './support/site';

// Sixty small utilities after the named test companies: enough rows for eight pages.
const FILLERS: QuoteSeed[] = Array.from({ length: 60 }, (_, i) => {
  const n = String(i + 1).padStart(2, '0');
  return {
    ticker: `UT${n}`,
    name: `Utility Number ${n} Co`,
    sector: 10,
    industry: 'Electric Utilities',
    date: DATA_DATE,
    close: 10 + i,
    prevClose: 10 + i,
    volume: 1_000 * (i + 1),
    mkcap: 100 + i,
  };
});
const TOTAL = TEST_UNIVERSE.filter((s) => s.date === DATA_DATE).length + FILLERS.length;

async function firstColumn(page: Page): Promise<string[]> {
  return page.locator('table tbody tr td:first-child').allTextContents();
}

describe('screener journey', () => {
  const site = useSite({ seed: (db) => seedQuotes(db, [...TEST_UNIVERSE, ...FILLERS]) });

  it('renders the first page, title, canonical and the ?q= search on the server', async () => {
    const html = await (await fetch(`${site.server.url}/screener`)).text();
    expect(html).toContain('<title>Stock Screener | StockGurus</title>');
    expect(html).toContain(`<link rel="canonical" href="${site.server.url}/screener"/>`);
    expect(html).toContain('End-of-day data for the last trading day');
    expect(html).toContain('Apple Inc.');
    expect(html).toContain('href="/companies/info/apple-inc"');
    expect(html).toContain(`of ${TOTAL} companies`);
    const searched = await (await fetch(`${site.server.url}/screener?q=micro`)).text();
    expect(searched).toContain('Microsoft Corp');
    expect(searched).not.toContain('Apple Inc.');
    expect(searched).toMatch(/id="screener-search"[^>]*value="micro"/);
  });

  it('shows the table with formats and colours, and nothing overflows (1280 px)', async () => {
    const { page, errors, close } = await openPage(site.browser, VIEWPORTS.desktop);
    await gotoHydrated(page, `${site.server.url}/screener`);
    expect(await firstColumn(page)).toEqual([
      'AAPL',
      'MSFT',
      'BIGB',
      'LRGE',
      'LRGA',
      'MIDB',
      'APP',
      'MIDA',
      'SMAL',
      'NEWC',
    ]);
    const apple = page.locator('tbody tr').first();
    expect(await apple.locator('td').allTextContents()).toEqual([
      'AAPL',
      'Apple Inc.Consumer Electronics',
      'Information Technology',
      '$3.00T',
      '$190.00',
      '50,000,000',
      '+2.50 (+1.33%)',
    ]);
    expect(await apple.locator('td').last().getAttribute('class')).toContain('text-emerald-700');
    expect(await page.locator('tbody tr').nth(1).locator('td').last().getAttribute('class')).toContain('text-red-700');
    await page.screenshot({ path: join(SCREENSHOT_DIR, 'screener-1280.png'), fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    expect(errors).toEqual([]);
    await close();
  });

  it('searches after a pause in typing, and shows the empty text', async () => {
    const { page, close } = await openPage(site.browser, VIEWPORTS.desktop);
    await gotoHydrated(page, `${site.server.url}/screener`);
    await page.getByLabel('Search').pressSequentially('bank', { delay: 50 });
    await page.waitForURL(`${site.server.url}/screener?q=bank`);
    await expect.poll(() => firstColumn(page)).toEqual(['BIGB']);
    await page.getByLabel('Search').fill('zzzz');
    await page.waitForURL(`${site.server.url}/screener?q=zzzz`);
    await expect.poll(() => page.getByText('No companies found matching your criteria.').isVisible()).toBe(true);
    expect(await page.locator('table').count()).toBe(0);
    await close();
  });

  it('filters by sector and size, sorts by a column, and resets the filters', async () => {
    const { page, close } = await openPage(site.browser, VIEWPORTS.desktop);
    await gotoHydrated(page, `${site.server.url}/screener`);
    await page.getByLabel('Sector').selectOption({ label: 'Industrials' });
    await page.waitForURL(`${site.server.url}/screener?sect=3`);
    await expect.poll(() => firstColumn(page)).toEqual(['LRGE', 'LRGA', 'SMAL']);
    await page.getByLabel('Market Cap').selectOption('large');
    await page.waitForURL(`${site.server.url}/screener?sect=3&cap=large`);
    await expect.poll(() => firstColumn(page)).toEqual(['LRGE', 'LRGA']);

    const price = page.getByRole('button', { name: 'Price' });
    await price.click();
    await page.waitForURL(/sort=price&dir=desc/);
    await expect.poll(() => firstColumn(page)).toEqual(['LRGA', 'LRGE']);
    const priceHeader = page.locator('th', { has: price });
    await expect.poll(() => priceHeader.getAttribute('aria-sort')).toBe('descending');
    await price.click();
    await page.waitForURL(/sort=price&dir=asc/);
    await expect.poll(() => firstColumn(page)).toEqual(['LRGE', 'LRGA']);
    await expect.poll(() => priceHeader.getAttribute('aria-sort')).toBe('ascending');
    // Another column starts descending.
    await page.getByRole('button', { name: 'Volume' }).click();
    await page.waitForURL(/sort=price_volume&dir=desc/);
    await expect
      .poll(() => page.locator('th', { has: page.getByRole('button', { name: 'Volume' }) }).getAttribute('aria-sort'))
      .toBe('descending');

    await page.getByRole('button', { name: 'Reset Filters' }).click();
    await page.waitForURL(`${site.server.url}/screener?sort=price_volume&dir=desc`);
    expect(await page.getByLabel('Sector').inputValue()).toBe('any');
    expect(await page.getByLabel('Market Cap').inputValue()).toBe('any');
    await expect
      .poll(() => firstColumn(page))
      .toEqual(['AAPL', 'MSFT', 'BIGB', 'LRGE', 'APP', 'LRGA', 'NEWC', 'MIDB', 'MIDA', 'SMAL']);
    await close();
  });

  it('pages with numbered buttons, Previous/Next and a clamping Go-to box', async () => {
    const { page, close } = await openPage(site.browser, VIEWPORTS.desktop);
    await gotoHydrated(page, `${site.server.url}/screener`);
    const pager = page.getByRole('navigation', { name: 'Screener pages' });
    const numbers = () => pager.getByRole('button', { name: /^Page \d+$/ }).allTextContents();
    expect(await numbers()).toEqual(['1', '2', '3', '4', '5']);
    expect(await pager.getByRole('button', { name: 'Previous' }).isDisabled()).toBe(true);
    await pager.getByRole('button', { name: 'Page 2' }).click();
    await page.waitForURL(`${site.server.url}/screener?page=2`);
    await expect
      .poll(() => firstColumn(page))
      .toEqual(['WILD', 'UT60', 'UT59', 'UT58', 'UT57', 'UT56', 'UT55', 'UT54', 'UT53', 'UT52']);
    // SPEC §3 screener name of sector 2.
    expect(await page.locator('tbody tr', { hasText: 'WILD' }).locator('td').nth(2).textContent()).toBe(
      'Basic Materials',
    );
    await pager.getByRole('button', { name: 'Next' }).click();
    await page.waitForURL(`${site.server.url}/screener?page=3`);
    await expect.poll(() => pager.getByRole('button', { name: 'Page 3' }).getAttribute('aria-current')).toBe('page');

    const goTo = pager.getByLabel('Go to page');
    await goTo.fill('abc');
    await pager.getByRole('button', { name: 'Go', exact: true }).click();
    await page.waitForTimeout(300);
    expect(page.url()).toBe(`${site.server.url}/screener?page=3`);
    await goTo.fill('99');
    await goTo.press('Enter');
    await page.waitForURL(`${site.server.url}/screener?page=8`);
    await expect.poll(numbers).toEqual(['6', '7', '8']);
    expect(await goTo.inputValue()).toBe('8');
    expect(await pager.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
    await expect.poll(() => firstColumn(page)).toEqual(['UT01', 'NOCP']);

    // Back goes to the previous view.
    await page.goBack();
    await page.waitForURL(`${site.server.url}/screener?page=3`);
    await expect.poll(() => pager.getByRole('button', { name: 'Page 3' }).getAttribute('aria-current')).toBe('page');
    await close();
  });

  it('restores a shared view from the URL', async () => {
    const { page, close } = await openPage(site.browser, VIEWPORTS.desktop);
    await gotoHydrated(page, `${site.server.url}/screener?q=app&sect=8&sort=price&dir=asc`);
    expect(await page.getByLabel('Search').inputValue()).toBe('app');
    expect(await page.getByLabel('Sector').inputValue()).toBe('8');
    // The exact ticker first, then by price, lowest first.
    expect(await firstColumn(page)).toEqual(['APP', 'AAPL']);
    expect(
      await page.locator('th', { has: page.getByRole('button', { name: 'Price' }) }).getAttribute('aria-sort'),
    ).toBe('ascending');
    // A row link navigates in the browser (the table handles its links' clicks), not by loading a
    // new document: a mark left on the window survives. Enter on the focused link does the same.
    await page.evaluate(() => Object.assign(window, { samePage: true }));
    await page.getByRole('link', { name: 'Apple Inc.' }).focus();
    await page.keyboard.press('Enter');
    // The metrics page may add its default metric to the path.
    await page.waitForURL(new RegExp(`${site.server.url}/companies/info/apple-inc(/stock-price)?$`));
    expect(await page.evaluate(() => 'samePage' in window)).toBe(true);
    await close();
  });

  it('downloads the whole filtered list as CSV', async () => {
    const { page, close } = await openPage(site.browser, VIEWPORTS.desktop);
    await gotoHydrated(page, `${site.server.url}/screener?sect=10`);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`screener-${DATA_DATE}.csv`);
    const path = await download.path();
    const lines = readFileSync(path, 'utf8').trimEnd().split('\r\n');
    // All sixty utilities, not only the ten on screen.
    expect(lines).toHaveLength(1 + 60);
    expect(lines[0]).toMatch(/^Symbol,Company,Industry,Sector/);
    expect(lines[1]).toMatch(/^UT60,Utility Number 60 Co,Electric Utilities,Utilities,/);
    await close();
  });

  it('fits 375 px: each row is a card, so nothing scrolls sideways and the sort buttons stay', async () => {
    const { page, errors, close } = await openPage(site.browser, VIEWPORTS.mobile);
    await gotoHydrated(page, `${site.server.url}/screener`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    const region = page.getByRole('region', { name: 'Companies' });
    expect(await region.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
    // Every value of a row is on screen, after its header.
    const apple = page.locator('tbody tr').first();
    for (const label of ['Sector', 'Market Cap', 'Price', 'Volume', 'Daily Change']) {
      const box = await apple.locator(`td[data-label="${label}"]`).boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= VIEWPORTS.mobile.width).toBe(true);
    }
    expect(
      await apple.locator('td[data-label="Price"]').evaluate((el) => getComputedStyle(el, '::before').content),
    ).toBe('"Price"');
    await page.getByRole('button', { name: 'Price' }).click();
    await page.waitForURL(/sort=price&dir=desc/);
    await page.screenshot({ path: join(SCREENSHOT_DIR, 'screener-375.png'), fullPage: true });
    expect(errors).toEqual([]);
    await close();
  });

  it.each([
    ['desktop', VIEWPORTS.desktop],
    ['mobile', VIEWPORTS.mobile],
  ] as const)('has no serious accessibility violations (%s)', async (_name, viewport) => {
    const { page, close } = await openPage(site.browser, viewport);
    await gotoHydrated(page, `${site.server.url}/screener`);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await gotoHydrated(page, `${site.server.url}/screener?q=zzzz`);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await close();
  });
});
