import type { Envelope } from '@sabai/shared/envelope';
import { LANG_HEADER } from '@sabai/shared/i18n';
import { apiUiHandlers } from './api-ui';
import { readDeviceInfo } from './device';
import { i18n } from './i18n';
import { getStoredCityId, getStoredCurrency, getStoredDistanceUnit, getStoredLanguage } from './preferences';
import { getDeviceId, readStored, STORAGE_KEYS } from './storage';

/**
 * The request helper of spec section 7: one envelope contract, the spec's header set, a loading
 * indicator that only shows for slow requests, a timeout, and the 401 "session gone" path.
 */
export const APP_VERSION = '2.6.82';
export const APP_VERSION_CODE = '271';
export const APP_ID = 'sabai-web';
export const LOADING_DELAY_MS = 800;
export const REQUEST_TIMEOUT_MS = 60_000;

export type ApiErrorKind = 'network' | 'timeout' | 'aborted' | 'http' | 'business' | 'unauthorized';

export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  /** The envelope code when the server sent one, otherwise the HTTP status (or 0). */
  readonly code: number;
  readonly httpStatus: number | undefined;

  constructor(kind: ApiErrorKind, code: number, message: string, httpStatus?: number) {
    super(message);
    this.name = 'ApiError';
    this.kind = kind;
    this.code = code;
    this.httpStatus = httpStatus;
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

type QueryValue = string | number | boolean | null | undefined;
export interface RequestOptions {
  query?: Record<string, QueryValue>;
  signal?: AbortSignal;
  /** Skip the global loading indicator (background refreshes). */
  isSilent?: boolean;
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
    dir: '1',
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

  async function handleUnauthorized(msg: string): Promise<void> {
    // Several requests can fail together: one dialog, one logout.
    pendingLogout ??= Promise.resolve(options.onUnauthorized?.(msg)).finally(() => {
      pendingLogout = undefined;
    });
    await pendingLogout;
  }

  async function request<T>(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    body: { contentType: string; payload?: string },
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
          headers: { 'content-type': body.contentType, ...headers(), ...requestOptions.headers },
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
        await handleUnauthorized(msg);
        throw new ApiError('unauthorized', 401, msg, response.status);
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
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

/** The app's client: UI hooks come from the shell (see api-ui.ts); a no-op in tests. */
export const api = createApiClient({
  onLoadingChange: (isVisible) => apiUiHandlers.onLoadingChange?.(isVisible),
  onUnauthorized: (msg) => apiUiHandlers.onUnauthorized?.(msg),
});
