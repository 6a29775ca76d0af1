import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import type { PastPick } from '@app/shared/simulator';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { gotoHydrated, openPage, SCREENSHOT_DIR, seriousAxeViolations, VIEWPORTS } from './support/browser';
import { useSite } from './support/site';

const REPO = resolve(import.meta.dirname, '../../../..');
const JWT_SECRET = 'e2e-simulator-secret-long-enough-for-hs256';
const MEMBER = { username: 'trader_jo', email: 'trader@example.com', password: 'trader-pass' };
const run = promisify(execFile);

// The server builds its demo universe here, and the data command appends days to it.
const dataDir = mkdtempSync(join(tmpdir(), 'e2e-simulator-'));

/** `npm run data -- update --today <day>`: appends the trading days before `day`, as the README says. */
async function appendTradingDaysUntil(today: string) {
  await run(
    join(REPO, 'node_modules/.bin/tsx'),
    [join(REPO, 'packages/market-data/src/cli.ts'), 'update', '--today', today],
    {
      cwd: REPO,
      env: { ...process.env, DATA_DIR: dataDir },
    },
  );
}

const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

const avatar = (page: Page) => page.getByRole('button', { name: /^Account menu for/ }).first();

/** Creates the member's account through the sign-up page; answers the token it left in the browser. */
async function signUp(page: Page, url: string): Promise<string> {
  await gotoHydrated(page, `${url}/signup`);
  await page.getByLabel('Username').fill(MEMBER.username);
  await page.getByLabel('Email').fill(MEMBER.email);
  await page.getByLabel('Password', { exact: true }).fill(MEMBER.password);
  await page.getByLabel('Confirm password').fill(MEMBER.password);
  await page.getByLabel(/I agree to the/).check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL(`${url}/`);
  await avatar(page).waitFor();
  const token = await page.evaluate(() => sessionStorage.getItem('token') ?? localStorage.getItem('token'));
  expect(token).toBeTruthy();
  return token as string;
}

