/** What the server reads from a client's network address. */
import { BlockList, isIP } from 'node:net';

/** 127.0.0.0/8 and ::1; BlockList also matches their IPv4-mapped forms (::ffff:127.0.0.1). */
const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

export function isLoopback(address: string | undefined): boolean {
  const family = address === undefined ? 0 : isIP(address);
  return family !== 0 && LOOPBACK.check(address!, family === 6 ? 'ipv6' : 'ipv4');
}
