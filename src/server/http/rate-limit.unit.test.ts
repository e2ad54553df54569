import { describe, expect, it } from "vitest";
import { rateLimitSubject } from "./rate-limit";

describe("rateLimitSubject", () => {
  it.each([
    ["an IPv4 address", "203.0.113.7", "203.0.113.7"],
    ["an IPv4-mapped IPv6 address", "::ffff:203.0.113.7", "203.0.113.7"],
    ["a full IPv6 address", "2001:0db8:0001:0002:aaaa:bbbb:cccc:dddd", "2001:db8:1:2::/64"],
    ["a compressed IPv6 address", "2001:db8::1", "2001:db8:0:0::/64"],
    ["the IPv6 loopback", "::1", "0:0:0:0::/64"],
    ["upper case", "2001:DB8:A::1", "2001:db8:a:0::/64"],
    ["a scoped address", "fe80::1%eth0", "fe80:0:0:0::/64"],
    ["something that is no address", "unknown", "unknown"],
  ])("counts %s under its network", (_name, address, subject) => {
    expect(rateLimitSubject(address)).toBe(subject);
  });

  it("puts two addresses of one /64 together, and of two /64s apart", () => {
    expect(rateLimitSubject("2001:db8:1:2::a")).toBe(rateLimitSubject("2001:db8:1:2:ffff::b"));
    expect(rateLimitSubject("2001:db8:1:2::a")).not.toBe(rateLimitSubject("2001:db8:1:3::a"));
  });
});
