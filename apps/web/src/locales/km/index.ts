import type { LocaleBundle } from '../types';
import common from './common.json';
import home from './home.json';
import instore from './instore.json';
import me from './me.json';
import nav from './nav.json';
import settings from './settings.json';
import therapist from './therapist.json';

const bundle: LocaleBundle = {
  resources: { common, nav, home, instore, therapist, me, settings },
};

export default bundle;
