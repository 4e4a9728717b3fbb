import type { Envelope } from '@sabai/shared/envelope';
import { LANG_HEADER } from '@sabai/shared/i18n';
import { ACCOUNT_BANNED_CODE, ACCOUNT_CANCELLED_CODE, type AccountEnd, ApiError } from './api-error';
import { apiUiHandlers } from './api-ui';
import { APP_VERSION, APP_VERSION_CODE, DEFAULT_APP_VARIANT } from './build-info';
import { readDeviceInfo } from './device';
import { i18n } from './i18n';
import { getStoredCityId, getStoredCurrency, getStoredDistanceUnit, getStoredLanguage } from './preferences';
import { getDeviceId, getStoredAppVariant, readStored, STORAGE_KEYS } from './storage';

/**
 * The request helper of spec section 7: one envelope contract, the spec's header set, a loading
 * indicator that only shows for slow requests, a timeout, and the paths that end a session
 * wherever they happen: 401 "session gone", and the banned / cancelled account answers (section 4).
 */
export const APP_ID = 'sabai-web';
export const LOADING_DELAY_MS = 800;
export const REQUEST_TIMEOUT_MS = 60_000;

// The error type lives in its own small module: the page providers test it without loading the helper.
export {
  ACCOUNT_BANNED_CODE,
  ACCOUNT_CANCELLED_CODE,
  type AccountEnd,
  ApiError,
  type ApiErrorKind,
  isApiError,
} from './api-error';

type QueryValue = string | number | boolean | null | undefined;
export interface RequestOptions {
  query?: Record<string, QueryValue>;
  signal?: AbortSignal;
  /** Skip the global loading indicator (background refreshes). */
  isSilent?: boolean;
  /**
   * The caller ends the session itself (logging out): a 401, banned or cancelled answer rejects
   * without the modal and the forced logout.
   */
  isSessionEndHandled?: boolean;
  /** Extra headers for this request only (e.g. `cache-control: no-cache` on pull-to-refresh). */
  headers?: Record<string, string>;
}

export interface ApiClientOptions {
  baseUrl?: () => string;
  headers?: () => Record<string, string>;
  translate?: (key: string, values?: Record<string, unknown>) => string;
  /** Called with true when a request has been pending for `loadingDelayMs`, false when none is. */
  onLoadingChange?: (isVisible: boolean) => void;
  /** Shows the server's message, then logs out. Awaited before the request rejects. */
  onUnauthorized?: (msg: string) => Promise<void> | void;
  /** A banned or cancelled account: shows the message, clears the session, goes to login. Awaited. */
  onAccountEnded?: (reason: AccountEnd, msg: string) => Promise<void> | void;
  loadingDelayMs?: number;
  timeoutMs?: number;
}

export function resolveApiBase(): string {
  const override = readStored<string>(STORAGE_KEYS.apiBase);
  if (override) return override.replace(/\/$/, '');
  const configured = import.meta.env?.VITE_API_BASE as string | undefined;
  return configured ? configured.replace(/\/$/, '') : '';
}

/** The header set the spec sends with every request, read fresh each time (settings can change). */
export function buildDefaultHeaders(): Record<string, string> {
  const device = readDeviceInfo();
  return {
    lang: LANG_HEADER[getStoredLanguage()],
    token: readStored<string>(STORAGE_KEYS.token) ?? '',
    appVersion: APP_VERSION,
    appId: APP_ID,
    deviceId: getDeviceId(),
    uniPlatform: 'web',
    appVersionCode: APP_VERSION_CODE,
    deviceBrand: device.deviceBrand,
    deviceModel: device.deviceModel,
    osName: device.osName,
    dir: String(getStoredAppVariant(DEFAULT_APP_VARIANT)),
    cityId: getStoredCityId(),
    systemInfo: device.systemInfo,
    currency: getStoredCurrency(),
    distanceUnit: getStoredDistanceUnit(),
  };
}

const defaultTranslate = (key: string, values?: Record<string, unknown>) => i18n.t(key, values ?? {});

