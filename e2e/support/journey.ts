import { afterAll, afterEach, beforeAll } from 'vitest';
import { type LaunchedBrowser, launchBrowser } from './browser';
import { type RunningServer, startServer } from './server';

export interface Journey {
  server: RunningServer;
  launched: LaunchedBrowser;
}

/** One real server and one Chromium for a journey file: started before its tests, stopped after. */
export function setUpJourney({
  env,
  browserArgs,
  serviceWorkers,
}: {
  env?: Record<string, string>;
  /** Extra Chromium flags (e.g. fake media devices for calls). */
  browserArgs?: string[];
  /** Journeys about the service worker (offline, push, updates) allow it; the others block it. */
  serviceWorkers?: 'allow' | 'block';
} = {}): Journey {
  const journey = {} as Journey;
  beforeAll(async () => {
    journey.server = await startServer(env);
    journey.launched = await launchBrowser(browserArgs, serviceWorkers ? { serviceWorkers } : {});
  });
  // A failed test says where each of its pages was: CI keeps only the log, and a wait that timed out
  // (a lost click, a redirect) names the URL it waited for, not the one the page was on.
  afterEach(async (context) => {
    if (context.task.result?.state !== 'fail' || !journey.launched) return;
    for (const page of journey.launched.browser.contexts().flatMap((open) => open.pages())) {
      const text = await page
        .evaluate(() => document.body.innerText.replace(/\s+/g, ' ').slice(0, 300))
        .catch((error: unknown) => `(unreadable: ${String(error)})`);
      console.error(`journey page at failure: ${page.url()} — ${text}`);
    }
  });
  afterAll(async () => {
    await journey.launched?.close();
    await journey.server?.stop();
  });
  return journey;
}
