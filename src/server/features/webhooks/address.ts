// Where a webhook may go (decision 173): a public address only, unless the operator allows private
// networks (WEBHOOKS_ALLOW_PRIVATE_NETWORKS, for a local n8n or the tests). The host name is resolved
// once per check and the connection is made to the address that passed (`pinnedLookup`), so a DNS answer
// that changes between the check and the connection cannot reach an internal service.
import type { LookupAddress } from "node:dns";
import { lookup } from "node:dns/promises";
import type { LookupFunction } from "node:net";
import ipaddr from "ipaddr.js";

/** Every address a host name resolves to. */
export type Resolver = (hostname: string) => Promise<LookupAddress[]>;

export const systemResolver: Resolver = (hostname) => lookup(hostname, { all: true, verbatim: true });

export type AddressRules = { allowPrivateNetworks: boolean; resolve: Resolver };

/** A URL that passed the rules, with the addresses it may connect to (every one of them checked). */
export type PinnedTarget = { url: URL; addresses: { address: string; family: 4 | 6 }[] };

/** A name that takes longer than this to resolve is refused: a slow name server holds no attempt. */
const RESOLVE_TIMEOUT_MS = 5000;

export class RefusedAddress extends Error {
  override name = "RefusedAddress";
}

/**
 * Why an address is not a public one, or null when it is: ipaddr.js names every special range
 * (loopback, private, link-local with the cloud metadata address, unique-local, carrier-grade NAT,
 * multicast, reserved ...); only "unicast" is the public internet. An IPv4 address written as IPv6
 * (::ffff:10.0.0.1) is judged as the IPv4 one.
 */
export function nonPublicRange(address: string): string | null {
  if (!ipaddr.isValid(address)) return "not an IP address";
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === "ipv6" && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) {
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  }
  const range = parsed.range();
  if (range !== "unicast") return range;
  // The deprecated IPv4-compatible form (::a.b.c.d) is no public address either.
  if (parsed.kind() === "ipv6" && (parsed as ipaddr.IPv6).parts.slice(0, 6).every((p) => p === 0)) return "reserved";
  return null;
}

function hostOf(url: URL): string {
  // new URL keeps an IPv6 literal in brackets.
  return url.hostname.replace(/^\[(.*)\]$/, "$1");
}

/**
 * Checks a webhook URL and resolves it: refused with a reason a person can act on when it is not https
 * (http only with private networks allowed), its host is unknown, or any of its addresses is not public.
 */
export async function pinTarget(raw: string, rules: AddressRules): Promise<PinnedTarget> {
  const url = new URL(raw);
  if (url.protocol !== "https:" && !(url.protocol === "http:" && rules.allowPrivateNetworks)) {
    throw new RefusedAddress("The endpoint must use https://");
  }
  const host = hostOf(url);
  let addresses: LookupAddress[];
  if (ipaddr.isValid(host)) {
    addresses = [{ address: host, family: host.includes(":") ? 6 : 4 }];
  } else {
    let timer: NodeJS.Timeout | undefined;
    try {
      addresses = await Promise.race([
        rules.resolve(host),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error("timed out")), RESOLVE_TIMEOUT_MS);
        }),
      ]);
    } catch {
      addresses = [];
    } finally {
      clearTimeout(timer);
    }
    if (addresses.length === 0) throw new RefusedAddress(`The host name ${host} could not be found.`);
  }
  if (!rules.allowPrivateNetworks) {
    for (const { address } of addresses) {
      const range = nonPublicRange(address);
      if (range !== null) {
        throw new RefusedAddress(
          `${host} resolves to ${address}, a ${range} address: webhooks go to public internet addresses only.`,
        );
      }
    }
  }
  return { url, addresses: addresses.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 })) };
}

/**
 * A lookup that answers the checked addresses whatever is asked: the connection goes where the check
 * looked. All of them when Node asks for all (it then tries IPv6 and IPv4 in turn), else the first.
 */
export function pinnedLookup(target: PinnedTarget): LookupFunction {
  return (_hostname, options, callback) => {
    const [first] = target.addresses;
    if (!first) {
      callback(new Error("no checked address"), "", 4);
    } else if (options.all) {
      (callback as (err: null, addresses: LookupAddress[]) => void)(null, target.addresses);
    } else {
      callback(null, first.address, first.family);
    }
  };
}
