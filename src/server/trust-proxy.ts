// TRUST_PROXY (decision 106): whose `X-Forwarded-*` headers are believed, for the client's address in the
// rate limits, the logs and the request ids; parsed and checked when the configuration loads.
import { isIP } from "node:net";

/**
 * Whose `X-Forwarded-*` headers are believed: none, the nearest `hops` proxies (the address the last
 * of them saw is the client's), or the proxies at these addresses or networks (CIDR).
 */
export type TrustProxy = false | { hops: number } | { addresses: string[] };

// proxy-addr's names for reserved ranges, taken as they are by Fastify's trustProxy.
const PROXY_RANGE_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);

function isAddressOrNetwork(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = "", bits, ...rest] = entry.split("/");
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  const n = Number(bits);
  return /^\d{1,3}$/.test(bits) && n <= (family === 4 ? 32 : 128);
}

/** TRUST_PROXY's value as a TrustProxy, or the message that says what is wrong with it. */
export function trustProxyFrom(value: string | undefined): TrustProxy | string {
  const v = value?.trim().toLowerCase() ?? "";
  if (v === "" || v === "false" || v === "no" || v === "0") return false;
  // Trusting every hop believes whatever a client writes first in X-Forwarded-For.
  if (v === "true" || v === "yes") {
    return "true would believe any client's X-Forwarded-For; give the number of proxies in front (e.g. 1) or their addresses (e.g. 10.0.0.0/8)";
  }
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    return hops <= 10 ? { hops } : "must be a number of proxies from 0 to 10, or their addresses";
  }
  const addresses = v.split(",").map((a) => a.trim());
  const bad = addresses.filter((a) => !isAddressOrNetwork(a));
  if (bad.length > 0) {
    return `must be a number of proxies (e.g. 1) or a comma-separated list of their addresses or networks (e.g. 10.0.0.1, 192.168.0.0/16); not an address: ${bad.join(", ")}`;
  }
  return { addresses };
}
