import { lazy } from 'react';

/**
 * The centre "Book" tab. The page itself loads one step later: a tab page's static imports are
 * listed in the shell's preload map, and this one's (cards, lists, filters) would not fit there.
 */
export default lazy(() => import('./available-therapists-page'));
