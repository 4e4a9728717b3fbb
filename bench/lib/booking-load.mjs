#!/usr/bin/env node
// Loads the booking routes from its own process, every request different. Request k books (or asks
// the free starts of) therapist k mod T at slot floor(k / T): in "create" mode no two requests of
// the whole run share a therapist and a start, so each can succeed. The envelope's `code` is read
// from every answer, since business failures ("time taken") answer HTTP 200.
// Usage: node booking-load.mjs <spec.json> <mode: create|freeStarts> <first k> <seconds> <connections>
// Prints autocannon's JSON result with `nextK`, `ok` and `failed` (and the first failure) added.
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';

const [specPath, mode, firstK, seconds, connections] = process.argv.slice(2);
/** @type {{ base: string, therapists: { id: number, projectId: number, addressId: number, token: string }[], slots: string[], dates: string[] }} */
const spec = JSON.parse(readFileSync(specPath, 'utf8'));
const count = spec.therapists.length;
let k = Number(firstK);
let ok = 0;
let failed = 0;
let firstFailure;

function nextRequest(request) {
  const therapist = spec.therapists[k % count];
  const round = Math.floor(k / count);
  k += 1;
  if (mode === 'create') {
    const startsAt = spec.slots[round];
    if (!startsAt) throw new Error('out of distinct slots');
    return {
      ...request,
      method: 'POST',
      path: '/app/orders/home-visit',
      headers: { 'content-type': 'application/json', token: therapist.token },
      body: JSON.stringify({
        therapistId: therapist.id,
        projectId: therapist.projectId,
        clocks: 1,
        startsAt,
        addressId: therapist.addressId,
        travelMode: 'tukTuk',
        agreeTerms: true,
      }),
    };
  }
  const date = spec.dates[round % spec.dates.length];
  return {
    ...request,
    method: 'GET',
    path: `/app/availability/free-starts?therapistId=${therapist.id}&projectId=${therapist.projectId}&date=${date}&addressId=${therapist.addressId}`,
    headers: { token: therapist.token },
  };
}

const result = await autocannon({
  url: spec.base,
  duration: Number(seconds),
  connections: Number(connections),
  requests: [
    {
      setupRequest: nextRequest,
      onResponse(status, body) {
        let code;
        try {
          code = JSON.parse(body).code;
        } catch {
          code = `HTTP ${status}`;
        }
        const wanted = code === 0 && (mode !== 'freeStarts' || (JSON.parse(body).data?.length ?? 0) > 0);
        if (wanted) ok += 1;
        else {
          failed += 1;
          firstFailure ??= body.slice(0, 300);
        }
      },
    },
  ],
});
process.stdout.write(JSON.stringify({ ...result, nextK: k, ok, failed, firstFailure }));