/** Signs the same member in again through the sign-in page. */
async function logIn(page: Page, url: string) {
  await gotoHydrated(page, `${url}/login`);
  await page.getByLabel('Email').fill(MEMBER.email);
  await page.getByLabel('Password', { exact: true }).fill(MEMBER.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  // On a phone the account menu sits behind the menu button: wait for the session itself.
  await page.waitForFunction(() => sessionStorage.getItem('token') ?? localStorage.getItem('token'));
}

async function buyFirst(page: Page, row: number, points: string) {
  await page.getByRole('region', { name: 'Available stocks' }).getByRole('button', { name: /^Buy / }).nth(row).click();
  const dialog = page.getByRole('dialog', { name: 'Buy Stock' });
  await dialog.getByLabel('Points to invest').fill(points);
  await dialog.getByRole('button', { name: 'Buy', exact: true }).click();
  await dialog.waitFor({ state: 'hidden' });
}

async function addTrigger(page: Page, ticker: string, percent: string) {
  await page.getByRole('button', { name: `Add trigger to ${ticker}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Auto-sell Trigger' });
  await dialog.getByLabel('Change from buy price (%)').fill(percent);
  await dialog.getByRole('button', { name: 'Add Trigger' }).click();
  await dialog.waitFor({ state: 'hidden' });
}

describe('market simulator journey', () => {
  const site = useSite({ env: { DATA_DIR: dataDir, JWT_SECRET } });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('asks a signed-out visitor to log in, in the server-rendered HTML', async () => {
    const html = await (await fetch(`${site.server.url}/simulator/my-profolio`)).text();
    expect(html).toContain('Please log in to access the market simulator.');
    expect(html).toContain(`<link rel="canonical" href="${site.server.url}/simulator"/>`);
  });

  it('signs up, buys two stocks, sets a +5% target and a -5% stop, and sees a trigger sell as days are appended', async () => {
    const { page, errors, close } = await openPage(site.browser, VIEWPORTS.desktop);
    const token = await signUp(page, site.server.url);
    // The members' leaderboard lists only members who opted in (profile privacy settings).
    const optIn = await fetch(`${site.server.url}/api/users/privacy`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ showOnLeaderboard: true }),
    });
    expect(optIn.status).toBe(200);
    await gotoHydrated(page, `${site.server.url}/simulator`);
    await expect.poll(() => page.getByTestId('available-points').textContent(), { timeout: 20_000 }).toBe('100,000.00');

    await buyFirst(page, 0, '1000');
    await expect.poll(() => page.getByTestId('available-points').textContent(), { timeout: 20_000 }).toBe('99,000.00');
    await buyFirst(page, 1, '2500.50');
    await expect.poll(() => page.getByTestId('available-points').textContent(), { timeout: 20_000 }).toBe('96,499.50');

    const portfolio = page.getByRole('region', { name: 'Your portfolio', exact: true });
    const tickers = (await portfolio.locator('tbody tr td:first-child span span:last-child').allTextContents()).map(
      (t) => t.trim(),
    );
    expect(tickers).toHaveLength(2);
    for (const ticker of tickers) {
      await addTrigger(page, ticker, '5');
      await addTrigger(page, ticker, '-5');
    }
    await expect.poll(() => portfolio.getByText('Target +5%').count(), { timeout: 20_000 }).toBe(2);
    await expect.poll(() => portfolio.getByText('Stop -5%').count()).toBe(2);
    await page.screenshot({ path: join(SCREENSHOT_DIR, 'simulator-portfolio-1280.png'), fullPage: true });
    expect(await seriousAxeViolations(page)).toEqual([]);

    // Append a week of trading days at a time until a trigger fires (at most half a year).
    const meta = await (await fetch(`${site.server.url}/api/meta`)).json();
    let today = addDays(meta.dataDate, 1);
    let sold: PastPick[] = [];
    for (let week = 0; week < 26 && sold.length === 0; week += 1) {
      today = addDays(today, 7);
      await appendTradingDaysUntil(today);
      const res = await fetch(`${site.server.url}/api/contest/pastpickslist`, {
        headers: { authorization: `Bearer ${token}` },
      });
      sold = await res.json();
    }
    expect(sold.length).toBeGreaterThan(0);
    const first = sold[0] as PastPick;
    expect(['target', 'stop']).toContain(first.sold_by);

    await gotoHydrated(page, `${site.server.url}/simulator/my-profolio`);
    const notice = page.getByRole('status').filter({ hasText: 'Sold by your triggers since your last visit' });
    await notice.waitFor({ timeout: 20_000 });
    expect(await notice.textContent()).toContain(first.ticker);
    const expectedPoints = 96_499.5 + sold.reduce((sum, p) => sum + p.lpoints + p.lpoints_gain, 0);
    await expect
      .poll(() => page.getByTestId('available-points').textContent(), { timeout: 20_000 })
      .toBe(expectedPoints.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }));

    await page.getByRole('button', { name: 'View History' }).click();
    const history = page.getByRole('region', { name: 'Portfolio history', exact: true });
    await history.waitFor();
    const label = first.sold_by === 'target' ? 'Sold by Profit target' : 'Sold by Stop loss';
    expect(await history.getByText(label).count()).toBeGreaterThan(0);
    expect(await history.getByText(first.ticker, { exact: true }).count()).toBe(1);
    await page.screenshot({ path: join(SCREENSHOT_DIR, 'simulator-history-1280.png'), fullPage: true });
    expect(errors).toEqual([]);
    await close();
  }, 240_000);

  it('shows the member on the members leaderboard, and the gurus by year return', async () => {
    const html = await (await fetch(`${site.server.url}/simulator/leaderboard`)).text();
    expect(html).toContain('Ranking of Gurus');
    const { page, close } = await openPage(site.browser, VIEWPORTS.mobile);
    await gotoHydrated(page, `${site.server.url}/simulator/leaderboard`);
    const years = await page.locator('tbody tr td:nth-child(5)').allTextContents();
    const values = years.map((t) => Number(t.replace('%', '')));
    expect(values.length).toBeGreaterThan(40);
    expect([...values].sort((a, b) => b - a)).toEqual(values);
    expect(years.every((t) => /^([+-]\d+(\.\d+)?|0)%$/.test(t))).toBe(true);
    await page.screenshot({ path: join(SCREENSHOT_DIR, 'leaderboard-gurus-375.png'), fullPage: true });
    await page.getByRole('tab', { name: 'Members' }).click();
    await page.getByText(MEMBER.username, { exact: true }).waitFor({ timeout: 20_000 });
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.screenshot({ path: join(SCREENSHOT_DIR, 'leaderboard-members-375.png'), fullPage: true });
    await close();
  });

  it('fits a 375 px screen without sideways page scroll, each stock’s price and Buy in view', async () => {
    const { page, close } = await openPage(site.browser, VIEWPORTS.mobile);
    await logIn(page, site.server.url);
    await gotoHydrated(page, `${site.server.url}/simulator`);
    await page.getByTestId('available-points').waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    const stocks = page.getByRole('region', { name: 'Available stocks', exact: true });
    await stocks.locator('tbody tr').first().waitFor();
    expect(await stocks.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
    const first = stocks.locator('tbody tr').first();
    for (const cell of [first.locator('td').nth(3), first.getByRole('button', { name: /^Buy / })]) {
      const box = await cell.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= VIEWPORTS.mobile.width).toBe(true);
    }
    await page.screenshot({ path: join(SCREENSHOT_DIR, 'simulator-375.png'), fullPage: true });
    await close();
  });
});
