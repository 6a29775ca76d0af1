import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { gotoHydrated, openPage, SCREENSHOT_DIR, seriousAxeViolations, VIEWPORTS } from './support/browser';
import { useSite } from './support/site';

describe('site layout and navigation', () => {
  const site = useSite();

  it('hydrates under the Content-Security-Policy without console errors', async () => {
    const { page, errors, close } = await openPage(site.browser, VIEWPORTS.desktop);
    const response = await gotoHydrated(page, `${site.server.url}/`);
    expect(response?.headers()['content-security-policy']).toContain("'nonce-");
    expect(await page.title()).toBe('StockGurus: stock screener, company metrics and practice trading');
    await page.screenshot({ path: join(SCREENSHOT_DIR, 'home-1280.png'), fullPage: true });
    expect(errors).toEqual([]);
    await close();
  });

  it('opens dropdowns on hover and closes them on Escape and outside click (1280 px)', async () => {
    const { page, close } = await openPage(site.browser, VIEWPORTS.desktop);
    await gotoHydrated(page, `${site.server.url}/`);
    const simulator = page.getByRole('button', { name: 'Simulator' });
    const profolio = page.getByRole('link', { name: 'My Profolio' });
    await expect.poll(() => profolio.isVisible()).toBe(false);
    await simulator.hover();
    await expect.poll(() => profolio.isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => profolio.isVisible()).toBe(false);

    const history = page.getByRole('button', { name: 'Historical Data' });
    await history.click();
    const byVolume = page.getByRole('link', { name: 'By Volume' });
    await expect.poll(() => byVolume.isVisible()).toBe(true);
    await page.mouse.move(640, 700);
    await page.mouse.click(640, 700);
    await expect.poll(() => byVolume.isVisible()).toBe(false);
    await close();
  });

  it('is usable with the keyboard: open a dropdown, follow a link, active link marked', async () => {
    const { page, close } = await openPage(site.browser, VIEWPORTS.desktop);
    await gotoHydrated(page, `${site.server.url}/`);
    await page.getByRole('button', { name: 'Historical Data' }).focus();
    await page.keyboard.press('Enter');
    const byReturn = page.getByRole('link', { name: 'By Annual Return' });
    await expect.poll(() => byReturn.isVisible()).toBe(true);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page.waitForURL(`${site.server.url}/companies/annual-returns-rankings`);
    await expect.poll(() => page.locator('h1').textContent()).toBe('Annual Returns Rankings');
    await expect.poll(() => byReturn.isVisible()).toBe(false);
    // The dropdown holding the current page is highlighted.
    await expect
      .poll(() => page.getByRole('button', { name: 'Historical Data' }).getAttribute('class'))
      .toContain('bg-white/10');
    await page.getByRole('link', { name: 'Screener', exact: true }).click();
    await page.waitForURL(`${site.server.url}/screener`);
    await expect
      .poll(() => page.getByRole('link', { name: 'Screener', exact: true }).getAttribute('aria-current'))
      .toBe('page');
    await close();
  });

  it('toggles the small-screen menu and closes it on navigation (375 px)', async () => {
    const { page, errors, close } = await openPage(site.browser, VIEWPORTS.mobile);
    await gotoHydrated(page, `${site.server.url}/`);
    await page.screenshot({ path: join(SCREENSHOT_DIR, 'home-375.png'), fullPage: true });
    const menuButton = page.getByRole('button', { name: 'Open menu' });
    expect(await menuButton.isVisible()).toBe(true);
    expect(await page.locator('#mobile-menu').isVisible()).toBe(false);
    await menuButton.click();
    expect(await page.locator('#mobile-menu').isVisible()).toBe(true);
    await page.locator('#mobile-menu').getByRole('link', { name: 'Leaderboard' }).click();
    await page.waitForURL(`${site.server.url}/simulator/leaderboard`);
    await expect.poll(() => page.locator('#mobile-menu').isVisible()).toBe(false);
    expect(await page.locator('h1').textContent()).toBe('Ranking of Gurus');
    // Nothing overflows the page sideways at 375 px.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(errors).toEqual([]);
    await close();
  });

  it.each([
    ['desktop', VIEWPORTS.desktop],
    ['mobile', VIEWPORTS.mobile],
  ] as const)('has no serious accessibility violations on the home page (%s)', async (_name, viewport) => {
    const { page, close } = await openPage(site.browser, viewport);
    await gotoHydrated(page, `${site.server.url}/`);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await close();
  });

  it('draws the home page’s star field at its box size, and again when the window resizes', async () => {
    const { page, errors, close } = await openPage(site.browser, VIEWPORTS.desktop);
    await gotoHydrated(page, `${site.server.url}/`);
    // The backing store matches the canvas's box (device pixel ratio 1 here) and stars are painted.
    const field = () =>
      page.locator('canvas[aria-hidden="true"]').evaluate((canvas: HTMLCanvasElement) => {
        const box = canvas.getBoundingClientRect();
        const pixels = canvas.getContext('2d')?.getImageData(0, 0, canvas.width, canvas.height).data ?? [];
        let painted = 0;
        for (let i = 3; i < pixels.length; i += 4) if ((pixels[i] ?? 0) > 0) painted += 1;
        return { size: [canvas.width, canvas.height], box: [Math.round(box.width), Math.round(box.height)], painted };
      });
    await expect.poll(async () => (await field()).painted).toBeGreaterThan(200);
    const before = await field();
    expect(before.size).toEqual(before.box);
    await page.setViewportSize({ width: 900, height: 800 });
    await expect.poll(async () => (await field()).size[0]).toBeLessThan(before.size[0] ?? 0);
    const after = await field();
    expect(after.size).toEqual(after.box);
    expect(after.painted).toBeGreaterThan(200);
    expect(errors).toEqual([]);
    await close();
  });

  it('renders the 404 page with status 404', async () => {
    const { page, close } = await openPage(site.browser, VIEWPORTS.desktop);
    const response = await page.goto(`${site.server.url}/definitely/not/here`);
    expect(response?.status()).toBe(404);
    expect(await page.locator('h1').textContent()).toBe('Page not found');
    await close();
  });
});
