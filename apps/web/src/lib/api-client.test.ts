import { ERROR_CODES } from '@sabai/shared/error-codes';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_BANNED_CODE, ACCOUNT_CANCELLED_CODE, ApiError, createApiClient } from './api-client';
import { removeStored, STORAGE_KEYS, writeStored } from './storage';

const translate = (key: string, values?: Record<string, unknown>) =>
  values ? `${key} ${JSON.stringify(values)}` : key;

const envelope = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function sentHeaders(call = 0): Record<string, string> {
  const init = fetchMock.mock.calls[call]?.[1];
  return (init?.headers ?? {}) as Record<string, string>;
}

describe('api client: envelope', () => {
  it('resolves data when code is 0', async () => {
    fetchMock.mockResolvedValue(envelope({ code: 0, msg: 'ok', data: { value: 1 } }));
    const api = createApiClient({ translate });
    await expect(api.get('/app/common/type/3099')).resolves.toEqual({ value: 1 });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/app/common/type/3099');
    expect(fetchMock.mock.calls[0]?.[1]?.method).toBe('GET');
  });

  it('rejects other codes with the server message', async () => {
    fetchMock.mockResolvedValue(envelope({ code: 3001, msg: 'City not open', data: null }));
    const api = createApiClient({ translate });
    const error = await api.postJson('/app/x', { a: 1 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'business', code: 3001, message: 'City not open' });
  });

  it('sends JSON by default and form-encoding on request', async () => {
    fetchMock.mockImplementation(async () => envelope({ code: 0, msg: '', data: null }));
    const api = createApiClient({ translate });
    await api.postJson('/app/a', { name: 'Srey', n: 2 });
    await api.postForm('/app/b', { uid: 7, noticeOs: 'web', empty: '' });
    await api.get('/app/c', { query: { classify: 1, skip: undefined } });
    expect(sentHeaders(0)['content-type']).toBe('application/json');
    expect(fetchMock.mock.calls[0]?.[1]?.body).toBe('{"name":"Srey","n":2}');
    expect(sentHeaders(1)['content-type']).toBe('application/x-www-form-urlencoded');
    expect(fetchMock.mock.calls[1]?.[1]?.body).toBe('uid=7&noticeOs=web');
    expect(fetchMock.mock.calls[2]?.[0]).toBe('/app/c?classify=1');
  });
});

describe('api client: headers', () => {
  it('sends the spec header set plus currency and distance unit on every request', async () => {
    writeStored(STORAGE_KEYS.token, 'tok-123');
    writeStored(STORAGE_KEYS.language, 'km');
    writeStored(STORAGE_KEYS.currency, 'KHR');
    writeStored(STORAGE_KEYS.distanceUnit, 'mi');
    fetchMock.mockImplementation(async () => envelope({ code: 0, msg: '', data: null }));
    const api = createApiClient({ translate });
    await api.get('/app/one');
    await api.get('/app/two');

    const headers = sentHeaders(0);
    expect(headers).toMatchObject({
      'content-type': 'application/json',
      lang: 'km-KH',
      token: 'tok-123',
      appVersion: '2.6.82',
      appVersionCode: '271',
      uniPlatform: 'web',
      dir: '1',
      cityId: '1',
      currency: 'KHR',
      distanceUnit: 'mi',
    });
    for (const name of ['appId', 'deviceId', 'deviceBrand', 'deviceModel', 'osName', 'systemInfo']) {
      expect(headers[name], name).toBeTruthy();
    }
    expect(headers.deviceId).toHaveLength(32);
    expect(() => JSON.parse(headers.systemInfo ?? '')).not.toThrow();
    // The device id is generated once and kept.
    expect(sentHeaders(1).deviceId).toBe(headers.deviceId);
  });
});

describe('api client: developer options (decision 055)', () => {
  afterEach(() => {
    removeStored(STORAGE_KEYS.apiBase);
    removeStored(STORAGE_KEYS.appVariant);
  });

  it('sends requests to the stored API host override and the stored variant as `dir`', async () => {
    writeStored(STORAGE_KEYS.apiBase, 'https://staging.sabai.example/');
    writeStored(STORAGE_KEYS.appVariant, 3);
    fetchMock.mockImplementation(async () => envelope({ code: 0, msg: '', data: null }));
    await createApiClient({ translate }).get('/app/one', { query: { classify: 3 } });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('https://staging.sabai.example/app/one?classify=3');
    expect(sentHeaders(0).dir).toBe('3');
  });

  it('falls back to this origin and variant 1 when nothing (or nonsense) is stored', async () => {
    writeStored(STORAGE_KEYS.appVariant, 7);
    fetchMock.mockImplementation(async () => envelope({ code: 0, msg: '', data: null }));
    await createApiClient({ translate }).get('/app/one');
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/app/one');
    expect(sentHeaders(0).dir).toBe('1');
  });
});

