/** Which client a request comes from, for the sign-in limits. Pure: the socket address and headers come in. */

const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;
const IPV6_CHARS = /^[0-9a-f:.]+$/;

/**
 * An IPv6 address as its eight 16-bit groups, or null when it is not one. Accepts `::` shorthand and an embedded
 * IPv4 tail (`::ffff:1.2.3.4`).
 */
function ipv6Groups(address: string): number[] | null {
  let s = address.toLowerCase();
  if (!IPV6_CHARS.test(s) || !s.includes(':')) return null;
  const tail: number[] = [];
  const v4 = IPV4.exec(s.slice(s.lastIndexOf(':') + 1));
  if (v4) {
    const b = v4.slice(1).map(Number);
    if (b.some((x) => x > 255)) return null;
    tail.push((b[0]! << 8) | b[1]!, (b[2]! << 8) | b[3]!);
    s = s.slice(0, s.lastIndexOf(':') + 1) + '0'; // placeholder group, replaced by the two tail groups below
  }
  const halves = s.split('::');
  if (halves.length > 2) return null;
  const parse = (part: string) => (part === '' ? [] : part.split(':'));
  const head = parse(halves[0]!);
  const rest = halves.length === 2 ? parse(halves[1]!) : [];
  const groupsText =
    halves.length === 2
      ? [...head, ...Array(Math.max(0, 8 - head.length - rest.length - (v4 ? 1 : 0))).fill('0'), ...rest]
      : head;
  if (groupsText.some((g) => !/^[0-9a-f]{1,4}$/.test(g))) return null;
  const groups = groupsText.map((g) => Number.parseInt(g, 16));
  if (v4) groups.splice(groups.length - 1, 1, ...tail);
  return groups.length === 8 ? groups : null;
}

/**
 * The key a client address is limited under: an IPv4 address as itself (also when written IPv4-mapped,
 * `::ffff:1.2.3.4`), an IPv6 address by its /64 network (one host usually gets a whole /64, so counting single
 * addresses would let it rotate freely). Anything unparsable is `unknown`.
 */
export function addressKey(address: string | null | undefined): string {
  const s = (address ?? '').trim().replace(/%.*$/, ''); // drop an IPv6 zone id
  const v4 = IPV4.exec(s);
  if (v4) return v4.slice(1).every((b) => Number(b) <= 255) ? v4.slice(1).map(Number).join('.') : 'unknown';
  const groups = ipv6Groups(s);
  if (!groups) return 'unknown';
  const mapped = groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff;
  if (mapped) return [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join('.');
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}

/**
 * The client's address: the socket peer, unless `trustedHops` reverse proxies stand in front of the server, in
 * which case it is the `trustedHops`-th X-Forwarded-For entry from the right (entries further left were written by
 * the client and prove nothing). A missing or malformed header falls back to the socket peer.
 */
export function clientAddress(
  peer: string | null | undefined,
  forwardedFor: string | null | undefined,
  trustedHops: number,
): string {
  if (trustedHops > 0 && forwardedFor) {
    const entries = forwardedFor
      .split(',')
      .map((e) => e.trim())
      .filter(Boolean);
    const entry = entries[Math.max(0, entries.length - trustedHops)];
    if (entry && addressKey(entry) !== 'unknown') return addressKey(entry);
  }
  return addressKey(peer);
}
