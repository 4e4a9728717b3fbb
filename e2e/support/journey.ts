import { afterAll, beforeAll } from 'vitest';
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
  afterAll(async () => {
    await journey.launched?.close();
    await journey.server?.stop();
  });
  return journey;
}
