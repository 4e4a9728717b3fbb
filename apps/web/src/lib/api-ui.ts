/**
 * What the request helper asks of the UI (a loading indicator, the 401 and banned / cancelled
 * dialogs + logout). The app
 * shell registers the handlers here so the helper itself can load with the pages that use it.
 */
export interface ApiUiHandlers {
  /** true when a request has been pending for the loading delay, false when none is. */
  onLoadingChange?: (isVisible: boolean) => void;
  /** Shows the server's message, then logs out. Awaited before the request rejects. */
  onUnauthorized?: (msg: string) => Promise<void> | void;
  /** A banned or cancelled account: the message, then storage cleared and off to login. Awaited. */
  onAccountEnded?: (reason: 'banned' | 'cancelled', msg: string) => Promise<void> | void;
}

export const apiUiHandlers: ApiUiHandlers = {};

export function configureApiUi(handlers: ApiUiHandlers): void {
  Object.assign(apiUiHandlers, handlers);
}
