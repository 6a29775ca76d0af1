import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createTokenService, RANKINGS_UNIVERSE, rankingFillers, seedMember, seedRankings } from '@app/server/testing';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { gotoHydrated, openPage, SCREENSHOT_DIR, seriousAxeViolations, VIEWPORTS } from './support/browser';
import { useSite } from './support/site';

const JWT_SECRET = 'e2e-secret-that-is-long-enough-for-hs256-signing';
// Headless Chromium names itself "HeadlessChrome", which counts as a crawler: visitors here
// present an ordinary desktop browser.
const BROWSER_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
// 7 hand-worked companies and 230 fillers traded in 2024: twelve pages of twenty.
const TOTAL_2024 = 237;

/** A page as an ordinary desktop browser presents itself. */
const open = (browser: Browser, viewport: { width: number; height: number }) =>
  openPage(browser, viewport, { userAgent: BROWSER_UA });

const tickersOn = (page: Page) => page.locator('table tbody tr td:nth-child(2) div.font-mono').allTextContents();

describe('rankings journey', () => {
  const site = useSite({
    seed: async (db) => {
      await seedRankings(db, [...RANKINGS_UNIVERSE, ...rankingFillers(230)]);
      // The member whose token the signed-in test carries (a token of no account is refused).
      await seedMember(db, { id: 9, username: 'member', email: 'member@example.com' });
    },
    env: { JWT_SECRET },
  });
  const url = (path: string) => `${site.server.url}${path}`;

  it('renders any year for a crawler on the server, with canonical and item-list data', async () => {
    const html = await (
      await fetch(url('/companies/market-cap-rankings?year=2010'), { headers: { 'user-agent': GOOGLEBOT } })
    ).text();
    expect(html).toContain('<title>Market Capitalization Rankings 2010 | StockGurus</title>');
    expect(html).toContain(`<link rel="canonical" href="${site.server.url}/companies/market-cap-rankings?year=2010"/>`);
    expect(html).toContain('Old Timer Co');
    expect(html).toContain('href="/companies/info/alpha-corp"');
    expect(html).toContain('"@type":"ItemList"');
    // Alpha's 2010 market cap: $30 × 1e9 shares = $30,000M, in USD in the structured data.
    expect(html).toContain('"value":30000000000,"unitText":"USD"');
    // An anonymous browser gets the nearest open year instead.
    const visitor = await (
      await fetch(url('/companies/market-cap-rankings?year=2010'), { headers: { 'user-agent': BROWSER_UA } })
    ).text();
    expect(visitor).toContain('<title>Market Capitalization Rankings 2018 | StockGurus</title>');
    expect(visitor).not.toContain('Old Timer Co');
  });

  it('shows the table with its formats and the Now column, and normalises the URL (1280 px)', async () => {
    const { page, errors, close } = await open(site.browser, VIEWPORTS.desktop);
    await gotoHydrated(page, url('/companies/market-cap-rankings'));
    await page.waitForURL(url('/companies/market-cap-rankings?year=2024&page=1'));
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Market Capitalization Rankings');
    // The fillers' market caps are all below Eta's $10M; Gamma (none) comes last, on page 12.
    expect((await tickersOn(page)).slice(0, 7)).toEqual(['ALP', 'BET', 'ZET', 'DLT', 'EPS', 'ETA', 'F0230']);
    const cells = await page.locator('tbody tr').first().locator('td').allTextContents();
    expect(cells).toEqual(['1', 'Alpha CorpALP', 'Information Technology', '$100.00B', '+25.00%', '$190.00M', '2']);
    const delta = await page.locator('tbody tr', { hasText: 'Delta Co' }).locator('td').allTextContents();
    expect(delta).toEqual(['4', 'Delta CoDLT', 'Industrials', '$1.00B', '-50.00%', '$2.50M', 'delisted (2024)']);
    const epsilon = page.locator('tbody tr', { hasText: 'Epsilon Holdings' });
    expect(await epsilon.locator('td').nth(4).textContent()).toBe('+25.00%from first close');
    // Gamma has no share count: no market cap.
    expect(await page.getByText(`Showing 1-20 of ${TOTAL_2024} companies`).isVisible()).toBe(true);
    expect(await page.locator('th').last().textContent()).toBe('Now (2026)');
    await page.screenshot({ path: join(SCREENSHOT_DIR, 'rankings-1280.png'), fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    expect(errors).toEqual([]);
    await close();
  });

  it('normalises ?year=abc&page=-3 with replace', async () => {
    const { page, close } = await open(site.browser, VIEWPORTS.desktop);
    await gotoHydrated(page, url('/'));
    await gotoHydrated(page, url('/companies/dollar-volume-rankings?year=abc&page=-3'));
    await page.waitForURL(url('/companies/dollar-volume-rankings?year=2024&page=1'));
    expect((await tickersOn(page)).slice(0, 3)).toEqual(['BET', 'GAM', 'ALP']);
    // Replaced, not pushed: one step back is the home page.
    await page.goBack();
    await page.waitForURL(url('/'));
    await close();
  });

  /** Ranking loads (the API's or the router's) a page makes from its first request on. */
  function rankingLoads(page: Page): string[] {
    const calls: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith('/api/companies/top') || pathname.endsWith('.data')) calls.push(request.url());
    });
    return calls;
  }

  async function signInMember(page: Page) {
    const token = await createTokenService(JWT_SECRET).sign({ id: '9', email: 'member@example.com' });
    await page.evaluate(
      ([t]) => {
        localStorage.setItem('token', t as string);
        localStorage.setItem('user', JSON.stringify({ id: '9', email: 'member@example.com', name: '', avatar: '' }));
      },
      [token],
    );
  }

  it('asks the API nothing more after hydration for a signed-out visitor: the server answer is shown', async () => {
    const { page, close } = await open(site.browser, VIEWPORTS.desktop);
    const calls = rankingLoads(page);
    await gotoHydrated(page, url('/companies/market-cap-rankings?year=2010&page=1'));
    await page.waitForURL(url('/companies/market-cap-rankings?year=2018&page=1'));
    await page.waitForTimeout(500);
    expect(calls).toEqual([]);
    await close();
  });

  it('asks nothing more for a member on an open year, and once, with the token, for a locked one', async () => {
    const { page, close } = await open(site.browser, VIEWPORTS.desktop);
    await gotoHydrated(page, url('/'));
    await signInMember(page);
    const calls = rankingLoads(page);
    await gotoHydrated(page, url('/companies/market-cap-rankings?year=2020&page=1'));
    await page.waitForTimeout(500);
    expect(calls).toEqual([]);
    await gotoHydrated(page, url('/companies/market-cap-rankings?year=2010&page=1'));
    await expect.poll(() => tickersOn(page)).toEqual(['ALP', 'OLD']);
    expect(calls.map((c) => new URL(c).pathname)).toEqual(['/api/companies/top']);
    await close();
  });

  it('locks the years outside 2018–2024 for a signed-out visitor', async () => {
    const { page, close } = await open(site.browser, VIEWPORTS.desktop);
    await gotoHydrated(page, url('/companies/market-cap-rankings?year=2010&page=1'));
    await page.waitForURL(url('/companies/market-cap-rankings?year=2018&page=1'));
    expect(await page.getByText('Login to access years outside 2018–2024.').isVisible()).toBe(true);
    const year = page.getByLabel('Year', { exact: true });
    expect(await year.inputValue()).toBe('2018');
    const locked = year.locator('option[value="2010"]');
    expect(await locked.isDisabled()).toBe(true);
    expect(await locked.getAttribute('title')).toBe('Login to access this year');
    expect(await year.locator('option[value="2020"]').isDisabled()).toBe(false);
    await year.selectOption('2024');
    await page.waitForURL(url('/companies/market-cap-rankings?year=2024&page=1'));
    await expect.poll(() => tickersOn(page).then((t) => t[0])).toBe('ALP');
    await close();
  });

  it('opens every year to a signed-in member, loaded by the browser with the token', async () => {
    const { page, errors, close } = await open(site.browser, VIEWPORTS.desktop);
    await gotoHydrated(page, url('/'));
    await signInMember(page);
    await gotoHydrated(page, url('/companies/market-cap-rankings?year=2010&page=1'));
    await expect.poll(() => tickersOn(page)).toEqual(['ALP', 'OLD']);
    expect(page.url()).toBe(url('/companies/market-cap-rankings?year=2010&page=1'));
    expect(await page.getByLabel('Year', { exact: true }).inputValue()).toBe('2010');
    expect(await page.getByText('Login to access years outside 2018–2024.').count()).toBe(0);
    // The export carries the token too: the member's year, not the nearest open one.
    const [member] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Export CSV' }).click(),
    ]);
    expect(member.suggestedFilename()).toBe('market-cap-rankings-2010.csv');
    expect(readFileSync(await member.path(), 'utf8')).toContain('Old Timer Co');
    await page.getByLabel('Year', { exact: true }).selectOption('2005');
    await page.waitForURL(url('/companies/market-cap-rankings?year=2005&page=1'));
    await expect.poll(() => page.getByText('No companies found matching your criteria.').isVisible()).toBe(true);
    expect(errors).toEqual([]);
    await close();
  });

  it('switches the type from the menu, filters and searches (back to page 1)', async () => {
    const { page, close } = await open(site.browser, VIEWPORTS.desktop);
    await gotoHydrated(page, url('/companies/market-cap-rankings?year=2024&page=3'));
    await page.getByRole('button', { name: 'Historical Data' }).click();
    await page.getByRole('link', { name: 'By Annual Return' }).click();
    await page.waitForURL(url('/companies/annual-returns-rankings?year=2024&page=1'));
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Annual Returns Rankings');
    await expect.poll(() => tickersOn(page).then((t) => t.slice(0, 3))).toEqual(['BET', 'ALP', 'EPS']);

    await page.getByLabel('Sector').selectOption({ label: 'Industrials' });
    await page.waitForURL(/sect=3/);
    await expect.poll(() => tickersOn(page)).toEqual(['EPS', 'DLT']);
    await page.getByLabel('Yearly change').selectOption('neg');
    await page.waitForURL(/yChange=neg/);
    await expect.poll(() => tickersOn(page)).toEqual(['DLT']);
    await page.getByLabel('Sector').selectOption('any');
    await page.waitForURL((u) => !u.search.includes('sect='));
    await page.getByLabel('Yearly change').selectOption('any');
    await page.waitForURL((u) => !u.search.includes('yChange='));
    await page.getByLabel('Market cap').selectOption('large');
    await page.waitForURL(url('/companies/annual-returns-rankings?year=2024&page=1&mkCap=large'));
    await expect.poll(() => tickersOn(page)).toEqual(['BET', 'ZET']);
    await page.getByLabel('Market cap').selectOption('any');

    const search = page.getByLabel('Company name');
    await search.fill('corp');
    await search.press('Enter');
    await page.waitForURL(url('/companies/annual-returns-rankings?year=2024&page=1&name=corp'));
    await expect.poll(() => tickersOn(page)).toEqual(['ALP', 'ETA']);
    await search.fill('delta');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.waitForURL(/name=delta/);
    await expect.poll(() => tickersOn(page)).toEqual(['DLT']);

    // A company's link opens its page in the browser, without loading a new document; with Ctrl
    // the click is the browser's (a new tab), and this page stays.
    await page.evaluate(() => Object.assign(window, { samePage: true }));
    const company = page.getByRole('link', { name: 'Delta Co' });
    await company.click({ modifiers: ['Control'] });
    expect(page.url()).toMatch(/name=delta/);
    await company.click();
    await page.waitForURL(/\/companies\/info\/delta-co/);
    expect(await page.evaluate(() => 'samePage' in window)).toBe(true);
    await close();
  });

  it('downloads the whole filtered ranking as CSV', async () => {
    const { page, close } = await open(site.browser, VIEWPORTS.desktop);
    await gotoHydrated(page, url('/companies/market-cap-rankings?year=2024&page=1&sect=11'));
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('market-cap-rankings-2024.csv');
    const lines = readFileSync(await download.path(), 'utf8')
      .trimEnd()
      .split('\r\n');
    // All 230 fillers (sector 11), not only the twenty on screen.
    expect(lines).toHaveLength(1 + 230);
    expect(lines[1]).toMatch(/^1,Filler 0230 Co,F0230,Real Estate,2.3,0,yes,/);
    await close();
  });

  it('pages with a window of ten numbers, Previous/Next and Jump-to', async () => {
    const { page, close } = await open(site.browser, VIEWPORTS.desktop);
    await gotoHydrated(page, url('/companies/market-cap-rankings?year=2024&page=1'));
    const pager = page.getByRole('navigation', { name: 'Rankings pages' });
    const numbers = () => pager.getByRole('button', { name: /^Page \d+$/ }).allTextContents();
    expect(await numbers()).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10']);
    await pager.getByRole('button', { name: 'Next' }).click();
    await page.waitForURL(url('/companies/market-cap-rankings?year=2024&page=2'));
    await expect.poll(() => page.locator('tbody tr td:first-child').first().textContent()).toBe('21');
    await pager.getByLabel('Go to page').fill('11');
    await pager.getByRole('button', { name: 'Go', exact: true }).click();
    await page.waitForURL(url('/companies/market-cap-rankings?year=2024&page=11'));
    await expect.poll(numbers).toEqual(['11', '12']);
    expect(await page.getByText(`Showing 201-220 of ${TOTAL_2024} companies`).isVisible()).toBe(true);
    await pager.getByRole('button', { name: 'Page 12' }).click();
    await page.waitForURL(url('/companies/market-cap-rankings?year=2024&page=12'));
    await expect.poll(() => page.getByText(`Showing 221-237 of ${TOTAL_2024} companies`).isVisible()).toBe(true);
    // Gamma has no share count: no market cap, so it ranks last.
    const gamma = page.locator('tbody tr', { hasText: 'Gamma LLC' }).locator('td');
    expect(await gamma.first().textContent()).toBe(String(TOTAL_2024));
    expect(await gamma.nth(3).textContent()).toBe('-');
    expect(await pager.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
    await pager.getByRole('button', { name: 'Previous' }).click();
    await page.waitForURL(url('/companies/market-cap-rankings?year=2024&page=11'));
    await close();
  });

  it('fits 375 px: each row is a card with its rank and company first, nothing scrolls sideways', async () => {
    const { page, errors, close } = await open(site.browser, VIEWPORTS.mobile);
    await gotoHydrated(page, url('/companies/annual-returns-rankings?year=2024&page=1'));
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    const region = page.getByRole('region', { name: 'Annual Returns Rankings 2024' });
    expect(await region.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
    const first = page.locator('tbody tr').first();
    const rank = await first.locator('td').first().boundingBox();
    const company = await first.locator('td').nth(1).boundingBox();
    const change = await first.locator('td[data-label="Annual returns"]').boundingBox();
    // Rank and company share the first line; the figures follow under it, all on screen.
    expect(rank && company && Math.abs(rank.y - company.y) < 8 && company.x > rank.x).toBe(true);
    expect(change && company && change.y > company.y && change.x + change.width <= VIEWPORTS.mobile.width).toBe(true);
    await page.screenshot({ path: join(SCREENSHOT_DIR, 'rankings-375.png'), fullPage: true });
    expect(errors).toEqual([]);
    await close();
  });

  it.each([
    ['desktop', VIEWPORTS.desktop],
    ['mobile', VIEWPORTS.mobile],
  ] as const)('has no serious accessibility violations (%s)', async (_name, viewport) => {
    const { page, close } = await open(site.browser, viewport);
    await gotoHydrated(page, url('/companies/annual-returns-rankings?year=2024&page=1'));
    expect(await seriousAxeViolations(page)).toEqual([]);
    await close();
  });
});
