import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { NotificationsResponse } from '@app/shared/alerts';
import { addDays } from '@app/shared/trading-day';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { gotoHydrated, openPage, SCREENSHOT_DIR, seriousAxeViolations, VIEWPORTS } from './support/browser';
import { appendTradingDaysUntil as appendDays, signUpThroughPage } from './support/journeys';
import { useSite } from './support/site';

const JWT_SECRET = 'e2e-watchlists-secret-long-enough-for-hs256';
const MEMBER = { username: 'watcher_wu', email: 'watcher@example.com', password: 'watcher-pass' };
const dataDir = mkdtempSync(join(tmpdir(), 'e2e-watchlists-'));

/** `npm run data -- update --today <day>` on the server's data directory, as docs/features/simulator.md says. */
const appendTradingDaysUntil = (today: string) => appendDays(dataDir, today);
const signUp = (page: Page, url: string) => signUpThroughPage(page, url, MEMBER);

/** The outbox messages to the member, decoded (unfolded headers, quoted-printable undone). */
function outboxTo(email: string): string[] {
  const dir = join(dataDir, 'outbox');
  let files: string[] = [];
  try {
    files = readdirSync(dir).sort();
  } catch {
    return [];
  }
  return files
    .map((f) =>
      readFileSync(join(dir, f), 'utf8')
        .replace(/\r?\n[ \t]+/g, ' ')
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
    )
    .filter((m) => m.includes(`To: ${email}`));
}

