import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { initI18n } from '../lib/i18n';
import { getStoredLanguage } from '../lib/preferences';
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
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  createRoot(container).render(
    <StrictMode>
      <BrowserRouter>
        <NavigationBridge />
        <AppRoutes />
        <ShellServicesLoader />
      </BrowserRouter>
    </StrictMode>,
  );
}

void start();