function buildQuery(query: Record<string, QueryValue> | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    params.append(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function isEnvelope(body: unknown): body is Envelope<unknown> {
  return typeof body === 'object' && body !== null && typeof (body as { code?: unknown }).code === 'number';
}

export function createApiClient(options: ApiClientOptions = {}) {
  const baseUrl = options.baseUrl ?? resolveApiBase;
  const headers = options.headers ?? buildDefaultHeaders;
  const translate = options.translate ?? defaultTranslate;
  const loadingDelayMs = options.loadingDelayMs ?? LOADING_DELAY_MS;
  const timeoutMs = options.timeoutMs ?? REQUEST_TIMEOUT_MS;

  let visibleLoaders = 0;
  let pendingLogout: Promise<void> | undefined;

  function trackLoading(isSilent: boolean | undefined): () => void {
    if (isSilent) return () => {};
    let isShown = false;
    const timer = setTimeout(() => {
      isShown = true;
      visibleLoaders += 1;
      if (visibleLoaders === 1) options.onLoadingChange?.(true);
    }, loadingDelayMs);
    return () => {
      clearTimeout(timer);
      if (!isShown) return;
      visibleLoaders -= 1;
      if (visibleLoaders === 0) options.onLoadingChange?.(false);
    };
  }

  async function endSession(show: () => Promise<void> | void): Promise<void> {
    // Several requests can fail together: one dialog, one logout.
    pendingLogout ??= Promise.resolve()
      .then(show)
      .finally(() => {
        pendingLogout = undefined;
      });
    await pendingLogout;
  }

  async function request<T>(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    // No content type for multipart: the browser writes it, with the boundary.
    body: { contentType?: string; payload?: string | FormData },
    requestOptions: RequestOptions = {},
  ): Promise<T> {
    const controller = new AbortController();
    let isTimedOut = false;
    const timer = setTimeout(() => {
      isTimedOut = true;
      controller.abort();
    }, timeoutMs);
    const onCallerAbort = () => controller.abort();
    requestOptions.signal?.addEventListener('abort', onCallerAbort, { once: true });
    const stopLoading = trackLoading(requestOptions.isSilent);

    try {
      let response: Response;
      let text: string;
      try {
        const init: RequestInit = {
          method,
          headers: {
            ...(body.contentType ? { 'content-type': body.contentType } : {}),
            ...headers(),
            ...requestOptions.headers,
          },
          signal: controller.signal,
        };
        if (body.payload !== undefined) init.body = body.payload;
        response = await fetch(`${baseUrl()}${path}${buildQuery(requestOptions.query)}`, init);
        text = await response.text();
      } catch {
        if (isTimedOut) throw new ApiError('timeout', 0, translate('common:errors.timeout'));
        if (requestOptions.signal?.aborted)
          throw new ApiError('aborted', 0, translate('common:errors.aborted'));
        throw new ApiError('network', 0, translate('common:errors.network'));
      }

      const parsed = parseJson(text);
      if (response.status !== 200) {
        const envelope = isEnvelope(parsed) ? parsed : undefined;
        throw new ApiError(
          'http',
          envelope?.code ?? response.status,
          envelope?.msg || translate('common:errors.http', { status: response.status }),
          response.status,
        );
      }
      if (!isEnvelope(parsed)) {
        throw new ApiError('http', response.status, translate('common:errors.badResponse'), response.status);
      }
      if (parsed.code === 0) return parsed.data as T;
      if (parsed.code === 401) {
        const msg = parsed.msg || translate('common:errors.sessionExpired');
        if (!requestOptions.isSessionEndHandled) await endSession(() => options.onUnauthorized?.(msg));
        throw new ApiError('unauthorized', 401, msg, response.status);
      }
      if (parsed.code === ACCOUNT_BANNED_CODE || parsed.code === ACCOUNT_CANCELLED_CODE) {
        const reason: AccountEnd = parsed.code === ACCOUNT_BANNED_CODE ? 'banned' : 'cancelled';
        const msg = parsed.msg || translate(`common:errors.${reason}`);
        if (!requestOptions.isSessionEndHandled)
          await endSession(() => options.onAccountEnded?.(reason, msg));
        throw new ApiError('account', parsed.code, msg, response.status);
      }
      throw new ApiError(
        'business',
        parsed.code,
        parsed.msg || translate('common:errors.unknown'),
        response.status,
      );
    } finally {
      clearTimeout(timer);
      requestOptions.signal?.removeEventListener('abort', onCallerAbort);
      stopLoading();
    }
  }

  return {
    get: <T>(path: string, requestOptions?: RequestOptions) =>
      request<T>('GET', path, { contentType: 'application/json' }, requestOptions),
    /** POST JSON, the default in the spec. */
    postJson: <T>(path: string, payload: unknown = {}, requestOptions?: RequestOptions) =>
      request<T>(
        'POST',
        path,
        { contentType: 'application/json', payload: JSON.stringify(payload) },
        requestOptions,
      ),
    postForm: <T>(path: string, payload: Record<string, QueryValue> = {}, requestOptions?: RequestOptions) =>
      request<T>(
        'POST',
        path,
        {
          contentType: 'application/x-www-form-urlencoded',
          payload: buildQuery(payload).replace(/^\?/, ''),
        },
        requestOptions,
      ),
    /** PUT and DELETE, for the resource-shaped endpoints (favourites, follows). JSON bodies, `{}` at least. */
    put: <T>(path: string, payload: unknown = {}, requestOptions?: RequestOptions) =>
      request<T>(
        'PUT',
        path,
        { contentType: 'application/json', payload: JSON.stringify(payload) },
        requestOptions,
      ),
    delete: <T>(path: string, requestOptions?: RequestOptions) =>
      request<T>('DELETE', path, { contentType: 'application/json', payload: '{}' }, requestOptions),
    /** POST multipart/form-data (uploads); same headers, envelope and session handling as the rest. */
    postMultipart: <T>(path: string, form: FormData, requestOptions?: RequestOptions) =>
      request<T>('POST', path, { payload: form }, requestOptions),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

/** The app's client: UI hooks come from the shell (see api-ui.ts); a no-op in tests. */
export const api = createApiClient({
  onLoadingChange: (isVisible) => apiUiHandlers.onLoadingChange?.(isVisible),
  onUnauthorized: (msg) => apiUiHandlers.onUnauthorized?.(msg),
  onAccountEnded: (reason, msg) => apiUiHandlers.onAccountEnded?.(reason, msg),
});
