import { lazy } from 'react';

/** The store-visit tab; loads one step later for the reason given in therapist-page.tsx. */
export default lazy(() => import('./store-list-page'));
