import { join } from 'node:path';
import { NEWS_EMPTY_TEXT, type NewsResponse } from '@app/shared/news';
import { describe, expect, it } from 'vitest';
import { gotoHydrated, openPage, SCREENSHOT_DIR, seriousAxeViolations, VIEWPORTS } from './support/browser';
import { useSite } from './support/site';

describe('market news: search and categories in the URL, rendered on the server', () => {
  const site = useSite();
  const cards = (page: import('playwright-core').Page) => page.getByTestId('news-card');

  it('renders the articles, chips and sample label in the server HTML', async () => {
    const api = (await (await fetch(`${site.server.url}/api/news`)).json()) as NewsResponse;
    const html = await (await fetch(`${site.server.url}/news`)).text();
    expect(html).toContain('<h1');
    expect(html).toContain('Market News');
    expect(html).toContain('placeholder="Search news..."');
    for (const chip of ['All', 'Earnings', 'Policy', 'Industry', 'Markets', 'Crypto', 'Energy']) {
      expect(html).toContain(`>${chip}</a>`);
    }
    expect(html).toContain('data-testid="news-sample"');
    expect(html.split('data-testid="news-card"')).toHaveLength(api.items.length + 1);
    const first = api.items[0];
    expect(html).toContain(first?.title.replace(/&/g, '&amp;').replace(/’/g, '’'));
    // A shared, filtered address renders filtered on the server too.
    const energy = await (await fetch(`${site.server.url}/news?category=energy&q=GAS`)).text();
    const expected = api.items.filter(
      (i) => i.category === 'Energy' && `${i.title} ${i.summary}`.toLowerCase().includes('gas'),
    );
    expect(expected.length).toBeGreaterThan(0);
    expect(energy.split('data-testid="news-card"')).toHaveLength(expected.length + 1);
  });

  it('filters by category and search together, keeps both in the URL, and shows the empty text', async () => {
    const { page, errors, close } = await openPage(site.browser, VIEWPORTS.desktop);
    await gotoHydrated(page, `${site.server.url}/news`);
    const all = await cards(page).count();
    expect(all).toBeGreaterThanOrEqual(24);
    // Cards carry category, impact word, title, summary, author, date and read time.
    const card = cards(page).first();
    expect(await card.getByText(/^(High|Medium|Low) impact$/).count()).toBe(1);
    expect(await card.locator('h2').textContent()).toBeTruthy();
    expect(await card.locator('time').getAttribute('datetime')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(await card.textContent()).toMatch(/\d+ min read/);

    await page.getByRole('link', { name: 'Energy', exact: true }).click();
    await page.waitForURL(/\/news\?category=Energy$/);
    await expect.poll(() => cards(page).count()).toBeLessThan(all);
    expect(await page.getByRole('link', { name: 'Energy', exact: true }).getAttribute('aria-current')).toBe('true');
    for (const text of await cards(page).allTextContents()) expect(text).toContain('Energy');

    await page.getByPlaceholder('Search news...').fill('GAS');
    await page.waitForURL(/\/news\?q=GAS&category=Energy$/);
    await expect.poll(async () => (await cards(page).allTextContents()).every((t) => /gas/i.test(t))).toBe(true);
    const gas = await cards(page).count();
    expect(gas).toBeGreaterThan(0);

    // Back to All keeps the search words.
    await page.getByRole('link', { name: 'All', exact: true }).click();
    await page.waitForURL(/\/news\?q=GAS$/);
    await expect.poll(() => cards(page).count()).toBeGreaterThanOrEqual(gas);

    await page.getByPlaceholder('Search news...').fill('no such story anywhere');
    await expect.poll(() => page.getByText(NEWS_EMPTY_TEXT).isVisible()).toBe(true);
    expect(await cards(page).count()).toBe(0);
    await page.screenshot({ path: join(SCREENSHOT_DIR, 'news-empty-1280.png') });
    expect(errors).toEqual([]);
    await close();
  });

  it('scrolls the list within 24rem and lets the keyboard search and scroll it', async () => {
    const { page, close } = await openPage(site.browser, VIEWPORTS.desktop);
    await gotoHydrated(page, `${site.server.url}/news`);
    const list = page.getByRole('region', { name: 'News articles' });
    const box = await list.evaluate((el) => ({
      maxHeight: getComputedStyle(el).maxHeight,
      scrolls: el.scrollHeight > el.clientHeight,
    }));
    expect(box).toEqual({ maxHeight: '384px', scrolls: true });
    await list.focus();
    await page.keyboard.press('PageDown');
    await expect.poll(() => list.evaluate((el) => el.scrollTop)).toBeGreaterThan(0);

    await page.getByPlaceholder('Search news...').focus();
    await page.keyboard.type('bitcoin');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/news\?q=bitcoin$/);
    await expect.poll(() => cards(page).count()).toBeGreaterThan(0);
    await page.screenshot({ path: join(SCREENSHOT_DIR, 'news-1280.png'), fullPage: true });
    await close();
  });

  it('fits 375 px without sideways overflow and has no serious axe violations', async () => {
    const { page, errors, close } = await openPage(site.browser, VIEWPORTS.mobile);
    await gotoHydrated(page, `${site.server.url}/news?category=Markets`);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.screenshot({ path: join(SCREENSHOT_DIR, 'news-375.png'), fullPage: true });
    expect(errors).toEqual([]);
    await close();
  });

  it('answers a bad API query with a 400 naming the field', async () => {
    const res = await fetch(`${site.server.url}/api/news?category=Weather`);
    expect(res.status).toBe(400);
    expect((await res.json()).error).toContain("'category'");
  });
});
