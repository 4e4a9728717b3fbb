import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LaunchedBrowser, launchBrowser, lookAt, phoneContext, SCREENSHOTS } from '../support/browser';
import { copyDataTemplate, type RunningServer, startServer } from '../support/server';
import { untilStill } from '../support/still';

/** Screenshots are looked at outside the repository as well (the wallet helper's shot folder). */
const SHOTS_OUT = process.env.WALLET_SHOTS ?? '';

let server: RunningServer;
let launched: LaunchedBrowser;
let dataDir: string;
let session: { token: string; tokenExpired: number; user: { id: number } };

/**
 * The demo therapist earns $60 more: a completion is booked straight into the ledger before the
 * server starts on the same data (the order flow that earns it is booking's and payments' journey).
 * The demo's own completed orders pay the therapist too (decision 107), so the journey reads the
 * balance the server holds and checks the pages show exactly it.
 */
function seedEarnings(dataDir: string) {
  const seeded = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'apps/server/test/seed-demo-earnings.ts', dataDir, '6000'],
    { cwd: fileURLToPath(new URL('../..', import.meta.url)), encoding: 'utf8' },
  );
  if (seeded.status !== 0) throw new Error(`seeding failed: ${seeded.stderr}`);
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'sabai-e2e-wallet-'));
  // The run's demo database, so only the earnings are booked here.
  copyDataTemplate(dataDir);
  seedEarnings(dataDir);
  server = await startServer({ DATA_DIR: dataDir, NODE_ENV: 'development', LOG_LEVEL: 'warn' });
  launched = await launchBrowser();
  const response = await fetch(`${server.baseUrl}/app/auth/login/password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ areaCode: '855', phone: '012345678', password: 'sabai-demo' }),
  });
  session = ((await response.json()) as { data: typeof session }).data;
});
afterAll(async () => {
  await launched?.close();
  await server?.stop();
  // The server removes only the data folder it made itself; this one is the journey's.
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function shoot(page: Page, name: string) {
  await page.waitForLoadState('networkidle');
  await untilStill(page);
  const file = `${SCREENSHOTS}wallet-${name}.png`;
  await lookAt(page, { path: file });
  if (SHOTS_OUT) {
    mkdirSync(SHOTS_OUT, { recursive: true });
    copyFileSync(file, `${SHOTS_OUT}/journey-${name}.png`);
  }
}

describe('withdrawing earnings', () => {
  it('adds a savings account (a card number is refused), withdraws with a confirmation and sees it pending', async () => {
    const context = await phoneContext(launched.browser, 'en');
    await context.addInitScript((saved) => {
      localStorage.setItem('sabai.token', JSON.stringify(saved.token));
      localStorage.setItem('sabai.tokenExpired', JSON.stringify(saved.tokenExpired));
      localStorage.setItem('sabai.userInfo', JSON.stringify(saved.user));
    }, session);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));

    await page.goto(`${server.baseUrl}/my/withdraw/addAccount`);
    await page.getByPlaceholder('Name on the account').fill('Sokha Chan');
    await page.getByPlaceholder('From your passbook or banking app').fill('4111 1111 1111 1111');
    await page.getByPlaceholder('e.g. ABA Bank').fill('ABA Bank');
    await page.getByRole('button', { name: 'Save account' }).click();
    await page.getByText('This looks like a card number').waitFor();
    await page.getByPlaceholder('From your passbook or banking app').fill('001 234 567');
    await page.getByRole('button', { name: 'Save account' }).click();
    await page.waitForURL('**/my/withdraw/account');
    await page.getByText('•••• 4567').waitFor();

    const summary = await fetch(`${server.baseUrl}/app/withdrawals/summary`, {
      headers: { token: session.token },
    }).then(async (response) => ((await response.json()) as { data: { available: number } }).data);
    // At least the $60 seeded above; the rest is what the demo's completed orders paid.
    expect(summary.available).toBeGreaterThanOrEqual(6000);
    const dollars = (cents: number) =>
      new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);

    await page.goto(`${server.baseUrl}/my/withdraw`);
    await page.getByText(dollars(summary.available)).first().waitFor();
    await page.getByLabel(/Amount/).fill('5');
    await page.getByRole('button', { name: 'Withdraw', exact: true }).click();
    await page.getByRole('alert').filter({ hasText: 'The smallest withdrawal is $10.00.' }).waitFor();
    await page.getByLabel(/Amount/).fill('20');
    await page.getByRole('button', { name: 'Withdraw', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Withdraw $20.00 to ABA Bank •••• 4567?').waitFor();
    await dialog.getByRole('button', { name: 'Withdraw' }).click();
    await page.getByText('$20.00 to ABA Bank •••• 4567').waitFor();
    await page.getByText('Pending').waitFor();
    await page
      .getByText(dollars(summary.available - 2000))
      .first()
      .waitFor();
    await page.getByText('Being paid out: $20.00').waitFor();
    await shoot(page, 'withdraw-pending-en');

    await page.goto(`${server.baseUrl}/therapist/workbench/income`);
    await page.getByText('Available to withdraw').first().waitFor();
    await shoot(page, 'income-en');
    // The income page agrees: $20.00 less to withdraw, $20.00 on its way.
    const income = await page.locator('body').innerText();
    expect(income).toContain(dollars(summary.available - 2000));
    expect(income).toContain('$20.00');
    expect(errors).toEqual([]);
    await context.close();
  });
});
