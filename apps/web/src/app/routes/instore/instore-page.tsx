import { lazy } from 'react';
import '../../../features/discovery/page-setup';

/** The store-visit tab; loads one step later for the reason given in therapist-page.tsx. */
export default lazy(() => import('./store-list-page'));
