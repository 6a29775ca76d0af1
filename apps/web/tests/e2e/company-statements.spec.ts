import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { filingRow, seedCompany, weekdays } from '@app/server/testing';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { gotoHydrated, openPage, SCREENSHOT_DIR, seriousAxeViolations, VIEWPORTS } from './support/browser';
import { type Db, useSite } from './support/site';

const DAYS = weekdays('2019-01-02', '2024-12-31');

/** Four fiscal years with quarters (Q4 derived) and every statement line, values chosen by hand. */
function books(scale: number) {
  return [2021, 2022, 2023, 2024].flatMap((year) => {
    const k = scale * (1 + (year - 2021) / 10);
    const q = (n: 1 | 2 | 3 | 4, start: string, end: string) => ({
      ...filingRow(year, `Q${n}`, end, {
        revenue: 100 * k * (1 + n / 20),
        net_income: 10 * k,
        cash: 50 * k,
        total_assets: 900 * k,
        total_liabilities: 500 * k,
        current_liabilities: 200 * k,
        current_assets: 300 * k,
      }),
      period_start: start,
      gross_profit: 40 * k,
      operating_income: 15 * k,
      research_development: 5 * k,
      operating_cash_flow: 20 * k,
      capex: 4 * k,
      free_cash_flow: 16 * k,
      stockholders_equity: 400 * k,
      long_term_debt: 150 * k,
      shares_outstanding: 1_000_000_000,
      eps_diluted: 0.01 * k,
      filed: `${year + (n === 4 ? 1 : 0)}-${n === 4 ? '02' : String(n * 3 + 1).padStart(2, '0')}-10`,
    });
    return [
      q(1, `${year}-01-01`, `${year}-03-31`),
      q(2, `${year}-04-01`, `${year}-06-30`),
      q(3, `${year}-07-01`, `${year}-09-30`),
      q(4, `${year}-10-01`, `${year}-12-31`),
      {
        ...filingRow(year, 'FY', `${year}-12-31`, {
          revenue: 100 * k * 4.5,
          net_income: 40 * k,
          cash: 50 * k,
          total_assets: 900 * k,
          total_liabilities: 500 * k,
          current_liabilities: 200 * k,
          current_assets: 300 * k,
        }),
        period_start: `${year}-01-01`,
        gross_profit: 160 * k,
        operating_income: 60 * k,
        research_development: 20 * k,
        operating_cash_flow: 80 * k,
        capex: 16 * k,
        free_cash_flow: 64 * k,
        stockholders_equity: 400 * k,
        long_term_debt: 150 * k,
        shares_outstanding: 1_000_000_000,
        eps_diluted: 0.04 * k,
        filed: `${year + 1}-02-10`,
        sources: JSON.stringify({ revenue: ['Revenues', '10-K', `${year + 1}-02-10`] }),
      },
    ];
  });
}

async function seed(db: Db): Promise<void> {
  const companies = [
    ['Northwind Traders Inc.', 'NWND', 1_000, 30],
    ['Contoso Ltd', 'CTSO', 500, 50],
    ['Fabrikam Corp', 'FBKM', 200, 12],
  ] as const;
  for (const [name, ticker, scale, price] of companies) {
    await seedCompany(db, {
      name,
      ticker,
      cik: 9_000_000 + scale,
      mkcap: scale * 100,
      closes: DAYS.map((d, i) => [d, Math.round((price + i * (scale / 20_000) + 3 * Math.sin(i / 50)) * 100) / 100]),
      shares: [['2019-01-02', scale * 1_000_000]],
      fundamentals: books(scale),
    });
  }
}

