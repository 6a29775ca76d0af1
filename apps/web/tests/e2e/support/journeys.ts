import { execFile } from 'node:child_process';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { gotoHydrated } from './browser';

// Steps several journeys take: a member signing up through the page, trading days appended.

const REPO = resolve(import.meta.dirname, '../../../../..');
const run = promisify(execFile);

export interface JourneyMember {
  username: string;
  email: string;
  password: string;
}

/** Creates the account through the sign-up page; answers the token it left in the browser. */
export async function signUpThroughPage(page: Page, url: string, member: JourneyMember): Promise<string> {
  await gotoHydrated(page, `${url}/signup`);
  await page.getByLabel('Username').fill(member.username);
  await page.getByLabel('Email').fill(member.email);
  await page.getByLabel('Password', { exact: true }).fill(member.password);
  await page.getByLabel('Confirm password').fill(member.password);
  await page.getByLabel(/I agree to the/).check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL(`${url}/`);
  await page.waitForFunction(() => sessionStorage.getItem('token') ?? localStorage.getItem('token'));
  return (await page.evaluate(() => sessionStorage.getItem('token') ?? localStorage.getItem('token'))) as string;
}

/** `npm run data -- update --today <day>` on the server's data directory: the trading days before `day`. */
export async function appendTradingDaysUntil(dataDir: string, today: string): Promise<void> {
  await run(
    join(REPO, 'node_modules/.bin/tsx'),
    [join(REPO, 'packages/market-data/src/cli.ts'), 'update', '--today', today],
    { cwd: REPO, env: { ...process.env, DATA_DIR: dataDir } },
  );
}
