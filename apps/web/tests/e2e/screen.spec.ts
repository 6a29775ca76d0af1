import { join } from 'node:path';
import { seedScreenUniverse } from '@app/server/testing';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { gotoHydrated, openPage, SCREENSHOT_DIR, seriousAxeViolations, VIEWPORTS } from './support/browser';
import { useSite } from './support/site';

async function firstColumn(page: Page): Promise<string[]> {
  return page.locator('table tbody tr td:first-child').allTextContents();
}

async function headers(page: Page): Promise<string[]> {
  return (await page.locator('table thead th').allTextContents()).map((h) => h.trim());
}

describe('advanced screen journey', () => {
  const site = useSite({ seed: seedScreenUniverse });

  it('renders a shared screen on the server, with its title and canonical', async () => {
    const html = await (
      await fetch(`${site.server.url}/screener/advanced?pe_max=10&market_cap_min=100&columns=market_cap,pe,roe`)
    ).text();
    expect(html).toContain('<title>Advanced Stock Screener | StockGurus</title>');
    expect(html).toContain(`<link rel="canonical" href="${site.server.url}/screener/advanced"/>`);
    expect(html).toContain('Alpha Software Inc');
    expect(html).not.toContain('Beta Foods Corp');
    expect(html).toContain('Figures as of the close of');
  });

  it('builds a screen, shares its URL, moves to 2008 and reaches a company by keyboard', async () => {
    const { page, errors, close } = await openPage(site.browser, VIEWPORTS.desktop);
    await gotoHydrated(page, `${site.server.url}/screener/advanced`);
    expect(await firstColumn(page)).toEqual(['ALFA', 'BETA', 'GAMA']);

    // Two range filters.
    await page.getByText('Valuation', { exact: true }).click();
    await page.getByLabel('P/E maximum', { exact: true }).fill('10');
    await page.getByLabel('Market Cap minimum', { exact: true }).fill('100');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.waitForURL(/pe_max=10/);
    expect(page.url()).toContain('market_cap_min=100');
    // The URL changes first, the rows when the loader has answered.
    await expect.poll(() => firstColumn(page)).toEqual(['ALFA']);

    // A chosen column.
    await page.locator('select[name="columns"]').selectOption({ label: 'ROE' });
    await page.getByRole('button', { name: 'Add column' }).click();
    await page.waitForURL(/columns=/);
    await expect.poll(() => headers(page)).toContain('ROE');
    const shared = page.url();

    // The link alone gives the same screen in a fresh browser.
    const other = await openPage(site.browser, VIEWPORTS.desktop);
    await gotoHydrated(other.page, shared);
    expect(await firstColumn(other.page)).toEqual(['ALFA']);
    expect(await headers(other.page)).toContain('ROE');
    expect(await other.page.getByLabel('P/E maximum', { exact: true }).inputValue()).toBe('10');
    expect(await seriousAxeViolations(other.page)).toEqual([]);
    expect(other.errors).toEqual([]);
    await other.close();

    // A Saturday in 2008: the Friday before, said so; the delisted company with its status.
    await page.getByLabel('P/E maximum', { exact: true }).fill('');
    await page.getByLabel('Market Cap minimum', { exact: true }).fill('10');
    await page.getByLabel('As of (close)', { exact: true }).fill('2008-06-14');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.waitForURL(/asOf=2008-06-14/);
    await page.getByRole('status').filter({ hasText: 'was not a trading day' }).waitFor();
    expect(await page.getByRole('status').first().textContent()).toContain('Friday, June 13, 2008');
    await expect.poll(() => firstColumn(page)).toEqual(['DELT']);
    expect(await page.locator('tbody').textContent()).toContain('Delisted Jun 16, 2008');
    await page.screenshot({ path: join(SCREENSHOT_DIR, 'screen-2008-1280.png'), fullPage: true });

    // Tab to the company and open it with Enter.
    let reached = false;
    for (let i = 0; i < 200 && !reached; i += 1) {
      await page.keyboard.press('Tab');
      reached = await page.evaluate(() => document.activeElement?.textContent === 'Delta Airlines Old');
    }
    expect(reached).toBe(true);
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/companies\/info\/delta-airlines-old/);
    expect(errors).toEqual([]);
    await close();
  });

  it('lets a member save the screen shown, open it again and delete it', async () => {
    const { page, errors, close } = await openPage(site.browser, VIEWPORTS.desktop);
    await gotoHydrated(page, `${site.server.url}/signup`);
    // A member of its own each attempt: CI's retry of a failed attempt starts with no account and no screens.
    const tag = Date.now().toString(36);
    await page.getByLabel('Username', { exact: true }).fill(`fan_${tag}`);
    await page.getByLabel('Email', { exact: true }).fill(`fan-${tag}@example.com`);
    await page.getByLabel('Password', { exact: true }).fill('fan-password');
    await page.getByLabel('Confirm password', { exact: true }).fill('fan-password');
    await page.getByLabel(/I agree to the/).check();
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL(`${site.server.url}/`);

    await gotoHydrated(page, `${site.server.url}/screener/advanced?pe_max=10&columns=pe,roe`);
    await page.getByLabel('Name', { exact: true }).fill('Cheap');
    await page.getByRole('button', { name: 'Save this screen' }).click();
    await page.getByText('Saved "Cheap".').waitFor();
    const link = page.getByRole('link', { name: 'Cheap', exact: true });
    expect(await link.getAttribute('href')).toBe('/screener/advanced?pe_max=10&columns=pe%2Croe');
    await link.click();
    await page.waitForURL(/pe_max=10/);
    await page.getByRole('button', { name: 'Show my screens' }).click();
    await page.getByRole('button', { name: 'Delete Cheap' }).click();
    await page.getByText('Deleted "Cheap".').waitFor();
    expect(await page.getByText('No saved screens yet.').count()).toBe(1);
    expect(errors).toEqual([]);
    await close();
  });

  it('opens the market map of a day and reaches a company by keyboard', async () => {
    const { page, errors, close } = await openPage(site.browser, VIEWPORTS.desktop);
    await gotoHydrated(page, `${site.server.url}/screener/map?asOf=2024-06-14&period=1y`);
    expect(await page.title()).toBe('Market Map | StockGurus');
    const tiles = page.locator('svg a');
    expect(await tiles.count()).toBe(2);
    expect(await tiles.first().getAttribute('aria-label')).toBe(
      'Alpha Software Inc (ALFA), Information Technology, Software: market cap $160.00M, 1 year change +60.00%',
    );
    expect(await page.locator('details table tbody tr').allTextContents()).toContain(
      'Consumer StaplesPackaged FoodsBeta Foods Corp$50.00Mno change available',
    );
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.screenshot({ path: join(SCREENSHOT_DIR, 'market-map-1280.png'), fullPage: true });
    let reached = false;
    for (let i = 0; i < 100 && !reached; i += 1) {
      await page.keyboard.press('Tab');
      reached = await page.evaluate(
        () => document.activeElement?.getAttribute('aria-label')?.startsWith('Alpha Software Inc') ?? false,
      );
    }
    expect(reached).toBe(true);
    // Focus shows the figures in words beside the map.
    expect(await page.locator('p[aria-live="polite"]').last().textContent()).toContain('market cap $160.00M');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/companies\/info\/alpha-software-inc/);
    // The company page shows the same measures, on the latest day (TTM to 31 March 2024: P/E 164 / 50).
    await page.getByRole('heading', { name: 'Key measures' }).waitFor();
    expect(await page.locator('#key-measures-heading + p + dl').textContent()).toContain('P/E3.28×');
    expect(errors).toEqual([]);
    await close();
  });

  it('fits a phone (375 px)', async () => {
    const { page, errors, close } = await openPage(site.browser, VIEWPORTS.mobile);
    await gotoHydrated(page, `${site.server.url}/screener/advanced?pe_max=10`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: join(SCREENSHOT_DIR, 'screen-375.png'), fullPage: true });
    expect(errors).toEqual([]);
    await close();
  });
});
