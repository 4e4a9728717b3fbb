import './page-setup';

export { prefetchHome } from './api/discovery-api';
/** What Home shows from discovery, fetched as one chunk after the Home page itself. */
export { CityLink } from './components/city-link';
export { HomeDiscovery } from './components/home-discovery';
