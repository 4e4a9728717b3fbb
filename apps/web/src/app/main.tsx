import { StrictMode, startTransition } from 'react';
import { BrowserRouter } from 'react-router';
import { initI18n } from '../lib/i18n';
import { nextTask } from '../lib/next-task';
import { getStoredLanguage, mirrorCityCookie } from '../lib/preferences';
import './api-ui-setup';
import { NavigationBridge } from './navigation';
import { AppRoutes } from './router';
import { ShellServicesLoader } from './shell-services-loader';
import './styles/fonts.css';
import './styles/app.css';
import './styles/shell.css';

/**
 * The start, one step per task (decision 099). Evaluating the entry's scripts, setting up i18next,
 * evaluating react-dom's client and creating the root each take 15–60 ms on this project's test
 * machines, four times that on a mid-range phone; in one task they were the longest task of a first
 * load (≈ 250 ms at Lighthouse's 4× slowdown), during which a tap on the drawn shell waited. The
 * server-drawn shell stays on screen until the first render commits, so nothing is seen to wait.
 */
async function start() {
  await nextTask();
  // The stored language's strings arrive before the first render: no flash of English.
  await initI18n(getStoredLanguage());
  mirrorCityCookie();
  await nextTask();
  // react-dom's client is evaluated here, in a task of its own, not with the entry's other scripts
  // (it sits in the same file as React, so this import fetches nothing).
  const { createRoot } = await import('react-dom/client');
  await nextTask();
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  const root = createRoot(container);
  // The first render as a transition: React renders the page in short slices and lets the phone
  // paint and take taps between them, instead of one long task of the whole tree (on a mid-range
  // phone, hundreds of milliseconds in which a tap waits). The server-drawn shell stays on screen
  // until the render commits, as before (decision 067).
  startTransition(() => {
    root.render(
      <StrictMode>
        <BrowserRouter>
          <NavigationBridge />
          <AppRoutes />
          <ShellServicesLoader />
        </BrowserRouter>
      </StrictMode>,
    );
  });
}

void start();
