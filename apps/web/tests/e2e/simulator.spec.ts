import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Order, PastPick } from '@app/shared/simulator';
import { addDays } from '@app/shared/trading-day';
import type { Locator, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { gotoHydrated, openPage, SCREENSHOT_DIR, seriousAxeViolations, VIEWPORTS } from './support/browser';
import { appendTradingDaysUntil as appendDays, signUpThroughPage } from './support/journeys';
import { useSite } from './support/site';

const JWT_SECRET = 'e2e-simulator-secret-long-enough-for-hs256';
const MEMBER = { username: 'trader_jo', email: 'trader@example.com', password: 'trader-pass' };

// The server builds its demo universe here, and the data command appends days to it.
const dataDir = mkdtempSync(join(tmpdir(), 'e2e-simulator-'));

/** `npm run data -- update --today <day>` on the server's data directory, as docs/features/simulator.md says. */
const appendTradingDaysUntil = (today: string) => appendDays(dataDir, today);
const avatar = (page: Page) => page.getByRole('button', { name: /^Account menu for/ }).first();

/** Signs up through the page; the header then shows the member's account menu. */
async function signUp(page: Page, url: string): Promise<string> {
  const token = await signUpThroughPage(page, url, MEMBER);
  await avatar(page).waitFor();
  return token;
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

/** Places a buy order from the stock list: it waits under Pending Orders for the next close. */
async function buyFirst(page: Page, row: number, points: string) {
  await page.getByRole('region', { name: 'Available stocks' }).getByRole('button', { name: /^Buy / }).nth(row).click();
  const dialog = page.getByRole('dialog', { name: 'Buy Stock' });
  await dialog.getByLabel('Points to invest').fill(points);
  await dialog.getByRole('button', { name: 'Place buy order', exact: true }).click();
  await dialog.waitFor({ state: 'hidden' });
}

const pageToken = (page: Page) =>
  page.evaluate(() => sessionStorage.getItem('token') ?? localStorage.getItem('token')) as Promise<string>;

async function addTrigger(page: Page, ticker: string, percent: string) {
  await page.getByRole('button', { name: `Add trigger to ${ticker}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Auto-sell Trigger' });
  await dialog.getByLabel('Change from buy price (%)').fill(percent);
  await dialog.getByRole('button', { name: 'Add Trigger' }).click();
  await dialog.waitFor({ state: 'hidden' });
}

/** The portfolio's tickers, in table order. */
async function portfolioTickers(page: Page): Promise<string[]> {
  const portfolio = page.getByRole('region', { name: 'Your portfolio', exact: true });
  return (await portfolio.locator('tbody [data-ticker]').allTextContents()).map((t) => t.trim());
}

/** Sideways overflow of each table region on the page (0 when every column fits). */
async function tableOverflows(page: Page): Promise<number[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('section[aria-label] > table')].map(
      (table) => (table.parentElement as HTMLElement).scrollWidth - (table.parentElement as HTMLElement).clientWidth,
    ),
  );
}

/** Whether an element is laid out and inside the viewport's width. */
async function inView(page: Page, locator: Locator): Promise<boolean> {
  const box = await locator.boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  return box !== null && box.width > 0 && box.x >= 0 && box.x + box.width <= width;
}

/** Appends about a week of trading days, then waits until the server's day has filled the member's orders. */
async function nextWeekFills(url: string, token: string) {
  const meta = await (await fetch(`${url}/api/meta`)).json();
  await appendTradingDaysUntil(addDays(meta.dataDate, 8));
  const deadline = Date.now() + 20_000;
  for (;;) {
    const pending = (await (
      await fetch(`${url}/api/contest/orders`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as Order[];
    if (pending.length === 0 || Date.now() > deadline) return pending;
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** A buy order, then the closes that fill it: the page shows the new position. */
async function buyFilled(page: Page, url: string, row: number, points: string) {
  await buyFirst(page, row, points);
  await page.getByTestId('pending-order').first().waitFor();
  expect(await nextWeekFills(url, await pageToken(page))).toEqual([]);
  await gotoHydrated(page, `${url}/simulator`);
  await page.getByTestId('available-points').waitFor();
}

describe('market simulator journey', () => {
  // The server reads the data date every second here, so closes the data command appends reach
  // the simulator's triggers at once (30 s by default).
  const site = useSite({ env: { DATA_DIR: dataDir, JWT_SECRET, DATA_DATE_POLL_SECONDS: '1' } });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('asks a signed-out visitor to log in, in the server-rendered HTML', async () => {
    const html = await (await fetch(`${site.server.url}/simulator/my-profolio`)).text();
    expect(html).toContain('Please log in to access the market simulator.');
    expect(html).toContain(`<link rel="canonical" href="${site.server.url}/simulator"/>`);
  });

  it('signs up, buys two stocks, sets a +5% target and a -5% stop, and sees a trigger sell as days are appended', async () => {
    const { page, errors, close } = await openPage(site.browser, VIEWPORTS.desktop);
    const token = await signUp(page, site.server.url);
    // The members' leaderboard lists only members who opted in on their profile.
    await gotoHydrated(page, `${site.server.url}/profile`);
    const board = page.getByRole('region', { name: 'Leaderboard' });
    await board.getByLabel("Show me on the members' leaderboard").check();
    await board.getByRole('button', { name: 'Save leaderboard setting' }).click();
    await expect.poll(() => board.getByText('You are on the leaderboard').count()).toBe(1);
    await gotoHydrated(page, `${site.server.url}/simulator`);
    await expect.poll(() => page.getByTestId('available-points').textContent(), { timeout: 20_000 }).toBe('100,000.00');

    await buyFirst(page, 0, '1000');
    await expect.poll(() => page.getByTestId('available-points').textContent(), { timeout: 20_000 }).toBe('99,000.00');
    await buyFirst(page, 1, '2500.50');
    await expect.poll(() => page.getByTestId('available-points').textContent(), { timeout: 20_000 }).toBe('96,499.50');
    // Orders wait for the next close: reserved, listed with when they fill, not yet positions.
    const pending = page.getByTestId('pending-order');
    await expect.poll(() => pending.count(), { timeout: 20_000 }).toBe(2);
    expect(await pending.first().textContent()).toContain('Fills at the first close after');
    expect(await page.getByTestId('reserved-points').textContent()).toBe('3,500.50');
    expect(await portfolioTickers(page)).toEqual([]);
    // One more, cancelled while it waits: its points come back.
    await buyFirst(page, 2, '500');
    await expect.poll(() => pending.count(), { timeout: 20_000 }).toBe(3);
    await expect.poll(() => page.getByTestId('available-points').textContent()).toBe('95,999.50');
    await page
      .getByRole('button', { name: /^Cancel the buy order for / })
      .last()
      .click();
    await expect.poll(() => pending.count(), { timeout: 20_000 }).toBe(2);
    await expect.poll(() => page.getByTestId('available-points').textContent()).toBe('96,499.50');
    await page.screenshot({ path: join(SCREENSHOT_DIR, 'simulator-pending-orders-1280.png'), fullPage: true });

    // The closes after the orders fill them, with no page visited.
    expect(await nextWeekFills(site.server.url, token)).toEqual([]);
    await gotoHydrated(page, `${site.server.url}/simulator`);
    await expect.poll(() => portfolioTickers(page).then((t) => t.length), { timeout: 20_000 }).toBe(2);
    expect(await pending.count()).toBe(0);

    const portfolio = page.getByRole('region', { name: 'Your portfolio', exact: true });
    const tickers = await portfolioTickers(page);
    expect(tickers).toHaveLength(2);
    for (const ticker of tickers) {
      await addTrigger(page, ticker, '5');
      await addTrigger(page, ticker, '-5');
    }
    await expect
      .poll(() => portfolio.getByText('Target +5%').filter({ visible: true }).count(), { timeout: 20_000 })
      .toBe(2);
    await expect.poll(() => portfolio.getByText('Stop -5%').filter({ visible: true }).count()).toBe(2);
    await page.screenshot({ path: join(SCREENSHOT_DIR, 'simulator-portfolio-1280.png'), fullPage: true });
    expect(await seriousAxeViolations(page)).toEqual([]);

    // Append a week of trading days at a time until a trigger fires (at most half a year). Nobody
    // visits a page meanwhile: the server notices the new data date and runs the triggers itself.
    const meta = await (await fetch(`${site.server.url}/api/meta`)).json();
    let today = addDays(meta.dataDate, 1);
    let sold: PastPick[] = [];
    const soldSoFar = async () =>
      (
        await fetch(`${site.server.url}/api/contest/pastpickslist`, { headers: { authorization: `Bearer ${token}` } })
      ).json() as Promise<PastPick[]>;
    for (let week = 0; week < 26 && sold.length === 0; week += 1) {
      today = addDays(today, 7);
      await appendTradingDaysUntil(today);
      // A poll or two of the data date, then the triggers have run on the new closes.
      const deadline = Date.now() + 4_000;
      do {
        sold = await soldSoFar();
        if (sold.length === 0) await new Promise((r) => setTimeout(r, 250));
      } while (sold.length === 0 && Date.now() < deadline);
    }
    expect(sold.length).toBeGreaterThan(0);
    // The week's later days may fire the other pick's trigger a moment after the first sale was seen
    // (the triggers run day by day): the sales are read again once none has come for two seconds.
    for (let quiet = 0; quiet < 8; ) {
      await new Promise((r) => setTimeout(r, 250));
      const now = await soldSoFar();
      quiet = now.length === sold.length ? quiet + 1 : 0;
      sold = now;
    }
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

  it('sells only after a confirmation that shows the estimated proceeds, at the next close', async () => {
    const { page, errors, close } = await openPage(site.browser, VIEWPORTS.desktop);
    await logIn(page, site.server.url);
    await gotoHydrated(page, `${site.server.url}/simulator`);
    await page.getByTestId('available-points').waitFor();
    const before = await portfolioTickers(page);
    // A company not held yet, so its row and Sell button are its own (the week that fills the order
    // may also let an older pick's trigger sell it).
    const stocks = page.getByRole('region', { name: 'Available stocks', exact: true });
    await stocks.locator('tbody tr').first().waitFor();
    const listed = (await stocks.locator('tbody tr td:first-child span').allTextContents()).map((t) => t.trim());
    const row = listed.findIndex((t) => !before.includes(t));
    expect(row).toBeGreaterThanOrEqual(0);
    const ticker = listed[row] as string;
    await buyFilled(page, site.server.url, row, '1234.56');
    await expect.poll(() => portfolioTickers(page), { timeout: 20_000 }).toContain(ticker);
    const available = async () =>
      Number(((await page.getByTestId('available-points').textContent()) ?? '').replace(/,/g, ''));
    const pointsBefore = await available();
    const pastBefore = (
      (await (
        await fetch(`${site.server.url}/api/contest/pastpickslist`, {
          headers: { authorization: `Bearer ${await pageToken(page)}` },
        })
      ).json()) as PastPick[]
    ).map((p) => p.pickid);

    const position = page.getByRole('region', { name: 'Your portfolio', exact: true }).locator('tbody tr', {
      has: page.locator('[data-ticker]', { hasText: ticker }),
    });
    const value = ((await position.locator('td').nth(4).textContent()) ?? '').trim();
    await page.getByRole('button', { name: `Sell ${ticker}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Sell Stock' });
    await dialog.waitFor();
    expect(await dialog.getByTestId('sell-proceeds').textContent()).toBe(`${value} points`);
    await page.screenshot({ path: join(SCREENSHOT_DIR, 'simulator-sell-confirm-1280.png') });
    // Cancel sells nothing.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await portfolioTickers(page)).toContain(ticker);

    await page.getByRole('button', { name: `Sell ${ticker}` }).click();
    await dialog.getByRole('button', { name: 'Place sell order' }).click();
    await dialog.waitFor({ state: 'hidden' });
    // A sell order too waits for the next close; the position stays until then.
    await expect.poll(() => page.getByTestId('pending-order').count(), { timeout: 20_000 }).toBe(1);
    expect(await page.getByTestId('pending-order').textContent()).toContain('Sell');
    expect(await portfolioTickers(page)).toContain(ticker);
    expect(await nextWeekFills(site.server.url, await pageToken(page))).toEqual([]);
    await gotoHydrated(page, `${site.server.url}/simulator`);
    await expect.poll(() => portfolioTickers(page), { timeout: 20_000 }).not.toContain(ticker);
    // The sale credited what the next close was worth (and any trigger that fired that week, its own).
    const past = (await (
      await fetch(`${site.server.url}/api/contest/pastpickslist`, {
        headers: { authorization: `Bearer ${await pageToken(page)}` },
      })
    ).json()) as PastPick[];
    const soldHere = past.find((p) => p.ticker === ticker && p.sold_by === 'manual') as PastPick;
    expect(soldHere.lpoints).toBe(1234.56);
    const since = past.filter((p) => !pastBefore.includes(p.pickid));
    await expect
      .poll(available)
      .toBeCloseTo(pointsBefore + since.reduce((sum, p) => sum + p.lpoints + p.lpoints_gain, 0), 2);
    await page.getByRole('button', { name: 'View History' }).click();
    const history = page.getByRole('region', { name: 'Portfolio history', exact: true });
    const sale = history.locator('tbody tr', { has: page.getByRole('cell', { name: ticker, exact: true }) });
    expect(await sale.getByRole('cell', { name: 'Sold by you', exact: true }).count()).toBe(1);
    expect(errors).toEqual([]);
    await close();
  });

  it('refuses triggers that could never fire in the dialog, saying why', async () => {
    const { page, close } = await openPage(site.browser, VIEWPORTS.desktop);
    await logIn(page, site.server.url);
    await gotoHydrated(page, `${site.server.url}/simulator`);
    await page.getByTestId('available-points').waitFor();
    if ((await portfolioTickers(page)).length === 0) await buyFilled(page, site.server.url, 3, '100');
    await expect.poll(() => portfolioTickers(page).then((t) => t.length)).toBeGreaterThan(0);
    const ticker = (await portfolioTickers(page))[0] as string;
    await page.getByRole('button', { name: `Add trigger to ${ticker}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Auto-sell Trigger' });
    const percent = dialog.getByLabel('Change from buy price (%)');
    const save = dialog.getByRole('button', { name: 'Add Trigger' });
    await percent.fill('2000');
    await dialog.getByText('A profit target runs from +0.1% to +1,000%').waitFor();
    expect(await save.isDisabled()).toBe(true);
    await percent.fill('-150');
    await dialog.getByText('A stop loss runs from -0.1% to -99.9%', { exact: false }).waitFor();
    expect(await save.isDisabled()).toBe(true);
    await percent.fill('-20');
    expect(await save.isDisabled()).toBe(false);

    await dialog.getByLabel('Trigger type').selectOption('date');
    const date = dialog.getByLabel('Sell on');
    const earliest = (await date.getAttribute('min')) as string;
    await date.fill('2020-01-02');
    await dialog.getByText(`Choose ${earliest} or later`, { exact: false }).waitFor();
    expect(await save.isDisabled()).toBe(true);
    await date.fill(earliest);
    await dialog
      .getByText(`${ticker} will be sold at the close of the first trading day on or after ${earliest}`, {
        exact: false,
      })
      .waitFor();
    await page.screenshot({ path: join(SCREENSHOT_DIR, 'simulator-date-trigger-1280.png') });
    await save.click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText(`Sell on ${earliest}`).filter({ visible: true }).first().waitFor();
    await close();
  });

  it('shows the member on the members leaderboard, and the gurus by year return', async () => {
    const html = await (await fetch(`${site.server.url}/simulator/leaderboard`)).text();
    expect(html).toContain('Ranking of Gurus');
    const { page, close } = await openPage(site.browser, VIEWPORTS.mobile);
    await gotoHydrated(page, `${site.server.url}/simulator/leaderboard`);
    await page.screenshot({ path: join(SCREENSHOT_DIR, 'leaderboard-gurus-375.png') });
    const years = await page.locator('tbody tr td:nth-child(5)').allTextContents();
    const values = years.map((t) => Number(t.replace('%', '')));
    expect(values.length).toBeGreaterThan(40);
    expect([...values].sort((a, b) => b - a)).toEqual(values);
    expect(years.every((t) => /^([+-]\d+(\.\d+)?|0)%$/.test(t))).toBe(true);
    // On a phone every column of a row is in view (a card), nothing scrolls sideways.
    const guru = page.getByRole('region', { name: 'Ranking of Gurus' }).locator('tbody tr').first();
    for (let cell = 0; cell < 5; cell += 1)
      expect(await inView(page, guru.locator('td').nth(cell)), `cell ${cell}`).toBe(true);
    expect(await tableOverflows(page)).toEqual([0]);
    await page.getByRole('tab', { name: 'Members' }).click();
    await page.getByText(MEMBER.username, { exact: true }).waitFor({ timeout: 20_000 });
    const member = page.getByRole('region', { name: "Members' leaderboard" }).locator('tbody tr').first();
    for (let cell = 0; cell < 5; cell += 1)
      expect(await inView(page, member.locator('td').nth(cell)), `cell ${cell}`).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.screenshot({ path: join(SCREENSHOT_DIR, 'leaderboard-members-375.png'), fullPage: true });
    await close();
  });

  it('fits a 375 px screen: each stock’s price and Buy, each position’s value, gain, triggers and Sell in view', async () => {
    const { page, errors, close } = await openPage(site.browser, VIEWPORTS.mobile);
    await logIn(page, site.server.url);
    await gotoHydrated(page, `${site.server.url}/simulator`);
    await page.getByTestId('available-points').waitFor();
    if ((await portfolioTickers(page)).length === 0) await buyFilled(page, site.server.url, 4, '100');
    await expect.poll(() => portfolioTickers(page).then((t) => t.length)).toBeGreaterThan(0);
    const stocks = page.getByRole('region', { name: 'Available stocks', exact: true });
    await stocks.locator('tbody tr').first().waitFor();
    await page.getByRole('button', { name: 'View History' }).click();
    await page.screenshot({ path: join(SCREENSHOT_DIR, 'simulator-375.png'), fullPage: true });
    for (const [name, file] of [
      ['Available stocks', 'stocks'],
      ['Your portfolio', 'portfolio'],
      ['Portfolio history', 'history'],
    ] as const) {
      await page
        .getByRole('region', { name, exact: true })
        .screenshot({ path: join(SCREENSHOT_DIR, `simulator-375-${file}.png`) });
    }
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await tableOverflows(page)).toEqual([0, 0, 0]);
    const stock = stocks.locator('tbody tr').first();
    for (const part of [stock.locator('td').nth(3), stock.getByRole('button', { name: /^Buy / })]) {
      expect(await inView(page, part), String(part)).toBe(true);
    }
    const position = page.getByRole('region', { name: 'Your portfolio', exact: true }).locator('tbody tr').first();
    const ticker = ((await position.locator('[data-ticker]').textContent()) ?? '').trim();
    for (const part of [
      position.locator('td').nth(4),
      position.locator('td').nth(5),
      position.getByRole('button', { name: `Add trigger to ${ticker}` }),
      position.getByRole('button', { name: `Sell ${ticker}` }),
    ]) {
      expect(await inView(page, part), String(part)).toBe(true);
    }
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await close();
  });

  it('darkens the page behind a dialog in the dark theme', async () => {
    const context = await site.browser.newContext({ viewport: VIEWPORTS.mobile, colorScheme: 'dark' });
    await context.addCookies([{ name: 'theme', value: 'dark', url: site.server.url }]);
    const page = await context.newPage();
    await logIn(page, site.server.url);
    await gotoHydrated(page, `${site.server.url}/simulator`);
    await page.getByRole('region', { name: 'Available stocks' }).getByRole('button', { name: /^Buy / }).first().click();
    await page.getByRole('dialog', { name: 'Buy Stock' }).waitFor();
    const backdrop = await page.evaluate(() => {
      const color = getComputedStyle(document.querySelector('dialog[open]') as Element, '::backdrop').backgroundColor;
      const canvas = document.createElement('canvas').getContext('2d') as CanvasRenderingContext2D;
      canvas.fillStyle = color;
      canvas.fillRect(0, 0, 1, 1);
      const [r = 0, g = 0, b = 0, a = 0] = Array.from(canvas.getImageData(0, 0, 1, 1).data);
      return { luminance: (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255, alpha: a / 255 };
    });
    expect(backdrop.alpha).toBeGreaterThan(0.4);
    expect(backdrop.luminance).toBeLessThan(0.15);
    await page.screenshot({ path: join(SCREENSHOT_DIR, 'simulator-buy-dialog-375-dark.png') });
    await context.close();
  });
});
