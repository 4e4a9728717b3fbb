import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { initI18n } from '../lib/i18n';
import { getStoredLanguage, mirrorCityCookie } from '../lib/preferences';
import './api-ui-setup';
import { NavigationBridge } from './navigation';
import { AppRoutes } from './router';
import { ShellServicesLoader } from './shell-services-loader';
import './styles/fonts.css';
import './styles/app.css';
import './styles/shell.css';

async function start() {
  // The stored language's strings arrive before the first paint: no flash of English.
  await initI18n(getStoredLanguage());
  mirrorCityCookie();
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