describe('api client: loading indicator', () => {
  it('shows only when a request is still pending after 800 ms, and hides when it ends', async () => {
    vi.useFakeTimers();
    let answer: (response: Response) => void = () => {};
    fetchMock.mockImplementation(() => new Promise<Response>((resolve) => (answer = resolve)));
    const onLoadingChange = vi.fn();
    const api = createApiClient({ translate, onLoadingChange });

    const pending = api.get('/app/slow');
    await vi.advanceTimersByTimeAsync(799);
    expect(onLoadingChange).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(onLoadingChange).toHaveBeenCalledWith(true);

    answer(envelope({ code: 0, msg: '', data: 'done' }));
    await expect(pending).resolves.toBe('done');
    expect(onLoadingChange).toHaveBeenLastCalledWith(false);
    expect(onLoadingChange).toHaveBeenCalledTimes(2);
  });

  it('never shows for a fast request', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(
      () =>
        new Promise<Response>((resolve) =>
          setTimeout(() => resolve(envelope({ code: 0, msg: '', data: 1 })), 300),
        ),
    );
    const onLoadingChange = vi.fn();
    const api = createApiClient({ translate, onLoadingChange });
    const pending = api.get('/app/fast');
    await vi.advanceTimersByTimeAsync(300);
    await expect(pending).resolves.toBe(1);
    await vi.advanceTimersByTimeAsync(2000);
    expect(onLoadingChange).not.toHaveBeenCalled();
  });

  it('skips the indicator for silent requests', async () => {
    vi.useFakeTimers();
    let answer: (response: Response) => void = () => {};
    fetchMock.mockImplementation(() => new Promise<Response>((resolve) => (answer = resolve)));
    const onLoadingChange = vi.fn();
    const api = createApiClient({ translate, onLoadingChange });
    const pending = api.get('/app/background', { isSilent: true });
    await vi.advanceTimersByTimeAsync(5000);
    answer(envelope({ code: 0, msg: '', data: null }));
    await pending;
    expect(onLoadingChange).not.toHaveBeenCalled();
  });
});

describe('api client: failures', () => {
  it('times out after 60 s by aborting the request', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(
      (_url, init) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const api = createApiClient({ translate });
    const outcome = api.get('/app/hang').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(59_999);
    expect(fetchMock.mock.calls[0]?.[1]?.signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await expect(outcome).resolves.toMatchObject({ kind: 'timeout', message: 'common:errors.timeout' });
  });

  it('rejects a network failure with a translated message', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const api = createApiClient({ translate });
    await expect(api.get('/app/x')).rejects.toMatchObject({
      kind: 'network',
      message: 'common:errors.network',
    });
  });

  it('rejects non-200 answers, using the envelope message when the body has one', async () => {
    fetchMock.mockResolvedValueOnce(envelope({ code: 1003, msg: 'No such route', data: null }, 404));
    fetchMock.mockResolvedValueOnce(new Response('<html>Bad gateway</html>', { status: 502 }));
    const api = createApiClient({ translate });
    await expect(api.get('/app/missing')).rejects.toMatchObject({
      kind: 'http',
      code: 1003,
      httpStatus: 404,
      message: 'No such route',
    });
    await expect(api.get('/app/down')).rejects.toMatchObject({
      kind: 'http',
      code: 502,
      message: 'common:errors.http {"status":502}',
    });
  });

  it('on code 401 shows the message through the logout hook, then rejects; one hook call for many', async () => {
    fetchMock.mockImplementation(async () => envelope({ code: 401, msg: 'Session expired', data: null }));
    const onUnauthorized = vi.fn(async (_msg: string) => {});
    const api = createApiClient({ translate, onUnauthorized });
    const [first, second] = await Promise.all([
      api.get('/app/me').catch((e: unknown) => e),
      api.get('/app/orders').catch((e: unknown) => e),
    ]);
    expect(first).toMatchObject({ kind: 'unauthorized', code: 401, message: 'Session expired' });
    expect(second).toMatchObject({ kind: 'unauthorized', code: 401 });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(onUnauthorized).toHaveBeenCalledWith('Session expired');
  });
});

