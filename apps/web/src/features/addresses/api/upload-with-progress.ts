import type { Envelope } from '@sabai/shared/envelope';
import { ApiError, buildDefaultHeaders, resolveApiBase } from '../../../lib/api-client';
import { ACCOUNT_BANNED_CODE, ACCOUNT_CANCELLED_CODE } from '../../../lib/api-error';
import { apiUiHandlers } from '../../../lib/api-ui';
import { i18n } from '../../../lib/i18n';

/**
 * A multipart upload that reports progress. `fetch` cannot tell how far a request body has gone, so
 * this one request goes through XMLHttpRequest, with the same headers, envelope and session-ending
 * answers as the request helper (lib/api-client.ts).
 */
export function uploadWithProgress<T>(
  path: string,
  file: Blob,
  onProgress: (share: number) => void,
): Promise<T> {
  const form = new FormData();
  form.append('file', file, file instanceof File ? file.name : 'photo');
  return new Promise<T>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `${resolveApiBase()}${path}`);
    for (const [name, value] of Object.entries(buildDefaultHeaders())) request.setRequestHeader(name, value);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    request.onerror = () => reject(new ApiError('network', 0, i18n.t('common:errors.network')));
    request.ontimeout = () => reject(new ApiError('timeout', 0, i18n.t('common:errors.timeout')));
    request.onload = () => {
      let body: Envelope<T> | undefined;
      try {
        body = JSON.parse(request.responseText) as Envelope<T>;
      } catch {
        body = undefined;
      }
      if (!body || typeof body.code !== 'number') {
        reject(new ApiError('http', request.status, i18n.t('common:errors.badResponse'), request.status));
        return;
      }
      if (body.code === 0) {
        onProgress(1);
        resolve(body.data);
        return;
      }
      const message = body.msg || i18n.t('common:errors.unknown');
      if (body.code === 401) {
        void Promise.resolve(apiUiHandlers.onUnauthorized?.(message)).finally(() =>
          reject(new ApiError('unauthorized', 401, message, request.status)),
        );
        return;
      }
      if (body.code === ACCOUNT_BANNED_CODE || body.code === ACCOUNT_CANCELLED_CODE) {
        const reason = body.code === ACCOUNT_BANNED_CODE ? 'banned' : 'cancelled';
        void Promise.resolve(apiUiHandlers.onAccountEnded?.(reason, message)).finally(() =>
          reject(new ApiError('account', body.code, message, request.status)),
        );
        return;
      }
      reject(new ApiError(request.status === 200 ? 'business' : 'http', body.code, message, request.status));
    };
    request.timeout = 120_000;
    request.send(form);
  });
}
