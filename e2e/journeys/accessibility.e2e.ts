import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { phoneContext } from '../support/browser';
import { setUpJourney } from '../support/journey';

const journey = setUpJourney();

/** The first screens of issue #17 and the pages a new user opens next. */
const PAGES = [
  { name: 'home', path: '/' },
  { name: 'therapist list', path: '/therapist/therapistList' },
  { name: "a therapist's page", path: '/therapist/orderDetail?id=1' },
  { name: 'store visit', path: '/instore' },
  { name: 'sign-in', path: '/public/login' },
  { name: 'city', path: '/index/citys' },
  { name: 'Me', path: '/my' },
];

/** Waits until React has replaced the server's shell and the page's data has arrived. */
async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.locator('.app-shell').waitFor({ state: 'detached' });
  await page.locator('.page-loading, .adm-skeleton').first().waitFor({ state: 'detached', timeout: 15_000 });
}

describe('accessibility (axe)', () => {
  for (const language of ['en', 'km']) {
    it(`finds no violation on the first screens in ${language}`, async () => {
      const context = await phoneContext(journey.launched.browser, language);
      const page = await context.newPage();
      const found: string[] = [];
      for (const { name, path } of PAGES) {
        await page.goto(`${journey.server.baseUrl}${path}`);
        await settled(page);
        expect(await page.locator('html').getAttribute('lang')).toBe(language);
        const { violations } = await new AxeBuilder({ page }).analyze();
        for (const violation of violations) {
          const targets = violation.nodes.slice(0, 3).map((node) => node.target.join(' '));
          found.push(`${name} (${language}) ${violation.id}: ${violation.help} — ${targets.join(' | ')}`);
        }
      }
      await context.close();
      expect(found).toEqual([]);
    });
  }
});