describe('api client: banned and cancelled accounts end the session everywhere', () => {
  it('keeps its codes equal to the shared catalogue', () => {
    expect(ACCOUNT_BANNED_CODE).toBe(ERROR_CODES.accountBanned.code);
    expect(ACCOUNT_CANCELLED_CODE).toBe(ERROR_CODES.accountCancelled.code);
  });

  it('on code 2017 calls the account hook once for many requests, then rejects as handled', async () => {
    fetchMock.mockImplementation(async () =>
      envelope({
        code: ERROR_CODES.accountBanned.code,
        msg: 'Banned: appeal to customer service',
        data: null,
      }),
    );
    const onAccountEnded = vi.fn(async (_reason: string, _msg: string) => {});
    const onUnauthorized = vi.fn();
    const api = createApiClient({ translate, onAccountEnded, onUnauthorized });
    const [first, second] = await Promise.all([
      api.get('/app/favourites').catch((e: unknown) => e),
      api.postJson('/app/orders', {}).catch((e: unknown) => e),
    ]);
    expect(first).toMatchObject({
      kind: 'account',
      code: 2017,
      message: 'Banned: appeal to customer service',
    });
    expect(second).toMatchObject({ kind: 'account', code: 2017 });
    expect(onAccountEnded).toHaveBeenCalledTimes(1);
    expect(onAccountEnded).toHaveBeenCalledWith('banned', 'Banned: appeal to customer service');
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('on code 2018 reports a cancelled account, with a translated message when the server sent none', async () => {
    fetchMock.mockResolvedValue(envelope({ code: ERROR_CODES.accountCancelled.code, msg: '', data: null }));
    const onAccountEnded = vi.fn();
    const api = createApiClient({ translate, onAccountEnded });
    await expect(api.get('/app/user/selectUserById')).rejects.toMatchObject({ kind: 'account', code: 2018 });
    expect(onAccountEnded).toHaveBeenCalledWith('cancelled', 'common:errors.cancelled');
  });

  it('waits for the hook (the modal) before the request rejects', async () => {
    fetchMock.mockResolvedValue(envelope({ code: 2017, msg: 'Banned', data: null }));
    let closeModal: () => void = () => {};
    const onAccountEnded = vi.fn(() => new Promise<void>((resolve) => (closeModal = resolve)));
    const api = createApiClient({ translate, onAccountEnded });
    let isSettled = false;
    const outcome = api.get('/app/x').catch(() => (isSettled = true));
    await vi.waitFor(() => expect(onAccountEnded).toHaveBeenCalled());
    expect(isSettled).toBe(false);
    closeModal();
    await outcome;
    expect(isSettled).toBe(true);
  });

  it('a caller that ends the session itself (logout) gets no modal for 401, banned or cancelled', async () => {
    const onUnauthorized = vi.fn();
    const onAccountEnded = vi.fn();
    const api = createApiClient({ translate, onUnauthorized, onAccountEnded });
    for (const code of [401, 2017, 2018]) {
      fetchMock.mockResolvedValueOnce(envelope({ code, msg: 'gone', data: null }));
      await expect(api.postJson('/app/auth/logout', {}, { isSessionEndHandled: true })).rejects.toMatchObject(
        {
          code,
        },
      );
    }
    expect(onUnauthorized).not.toHaveBeenCalled();
    expect(onAccountEnded).not.toHaveBeenCalled();
  });
});

describe('api client: multipart uploads', () => {
  it('sends FormData with the spec headers and no content type of its own, and handles 401 like the rest', async () => {
    writeStored(STORAGE_KEYS.token, 'tok-upload');
    fetchMock.mockResolvedValueOnce(envelope({ code: 0, msg: '', data: { avatar: '/u/a.webp' } }));
    fetchMock.mockResolvedValueOnce(envelope({ code: 401, msg: 'Session expired', data: null }));
    const onUnauthorized = vi.fn();
    const api = createApiClient({ translate, onUnauthorized });
    const form = new FormData();
    form.append('file', new Blob(['x'], { type: 'image/png' }), 'a.png');

    await expect(api.postMultipart('/app/users/me/avatar', form)).resolves.toEqual({ avatar: '/u/a.webp' });
    expect(fetchMock.mock.calls[0]?.[1]?.body).toBe(form);
    expect(fetchMock.mock.calls[0]?.[1]?.method).toBe('POST');
    expect(sentHeaders(0)['content-type']).toBeUndefined();
    expect(sentHeaders(0).token).toBe('tok-upload');

    await expect(api.postMultipart('/app/users/me/avatar', form)).rejects.toMatchObject({
      kind: 'unauthorized',
    });
    expect(onUnauthorized).toHaveBeenCalledWith('Session expired');
  });
});
