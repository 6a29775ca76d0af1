import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Order } from '@app/shared/simulator';
import { addDays } from '@app/shared/trading-day';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { gotoHydrated, openPage, SCREENSHOT_DIR, seriousAxeViolations, VIEWPORTS } from './support/browser';
import { appendTradingDaysUntil, signUpThroughPage } from './support/journeys';
import { useSite } from './support/site';

const TEACHER = { username: 'ms_rivera', email: 'rivera@example.com', password: 'teacher-pass' };
const STUDENT = { username: 'sam_student', email: 'sam@example.com', password: 'student-pass' };
const dataDir = mkdtempSync(join(tmpdir(), 'e2e-games-'));

/** Places a buy from the game's stock list; a limit order when `limit` is given. */
async function buy(page: Page, row: number, points: string, limit?: string) {
  await page.getByRole('region', { name: 'Available stocks' }).getByRole('button', { name: /^Buy / }).nth(row).click();
  const dialog = page.getByRole('dialog', { name: 'Buy Stock' });
  if (limit) {
    await dialog.getByLabel('Fill').selectOption('limit');
    await dialog.getByLabel('Limit price ($)').fill(limit);
  }
  await dialog.getByLabel('Points to invest').fill(points);
  await dialog.getByRole('button', { name: 'Place buy order', exact: true }).click();
  await dialog.waitFor({ state: 'hidden' });
}

describe('games journey', () => {
  const site = useSite({
    env: { DATA_DIR: dataDir, JWT_SECRET: 'e2e-games-secret-long-enough-for-hs256', DATA_DATE_POLL_SECONDS: '1' },
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('lists the open games in the server-rendered HTML, with its canonical', async () => {
    const html = await (await fetch(`${site.server.url}/simulator/games`)).text();
    expect(html).toContain('<title>Simulator Games');
    expect(html).toContain(`<link rel="canonical" href="${site.server.url}/simulator/games"/>`);
    expect(html).toContain('Open games');
  });

  it('a teacher creates a private game, a student joins with the code, orders fill at the next close, and the board sets them against the market', async () => {
    const url = site.server.url;
    const teacher = await openPage(site.browser, VIEWPORTS.desktop);
    const student = await openPage(site.browser, VIEWPORTS.mobile);
    await signUpThroughPage(teacher.page, url, TEACHER);
    const token = await signUpThroughPage(student.page, url, STUDENT);
    const { dataDate } = await (await fetch(`${url}/api/meta`)).json();

    // The teacher creates the game (private by default) and reads its invite code.
    await gotoHydrated(teacher.page, `${url}/simulator/games`);
    const create = teacher.page.getByRole('form', { name: 'Create a game' });
    await create.getByLabel('Name').fill('Period 3 economics');
    await create.getByLabel('Start date').fill(addDays(dataDate, 1));
    await create.getByLabel('End date').fill(addDays(dataDate, 60));
    await create.getByLabel('Max % in one company').fill('50');
    await teacher.page.screenshot({ path: join(SCREENSHOT_DIR, 'games-list-1280.png'), fullPage: true });
    await create.getByRole('button', { name: 'Create game' }).click();
    await teacher.page.waitForURL(/\/simulator\/games\/\d+$/);
    const gameUrl = teacher.page.url();
    const gameId = Number(gameUrl.split('/').at(-1));
    const code = (await teacher.page.locator('strong.font-mono').textContent())?.trim() ?? '';
    expect(code).toMatch(/^[A-Z2-9]{8}$/);
    await expect.poll(() => teacher.page.getByText('At most 50% of the portfolio in one company').count()).toBe(1);

    // Someone without the code does not see it.
    expect((await fetch(`${url}/api/games/${gameId}`)).status).toBe(404);

    // The student joins with the code on the games page, then places a market and a limit order.
    await gotoHydrated(student.page, `${url}/simulator/games`);
    await student.page.getByRole('textbox', { name: 'Invite code' }).fill(code.toLowerCase());
    await student.page.getByRole('button', { name: 'Join game' }).click();
    await student.page.waitForURL(`${url}/simulator/games/${gameId}`);
    await student.page.getByRole('heading', { name: 'Your portfolio in this game' }).waitFor();
    await buy(student.page, 0, '20000');
    // A limit far above the close: it fills at the next close, at that close.
    await buy(student.page, 1, '10000', '100000');
    await expect.poll(() => student.page.getByTestId('pending-order').count()).toBe(2);
    expect(await student.page.getByTestId('pending-order').nth(1).textContent()).toContain('(limit $100,000.00)');
    // The simulator's own portfolio is apart: nothing pending there.
    const simulatorOrders = (await (
      await fetch(`${url}/api/contest/orders`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as Order[];
    expect(simulatorOrders).toEqual([]);

    // The daily update brings the closes; the server's day fills both orders.
    await appendTradingDaysUntil(dataDir, addDays(dataDate, 8));
    await expect
      .poll(
        async () =>
          (
            (await (
              await fetch(`${url}/api/contest/orders?game_id=${gameId}`, {
                headers: { authorization: `Bearer ${token}` },
              })
            ).json()) as Order[]
          ).length,
        { timeout: 20_000 },
      )
      .toBe(0);

    await gotoHydrated(student.page, `${url}/simulator/games/${gameId}`);
    const portfolio = student.page.getByRole('region', { name: 'Your portfolio', exact: true });
    await expect.poll(() => portfolio.locator('tbody [data-ticker]').count()).toBe(2);
    const board = student.page.getByRole('region', { name: `Leaderboard of Period 3 economics` });
    await expect.poll(() => board.getByRole('row').count()).toBe(2);
    expect(await board.getByRole('row').nth(1).textContent()).toMatch(/sam_student.*[+-−]?\d.*pts/);
    expect(await student.page.getByText(/StockGurus Market Index: .* since the start/).count()).toBe(1);
    expect(await seriousAxeViolations(student.page)).toEqual([]);
    await student.page.screenshot({ path: join(SCREENSHOT_DIR, 'game-student-375.png'), fullPage: true });

    // The teacher sees the player's portfolio at a glance.
    await gotoHydrated(teacher.page, gameUrl);
    const players = teacher.page.getByRole('region', { name: 'Players' });
    await expect.poll(() => players.getByText('sam_student').count()).toBe(1);
    expect(await seriousAxeViolations(teacher.page)).toEqual([]);
    await teacher.page.screenshot({ path: join(SCREENSHOT_DIR, 'game-teacher-1280.png'), fullPage: true });
    expect([...teacher.errors, ...student.errors]).toEqual([]);
    await teacher.close();
    await student.close();
  });
});
