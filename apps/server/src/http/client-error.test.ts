import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { ERROR_CODES } from '@sabai/shared/error-codes';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app';

const { app } = await createTestApp();
await app.listen({ port: 0, host: '127.0.0.1' });
const port = (app.server.address() as AddressInfo).port;

/** Sends raw bytes (inject would skip Node's HTTP parser, where these limits live) and reads the answer. */
function rawRequest(
  text: string,
): Promise<{ status: number; headers: Record<string, string>; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(text));
    let received = '';
    socket.on('data', (chunk) => (received += chunk.toString('utf8')));
    socket.on('error', reject);
    socket.on('close', () => {
      const [head = '', body = ''] = received.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers = Object.fromEntries(
        lines.map((line) => [
          line.slice(0, line.indexOf(':')).toLowerCase(),
          line.slice(line.indexOf(':') + 1).trim(),
        ]),
      );
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body });
    });
  });
}

describe('requests Node refuses before Fastify sees them', () => {
  it('answers 10,000 query parameters with 431, the envelope and the API headers', async () => {
    const query = Array.from({ length: 10_000 }, (_, i) => `p${i}=1`).join('&');
    const response = await rawRequest(
      `GET /app/Login/countryCode?${query} HTTP/1.1\r\nHost: x\r\nlang: zh-CN\r\n\r\n`,
    );
    expect(response.status).toBe(431);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
    expect(response.headers['cache-control']).toBe('no-store');
    expect(JSON.parse(response.body)).toEqual({
      code: ERROR_CODES.requestHeadersTooLarge.code,
      msg: expect.any(String),
      data: null,
    });
  });

  it('answers huge headers the same way, in the language the request named', async () => {
    const response = await rawRequest(
      `GET /health HTTP/1.1\r\nHost: x\r\nlang: th-TH\r\ncookie: ${'c'.repeat(20_000)}\r\n\r\n`,
    );
    expect(response.status).toBe(431);
    expect(JSON.parse(response.body)).toEqual({
      code: ERROR_CODES.requestHeadersTooLarge.code,
      msg: 'ที่อยู่หรือส่วนหัวของคำขอยาวเกินไป',
      data: null,
    });
  });
});
