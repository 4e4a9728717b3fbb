import type { FastifyRequest } from 'fastify';

const LOOPBACK = /^(?:127(?:\.\d{1,3}){3}|::1|::ffff:127(?:\.\d{1,3}){3})$/i;

export const isLoopbackAddress = (address: string | undefined): boolean =>
  address !== undefined && LOOPBACK.test(address);

/** The addresses a forwarding header names (`X-Forwarded-For: a, b` or `Forwarded: for=a;…, for="[b]"`). */
function forwardedAddresses(request: FastifyRequest): string[] {
  const addresses: string[] = [];
  const xForwardedFor = request.headers['x-forwarded-for'];
  for (const value of [xForwardedFor].flat()) {
    if (value) addresses.push(...value.split(',').map((part) => part.trim()));
  }
  const forwarded = request.headers.forwarded;
  if (forwarded) {
    for (const match of forwarded.matchAll(/for=("?)\[?([^\]";,\s]+)\]?\1/gi)) addresses.push(match[2] ?? '');
  }
  return addresses;
}

/**
 * Whether the request comes from this machine: the socket's peer is a loopback address and no
 * forwarding header names anyone else. A reverse proxy on this machine connects over loopback for
 * every caller, so `request.ip` (which with TRUST_PROXY reads a header the caller may write) is not
 * enough; any forwarded address that is not loopback means the caller is elsewhere.
 */
export function isLocalCaller(request: FastifyRequest): boolean {
  if (!isLoopbackAddress(request.socket.remoteAddress)) return false;
  return forwardedAddresses(request).every(isLoopbackAddress);
}
