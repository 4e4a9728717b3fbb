import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app';
import { JSON_COMPRESSION_THRESHOLD_BYTES } from './compression';

/** A built web app as `npm run build` leaves it: each text asset with its .br and .gz beside it. */
const webDist = mkdtempSync(path.join(tmpdir(), 'sabai-dist-'));
mkdirSync(path.join(webDist, 'assets'));
const script = `export const greeting = ${JSON.stringify('សួស្តី '.repeat(400))};\n`;
const scriptPath = path.join(webDist, 'assets', 'index-abc123.js');
writeFileSync(scriptPath, script);
writeFileSync(`${scriptPath}.br`, brotliCompressSync(script));
writeFileSync(`${scriptPath}.gz`, gzipSync(script));
writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Sabai</title>');

const { app } = await createTestApp({ config: { WEB_DIST_DIR: webDist } });

describe('the web build goes out precompressed', () => {
  it('sends the brotli file to a browser that accepts br, and says so', async () => {
    const response = await app.inject({
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['cache-control']).toContain('immutable');
    expect(response.rawPayload.length).toBeLessThan(Buffer.byteLength(script) / 4);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(script);
  });

  it('sends the gzip file to a browser that accepts only gzip', async () => {
    const response = await app.inject({
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(response.rawPayload).toString()).toBe(script);
  });

  it('sends the file as it is when the browser asks for no encoding', async () => {
    const response = await app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': '' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.body).toBe(script);
  });

  it('falls back to the plain file when no compressed copy was written (a small file)', async () => {
    const response = await app.inject({ url: '/', headers: { 'accept-encoding': 'br, gzip' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toContain('<title>Sabai</title>');
  });
});

describe('JSON answers', () => {
  it('are compressed above the threshold when the caller accepts it', async () => {
    const plain = await app.inject({
      url: '/app/Login/countryCode',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    // The country codes: a list, the kind of answer this is for.
    expect(plain.rawPayload.length).toBeGreaterThan(JSON_COMPRESSION_THRESHOLD_BYTES);

    const compressed = await app.inject({
      url: '/app/Login/countryCode',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.headers.vary).toMatch(/accept-encoding/i);
    expect(compressed.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(JSON.parse(brotliDecompressSync(compressed.rawPayload).toString())).toEqual(plain.json());

    const gzipped = await app.inject({
      url: '/app/Login/countryCode',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzipped.rawPayload).toString())).toEqual(plain.json());
  });

  it('stay as they are below the threshold', async () => {
    const response = await app.inject({ url: '/app/cities', headers: { 'accept-encoding': 'br, gzip' } });
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.length).toBeLessThan(JSON_COMPRESSION_THRESHOLD_BYTES);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.json()).toBeTruthy();
  });
});
