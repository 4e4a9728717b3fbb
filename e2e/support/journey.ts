import { afterAll, beforeAll } from 'vitest';
import { type LaunchedBrowser, launchBrowser } from './browser';
import { type RunningServer, startServer } from './server';

export interface Journey {
  server: RunningServer;
  launched: LaunchedBrowser;
}

/** One real server and one Chromium for a journey file: started before its tests, stopped after. */
export function setUpJourney(options: { env?: Record<string, string> } = {}): Journey {
  const journey = {} as Journey;
  beforeAll(async () => {
    journey.server = await startServer(options.env);
    journey.launched = await launchBrowser();
  });
  afterAll(async () => {
    await journey.launched?.close();
    await journey.server?.stop();
  });
  return journey;
}
