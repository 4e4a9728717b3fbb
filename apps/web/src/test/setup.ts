import { initI18n } from '../lib/i18n';

// The app initialises i18next before it renders anything (main.tsx); modules that add their
// strings on import (discovery-strings, ui-strings) rely on that, so tests start the same way.
await initI18n('en');