async function noSidewaysOverflow(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

describe('statements and compare journey', () => {
  const site = useSite({ seed });

  it('renders the statement with title, description and canonical in the server HTML', async () => {
    const res = await fetch(`${site.server.url}/companies/info/northwind-traders-inc/statements`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<title>Northwind Traders Inc. (NWND) Income statement (Annual) | StockGurus</title>');
    expect(html).toContain(
      `<link rel="canonical" href="${site.server.url}/companies/info/northwind-traders-inc/statements"/>`,
    );
    expect(html).toMatch(
      /<meta name="description" content="Northwind Traders Inc.&#x27;s income statement, annual, FY2021 to FY2024/,
    );
    expect(html).toContain('>FY2024</span>');
    // FY2024 revenue: 100 × 1000 × 1.3 × 4.5
    expect(html).toContain('>585,000</td>');
    const compare = await (await fetch(`${site.server.url}/companies/compare?companies=nwnd,ctso`)).text();
    expect(compare).toContain('<title>Compare NWND, CTSO | StockGurus</title>');
    expect(compare).toContain(
      `<link rel="canonical" href="${site.server.url}/companies/compare?companies=nwnd,ctso"/>`,
    );
    expect(compare).toContain('data-testid="compare-chart"');
  });

  it('opens a statement, switches to quarterly and TTM, exports CSV, compares three companies and reaches the chart’s table by keyboard', async () => {
    const { page, errors, close } = await openPage(site.browser, VIEWPORTS.desktop);
    await gotoHydrated(page, `${site.server.url}/companies/info/northwind-traders-inc/statements`);
    await expect
      .poll(() => page.locator('h1').textContent())
      .toBe('Northwind Traders Inc. (NWND) financial statements');
    const table = page.getByTestId('statement-table');
    await expect.poll(() => table.locator('thead th').nth(1).textContent()).toContain('FY2024');
    // Every figure names its filing.
    expect(await table.locator('tbody tr').first().locator('td').first().getAttribute('title')).toBe(
      'Revenues, 10-K, filed 2025-02-10',
    );

    await page.getByRole('link', { name: 'Quarterly' }).click();
    await page.waitForURL(/statements\?period=quarterly$/);
    await expect.poll(() => table.locator('thead th').nth(1).textContent()).toContain('Q4 2024');
    await expect.poll(() => table.locator('thead th').nth(1).textContent()).toContain('Q4 = year − 3 quarters');

    await page.getByRole('link', { name: 'Trailing twelve months' }).click();
    await page.waitForURL(/statements\?period=ttm$/);
    await expect.poll(() => table.locator('thead th').nth(1).textContent()).toContain('TTM Q4 2024');
    // TTM revenue at Q4 2024: four quarters of 100 × 1000 × 1.3 × (1.05 + 1.1 + 1.15 + 1.2)
    await expect.poll(() => table.locator('tbody tr').first().locator('td').first().textContent()).toBe('585,000');

    await page.getByRole('link', { name: 'Cash flow statement' }).click();
    await page.waitForURL(/statements\?statement=cash-flow&period=ttm$/);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('northwind-traders-inc-cash-flow-ttm.csv');
    const csv = readFileSync((await download.path()) as string, 'utf8').split('\r\n');
    // The first trailing twelve months end with the fourth quarter of the first year.
    expect(csv[0]).toMatch(/^Line,TTM Q4 2021,TTM Q1 2022,/);
    expect(
      csv
        .find((l) => l.startsWith('Free cash flow (USD M)'))
        ?.split(',')
        .at(-1),
    ).toBe('83200');

    // Compare: three companies picked with the search box, kept in the URL.
    await gotoHydrated(page, `${site.server.url}/companies/compare`);
    const box = page.getByRole('combobox', { name: 'Search Company' });
    for (const [text, slug] of [
      ['NWND', 'northwind-traders-inc'],
      ['Contoso', 'contoso-ltd'],
      ['FBKM', 'fabrikam-corp'],
    ] as const) {
      await box.fill(text);
      await expect
        .poll(() => page.getByRole('option').first().textContent())
        .toContain(text === 'Contoso' ? 'Contoso' : text);
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      await page.waitForURL(new RegExp(`companies=[^&]*${slug}`));
    }
    expect(page.url()).toBe(
      `${site.server.url}/companies/compare?companies=northwind-traders-inc,contoso-ltd,fabrikam-corp`,
    );
    const legend = page.getByTestId('compare-legend');
    await expect.poll(() => legend.textContent()).toContain('Fabrikam Corp (FBKM)');
    expect(await legend.textContent()).toContain('Northwind Traders Inc. (NWND)');
    expect(await legend.textContent()).toContain('Contoso Ltd (CTSO)');
    expect(await page.getByTestId('compare-summary').textContent()).toMatch(
      /^Market Cap as % change from 2020-01-01 to the latest close: Northwind Traders Inc. (rose|fell) [\d.]+%; Contoso Ltd/,
    );

    // The chart's data table by keyboard: Tab to its disclosure, Enter opens it, Tab into the table.
    await page.locator('h1').click();
    let reached = false;
    for (let i = 0; i < 40 && !reached; i++) {
      await page.keyboard.press('Tab');
      reached = await page.evaluate(() => document.activeElement?.textContent === "Show the chart's data as a table");
    }
    expect(reached).toBe(true);
    await page.keyboard.press('Enter');
    const data = page.getByTestId('chart-data-table');
    await expect.poll(() => data.getAttribute('open')).toBe('');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.querySelector('caption')?.textContent)).toMatch(
      /^Market Cap, % change from 2020-01-01: NWND, CTSO, FBKM$/,
    );
    expect(await data.locator('tbody tr').first().locator('th').textContent()).toBe('2020-01-31');
    await page.screenshot({ path: join(SCREENSHOT_DIR, 'compare-1280.png'), fullPage: true });
    expect(errors).toEqual([]);
    await close();
  });

  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    it(`fits ${viewport.width} px with no serious axe violations`, async () => {
      const { page, close } = await openPage(site.browser, viewport);
      for (const path of [
        '/companies/info/contoso-ltd/statements?statement=balance&period=quarterly',
        '/companies/compare?companies=nwnd,ctso,fbkm&metric=revenue',
        '/companies/info/contoso-ltd/free-cash-flow',
      ]) {
        await gotoHydrated(page, `${site.server.url}${path}`);
        await page.locator('details summary').first().click();
        expect(await noSidewaysOverflow(page), path).toBeLessThanOrEqual(0);
        expect(await seriousAxeViolations(page), path).toEqual([]);
      }
      await page.screenshot({ path: join(SCREENSHOT_DIR, `statements-${name}.png`), fullPage: true });
      await close();
    });
  }
});
