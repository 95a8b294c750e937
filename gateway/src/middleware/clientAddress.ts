import net from 'node:net';
import type { Request } from 'express';

/**
 * The address a per-client limit counts against. `req.ip` already honours TRUST_PROXY (Express's
 * `trust proxy`). An IPv4 client seen through an IPv6 socket counts as its IPv4 address; an IPv6
 * client counts by its /64, because one subscriber is usually given a whole /64 and could otherwise
 * change address for every request.
 */
export function clientAddress(req: Request): string {
  return addressKey(req.ip ?? req.socket.remoteAddress ?? 'unknown');
}

export function addressKey(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (!net.isIPv6(address)) return address;
  const groups = ipv6Groups(address);
  return groups ? `${groups.slice(0, 4).join(':')}::/64` : address;
}

/** The eight groups of an IPv6 address, from the WHATWG URL parser's canonical (compressed, all-hex) form. */
function ipv6Groups(address: string): string[] | undefined {
  let canonical: string;
  try {
    canonical = new URL(`http://[${address}]/`).hostname.slice(1, -1);
  } catch {
    return undefined; // e.g. a zone id (fe80::1%eth0)
  }
  const [head, tail] = canonical.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const zeros = canonical.includes('::') ? Array<string>(8 - left.length - right.length).fill('0') : [];
  return [...left, ...zeros, ...right];
}