describe('watchlists and alerts journey', () => {
  const site = useSite({ env: { DATA_DIR: dataDir, JWT_SECRET, DATA_DATE_POLL_SECONDS: '1' } });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('tells a signed-out visitor what a watchlist does, in the server-rendered HTML', async () => {
    const html = await (await fetch(`${site.server.url}/watchlists`)).text();
    expect(html).toContain('Sign in to keep watchlists and set alerts.');
    expect(html).toContain(`<link rel="canonical" href="${site.server.url}/watchlists"/>`);
    expect(html).toContain('Loading your watchlists');
  });

  it('adds companies from the screener, rankings, a company page and the search box, sets an alert, and hears about the daily update', async () => {
    const url = site.server.url;
    const { page, errors, close } = await openPage(site.browser, VIEWPORTS.desktop);
    const token = await signUp(page, url);
    const added: string[] = [];
    const status = (ticker: string) => page.getByRole('status').filter({ hasText: `Added ${ticker} to My watchlist` });

    // 1. The screener: the second company's "+ Watch" (the member's first list is made for it).
    await gotoHydrated(page, `${url}/screener`);
    const watchButtons = page.getByRole('button', { name: /^Add .* to a watchlist$/ });
    await watchButtons.first().waitFor();
    const screenerRows = page.getByRole('region', { name: 'Companies' }).locator('tbody tr');
    const tickerOf = async (i: number) =>
      ((await screenerRows.nth(i).locator('td').first().textContent()) ?? '').trim();
    const fromScreener = await tickerOf(1);
    const forCompanyPage = await tickerOf(2);
    await watchButtons.nth(1).click();
    await status(fromScreener).waitFor();
    added.push(fromScreener);

    // 2. Rankings: the first company not on the list yet.
    await gotoHydrated(page, `${url}/companies/market-cap-rankings`);
    const rankButtons = page.getByRole('button', { name: /^Add .* to a watchlist$/ });
    await rankButtons.first().waitFor();
    const rankRows = page.locator('tbody tr');
    let fromRankings = '';
    for (let i = 0; i < (await rankRows.count()) && !fromRankings; i++) {
      const ticker = ((await rankRows.nth(i).locator('.font-mono').first().textContent()) ?? '').trim();
      if (ticker && ticker !== fromScreener && ticker !== forCompanyPage) {
        await rankRows
          .nth(i)
          .getByRole('button', { name: /^Add .* to a watchlist$/ })
          .click();
        await status(ticker).waitFor();
        fromRankings = ticker;
      }
    }
    added.push(fromRankings);

    // 3. A company page, found through the API's listing.
    const eod = await (await fetch(`${url}/api/companies/eod?pageNumber=1`)).json();
    const company = eod.find((r: { ticker?: string }) => r.ticker === forCompanyPage) as { slug: string };
    await gotoHydrated(page, `${url}/companies/info/${company.slug}`);
    await page.getByRole('button', { name: 'Add to watchlist' }).click();
    await status(forCompanyPage).waitFor();
    added.push(forCompanyPage);
    // An alert set from the company page, kept beside those set on the watchlist page.
    await page.getByRole('button', { name: 'Set alert', exact: true }).click();
    const alertForm = page.getByRole('form', { name: `Alert on ${forCompanyPage}` });
    await alertForm.getByLabel('Alert when').selectOption('filing');
    await alertForm.getByRole('button', { name: `Set alert on ${forCompanyPage}` }).click();
    await page
      .getByRole('status')
      .filter({ hasText: `Alert set: ${forCompanyPage}` })
      .waitFor();

    // The watchlist page: the three companies with their end-of-day figures.
    await gotoHydrated(page, `${url}/watchlists`);
    const table = page.getByRole('region', { name: 'Companies on My watchlist' });
    await table.waitFor();
    await expect.poll(() => table.locator('tbody tr').count(), { timeout: 20_000 }).toBe(3);
    const shown = (await table.locator('tbody tr td:first-child').allTextContents()).map((t) => t.trim());
    expect(shown).toEqual(added);
    await table
      .getByRole('button', { name: /^Symbol/ })
      .first()
      .click();
    await expect
      .poll(async () => (await table.locator('tbody tr td:first-child').allTextContents()).map((t) => t.trim()), {
        timeout: 20_000,
      })
      .toEqual([...added].sort());

    // 4. The search box on the watchlist page itself.
    const fourth = (eod as { ticker?: string; comp_name?: string }[]).find(
      (r) => r.ticker && r.comp_name && !added.includes(r.ticker),
    ) as { ticker: string; comp_name: string };
    const search = page.getByRole('combobox', { name: 'Add a company to My watchlist' });
    await search.fill(fourth.comp_name);
    await page
      .getByRole('option', { name: new RegExp(fourth.ticker) })
      .first()
      .click();
    await expect.poll(() => table.locator('tbody tr').count(), { timeout: 20_000 }).toBe(4);
    expect(await search.inputValue()).toBe('');
    added.push(fourth.ticker);

    // Measures the member picks become columns, kept in the URL.
    await page.getByText(/^Measures shown/).click();
    await page.getByRole('checkbox', { name: 'P/E' }).click();
    await expect.poll(() => page.url(), { timeout: 20_000 }).toContain('measures=pe');
    await page.getByRole('checkbox', { name: 'Change 1Y' }).click();
    await expect.poll(() => page.url(), { timeout: 20_000 }).toContain('measures=pe,change_1y');
    await table.getByRole('columnheader', { name: /Change 1Y/ }).waitFor({ timeout: 20_000 });
    await expect
      .poll(async () => (await table.locator('tbody tr').first().locator('td').allTextContents()).join(' '), {
        timeout: 20_000,
      })
      .toMatch(/[+-]\d[\d,.]*%/);

    // An alert on the first company: any move of 0.01% or more on a day.
    const alerts = page.getByRole('region', { name: 'Alerts' });
    await alerts.getByLabel('Company').selectOption(added[0] as string);
    await alerts.getByLabel('Alert when').selectOption('daily_move');
    await alerts.getByLabel('Percent').fill('0.01');
    await alerts.getByRole('button', { name: 'Set alert' }).click();
    await alerts.getByText(`${added[0]} moves 0.01% or more in a day, up or down`).waitFor({ timeout: 20_000 });
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.screenshot({ path: join(SCREENSHOT_DIR, 'watchlists-1280.png'), fullPage: true });

    // The daily update appends a week; the server notices the new data date and judges the alert.
    const meta = await (await fetch(`${url}/api/meta`)).json();
    await appendTradingDaysUntil(addDays(meta.dataDate, 8));
    const notifications = async () =>
      (
        await fetch(`${url}/api/alerts/notifications`, { headers: { authorization: `Bearer ${token}` } })
      ).json() as Promise<NotificationsResponse>;
    await expect.poll(async () => (await notifications()).unread, { timeout: 30_000 }).toBeGreaterThan(0);
    const { notifications: items } = await notifications();

    await gotoHydrated(page, `${url}/watchlists`);
    const bell = page.getByRole('button', { name: /^Notifications, \d+ unread$/ });
    await bell.waitFor({ timeout: 20_000 });
    await bell.click();
    await page
      .getByText(items[0]?.message as string)
      .first()
      .waitFor();
    await page.getByRole('button', { name: 'Mark all read' }).click();
    await page.getByRole('button', { name: 'Notifications', exact: true }).waitFor();

    // The message in the outbox, with its one-click unsubscribe link: it works signed out, once.
    await expect.poll(() => outboxTo(MEMBER.email).length, { timeout: 20_000 }).toBeGreaterThan(0);
    const mail = outboxTo(MEMBER.email)[0] as string;
    expect(mail).toContain(`${added[0]}: your alert fired on`);
    expect(/List-Unsubscribe: <([^>]+)>/.exec(mail)?.[1]).toMatch(/\/api\/alerts\/unsubscribe\?token=/);
    const link = /Stop e-mails for this alert \(no sign-in needed\): (\S+)/.exec(mail)?.[1] as string;
    const path = new URL(link).pathname + new URL(link).search;
    expect(new URL(link).pathname).toBe('/alerts/unsubscribe');
    const alertEmailOn = async () =>
      (
        (await (await fetch(`${url}/api/alerts`, { headers: { authorization: `Bearer ${token}` } })).json()).alerts as {
          kind: string;
          email: boolean;
        }[]
      ).find((a) => a.kind === 'daily_move')?.email;
    const signedOut = await openPage(site.browser, VIEWPORTS.mobile);
    // Opening the link (as a mail scanner does) changes nothing; the button does.
    await gotoHydrated(signedOut.page, `${url}${path}`);
    expect(await alertEmailOn()).toBe(true);
    expect(await seriousAxeViolations(signedOut.page)).toEqual([]);
    await signedOut.page.getByRole('button', { name: 'Stop these e-mails' }).click();
    await signedOut.page.getByText('You will no longer receive e-mails for this alert.').waitFor();
    await gotoHydrated(signedOut.page, `${url}${path}`);
    await signedOut.page.getByRole('button', { name: 'Stop these e-mails' }).click();
    await signedOut.page.getByText('You had already unsubscribed from this alert').waitFor();
    await signedOut.close();
    expect(await alertEmailOn()).toBe(false);
    expect(errors).toEqual([]);
    await close();
  }, 240_000);

  it('fits a phone: the list stacks into cards and the page has no serious axe violations', async () => {
    const { page, close } = await openPage(site.browser, VIEWPORTS.mobile);
    await gotoHydrated(page, `${site.server.url}/login`);
    await page.getByLabel('Email').fill(MEMBER.email);
    await page.getByLabel('Password', { exact: true }).fill(MEMBER.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForFunction(() => sessionStorage.getItem('token') ?? localStorage.getItem('token'));
    await gotoHydrated(page, `${site.server.url}/watchlists`);
    await page.getByRole('region', { name: 'Companies on My watchlist' }).waitFor({ timeout: 20_000 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.screenshot({ path: join(SCREENSHOT_DIR, 'watchlists-375.png'), fullPage: true });
    await close();
  }, 120_000);
});
