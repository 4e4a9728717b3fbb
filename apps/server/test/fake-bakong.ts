import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll } from 'vitest';

export interface FakeBakongTransaction {
  amount: number;
  currency: string;
  toAccountId: string;
}

/**
 * A local stand-in for Bakong's open API (`POST /v1/check_transaction_by_md5`, bearer token), on a
 * random port: it answers as Bakong does — `responseCode` 0 with the transaction once "paid",
 * 1 with `errorCode` 1 while not found, 1 with `errorCode` 6 for a bad token — and it can drop the
 * connection or answer 500 for chosen hashes, as a network or an outage would.
 */
export async function startFakeBakong(token: string) {
  const paid = new Map<string, FakeBakongTransaction>();
  const dropped = new Set<string>();
  const broken = new Set<string>();
  const requests: { md5: string; authorization: string | undefined }[] = [];

  const server = createServer((request, response) => {
    if (request.method !== 'POST' || request.url !== '/v1/check_transaction_by_md5') {
      response.writeHead(404).end();
      return;
    }
    let body = '';
    request.on('data', (chunk: Buffer) => {
      body += chunk.toString('utf8');
    });
    request.on('end', () => {
      const md5 = String((JSON.parse(body) as { md5?: unknown }).md5 ?? '');
      requests.push({ md5, authorization: request.headers.authorization });
      if (dropped.has(md5)) {
        request.socket.destroy();
        return;
      }
      if (broken.has(md5)) {
        response.writeHead(500, { 'content-type': 'text/html' }).end('<h1>Bad gateway</h1>');
        return;
      }
      const answer = (payload: unknown) =>
        response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(payload));
      if (request.headers.authorization !== `Bearer ${token}`) {
        answer({
          responseCode: 1,
          responseMessage: 'Unauthorized, not yet requested for token or code invalid',
          errorCode: 6,
          data: null,
        });
        return;
      }
      const transaction = paid.get(md5);
      if (!transaction) {
        answer({
          responseCode: 1,
          responseMessage: 'Transaction could not be found. Please check and try again.',
          errorCode: 1,
          data: null,
        });
        return;
      }
      answer({
        responseCode: 0,
        responseMessage: 'Getting transaction successfully.',
        errorCode: null,
        data: {
          hash: 'a4c2f6e8b0d1c3e5f7a9b1d3e5f7a9b1c3d5e7f9a1b3c5d7e9f1a3b5c7d9e1f3',
          fromAccountId: 'customer@aclb',
          toAccountId: transaction.toAccountId,
          currency: transaction.currency,
          amount: transaction.amount,
          description: '',
          createdDateMs: 1_795_480_000_000,
          acknowledgedDateMs: 1_795_480_001_000,
          externalRef: '100FT36774348398',
        },
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  afterAll(close);
  return { url: `http://127.0.0.1:${port}`, paid, dropped, broken, requests, close };
}
