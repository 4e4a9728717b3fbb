#!/usr/bin/env node
// Loads the wallet payment route from its own process: request k pays order k of the spec from its
// customer's wallet, with its own Idempotency-Key, so every request is a first payment that can
// succeed. The envelope's `code` is read from every answer (business refusals answer HTTP 200).
// Usage: node money-load.mjs <spec.json> <first k> <seconds> <connections>
// Prints autocannon's JSON result with `nextK`, `ok` and `failed` (and the first failure) added.
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';

const [specPath, firstK, seconds, connections] = process.argv.slice(2);
/** @type {{ base: string, tokens: string[], orders: [number, number][] }} orders: [order id, index of its customer's token] */
const spec = JSON.parse(readFileSync(specPath, 'utf8'));
let k = Number(firstK);
let ok = 0;
let failed = 0;
let firstFailure;

const result = await autocannon({
  url: spec.base,
  duration: Number(seconds),
  connections: Number(connections),
  requests: [
    {
      setupRequest(request) {
        const order = spec.orders[k];
        if (!order) throw new Error('out of unpaid orders');
        const [orderId, payer] = order;
        k += 1;
        return {
          ...request,
          method: 'POST',
          path: `/app/orders/${orderId}/payments`,
          headers: {
            'content-type': 'application/json',
            token: spec.tokens[payer],
            'idempotency-key': `bench-pay-${orderId}`,
          },
          body: JSON.stringify({ method: 'wallet' }),
        };
      },
      onResponse(status, body) {
        let code;
        try {
          code = JSON.parse(body).code;
        } catch {
          code = `HTTP ${status}`;
        }
        if (code === 0) ok += 1;
        else {
          failed += 1;
          firstFailure ??= body.slice(0, 300);
        }
      },
    },
  ],
});
process.stdout.write(JSON.stringify({ ...result, nextK: k, ok, failed, firstFailure }));
