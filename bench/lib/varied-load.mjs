#!/usr/bin/env node
// Loads a URL whose query varies per request (a different caller location each time), from its own
// process so the load generator does not take the server's CPU. Prints autocannon's JSON result.
// Usage: node varied-load.mjs <base url> <seconds> <connections> <lat> <lng> <spread degrees>
import autocannon from 'autocannon';

const [base, seconds, connections, lat, lng, spread] = process.argv.slice(2);
const jitter = () => (Math.random() - 0.5) * Number(spread);
const result = await autocannon({
  url: base,
  duration: Number(seconds),
  connections: Number(connections),
  requests: [
    {
      setupRequest(request) {
        const here = `lat=${(Number(lat) + jitter()).toFixed(4)}&lng=${(Number(lng) + jitter()).toFixed(4)}`;
        return { ...request, path: `${new URL(base).pathname}${new URL(base).search}&${here}` };
      },
    },
  ],
});
process.stdout.write(JSON.stringify(result));
