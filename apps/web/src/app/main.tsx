import { lazy, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { initI18n } from '../lib/i18n';
import { getStoredLanguage } from '../lib/preferences';
import './api-ui-setup';
import { NavigationBridge } from './navigation';
import { AppRoutes } from './router';
import './styles/fonts.css';
import './styles/app.css';
import './styles/shell.css';

// The upgrade check (and its popup) loads after the first render: never in the shell's first load.
const AppUpdateGate = lazy(() => import('./app-update-gate'));

async function start() {
  // The stored language's strings arrive before the first paint: no flash of English.
  await initI18n(getStoredLanguage());
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  createRoot(container).render(
    <StrictMode>
      <BrowserRouter>
        <NavigationBridge />
        <AppRoutes />
        <Suspense fallback={null}>
          <AppUpdateGate />
        </Suspense>
      </BrowserRouter>
    </StrictMode>,
  );
}

void start();
