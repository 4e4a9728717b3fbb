import { useEffect } from 'react';
import { type Location, type NavigateFunction, useLocation, useNavigate } from 'react-router';

/**
 * Navigation for code outside the React tree (the request helper's 401 / banned / cancelled
 * handling). The app uses react-router's declarative BrowserRouter — the data router would add
 * ~17 KB gzipped to the first load for loaders and actions the app does not use (decision 017) — so the shell
 * keeps the live `navigate` and location here.
 */
let currentNavigate: NavigateFunction | undefined;
let currentLocation: Pick<Location, 'pathname' | 'search'> | undefined;

export function NavigationBridge() {
  const navigate = useNavigate();
  const location = useLocation();
  useEffect(() => {
    currentNavigate = navigate;
    currentLocation = location;
  }, [navigate, location]);
  return null;
}

export async function navigateTo(path: string, options: { replace?: boolean } = {}): Promise<void> {
  if (currentNavigate) await currentNavigate(path, options);
  else if (options.replace) window.location.replace(path);
  else window.location.assign(path);
}

export function readLocation(): Pick<Location, 'pathname' | 'search'> {
  return currentLocation ?? { pathname: window.location.pathname, search: window.location.search };
}
