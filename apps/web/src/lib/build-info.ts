import type { AppVariant } from '@sabai/shared/platform/app-version';

/** Written by the build (vite-build-info.ts). */
declare const __APP_VERSION__: string;
declare const __APP_VERSION_CODE__: string;
declare const __APP_BUILD_COMMIT__: string;

/** This build's version (dotted-numeric, compared with the published ones), code and commit. */
export const APP_VERSION: string = __APP_VERSION__;
export const APP_VERSION_CODE: string = __APP_VERSION_CODE__;
export const APP_BUILD_COMMIT: string = __APP_BUILD_COMMIT__;

/** The app variant this build is (spec section 6: the build id maps to 1, 2 or 3), unless overridden. */
export const DEFAULT_APP_VARIANT: AppVariant = 1;

/**
 * Developer options (API host, variant, clearing local data) are for testers: always on in
 * development, off in production builds unless the build sets VITE_DEVELOPER_OPTIONS=true.
 */
export const DEVELOPER_OPTIONS_ENABLED: boolean =
  import.meta.env.DEV || import.meta.env.VITE_DEVELOPER_OPTIONS === 'true';
