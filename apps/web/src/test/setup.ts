import { configure } from '@testing-library/dom';
import { initI18n } from '../lib/i18n';

// The app initialises i18next before it renders anything (main.tsx); modules that add their
// strings on import (discovery-strings, ui-strings) rely on that, so tests start the same way.
await initI18n('en');

// `findBy…`/`waitFor` wait for something that must appear; their window is a hang guard, not a
// speed check. Testing Library's 1 s default was once exceeded on a machine running the server
// suites and browser journeys beside these tests (tousu-list-page: 1.7 s under load average 8–19).
configure({ asyncUtilTimeout: 5_000 });
