// The provider pages the server renders (decision 138), on real answers of the API: the renderer is a
// small module of this test (the web build's is checked by e2e/providers.e2e.test.ts), so that what is
// checked here is the server's part: which read it makes, as whom, and what it writes into the page.
import zlib from "node:zlib";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { companies } from "../db/schema/companies";
import { createProvider, slugOf, type TestProvider } from "../test/fixtures";
import { sharedWebApp } from "../test/web-app";

let listed: TestProvider;
let pending: TestProvider;
const SHELL = `<!doctype html><html><head><title>t</title><meta name="description" content="d" /></head><body><div id="root"></div></body></html>`;
const NAME = `Quote "Co" </script><script>alert(1)</script>`;

// Draws the answer's name, and hands the answer back as the page's data.
const RENDERER = `
export const serverRenderer = {
  apiReadFor: (url) => {
    const path = new URL(url, "http://x").pathname;
    if (path === "/providers") return "/api/providers";
    const slug = path.slice("/providers/".length);
    return slug && !slug.includes("/") ? "/api/providers/" + slug : null;
  },
  render: async (url, answer) => ({
    html: "<h1>" + (answer.name ?? answer.total + " providers").replaceAll("<", "&lt;") + "</h1>",
    data: answer,
    meta: { title: answer.name ?? "Directory", description: "About " + (answer.name ?? "providers") },
    canonicalPath: answer.slug ? "/providers/" + answer.slug : "/providers",
    structuredData: answer.slug ? { "@context": "https://schema.org", "@type": "Organization", name: answer.name } : undefined,
  }),
};
`;

const { ctx, get } = sharedWebApp(
  { PUBLIC_URL: "https://automatch.example" },
  { "web/index.html": SHELL, "web-ssr/prerender.js": RENDERER },
);
beforeAll(async () => {
  listed = await createProvider(ctx);
  await ctx.database.db
    .update(companies)
    .set({ name: NAME, verifiedName: NAME })
    .where(eq(companies.id, listed.companyId));
  pending = await createProvider(ctx, { companyStatus: "pending" });
});

describe("a server-rendered profile", () => {
  it("carries the page, its meta, its canonical address and its data, which no name can break out of", async () => {
    const slug = await slugOf(ctx, listed);
    const res = await get(`/providers/${slug}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/text\/html/);
    const html = res.body;
    expect(html).toContain(`<div id="root"><h1>Quote "Co" &lt;/script>&lt;script>alert(1)&lt;/script></h1></div>`);
    expect(html).toContain(`<link rel="canonical" href="https://automatch.example/providers/${slug}" />`);
    expect(html).toContain("<title>Quote &quot;Co&quot; &lt;/script&gt;");
    // The two script elements are data (the page's and its schema.org description), neither of which
    // runs: the name's </script> is written \\u003c/script> in both.
    expect(html.match(/<script/g)).toHaveLength(2);
    const jsonLd = html.match(/<script type="application\/ld\+json">([^<]*)<\/script>\n<\/head>/)?.[1] ?? "";
    expect(JSON.parse(jsonLd)).toEqual({
      "@context": "https://schema.org",
      "@type": "Organization",
      name: NAME,
      url: `https://automatch.example/providers/${slug}`,
    });
    const json = html.match(/<script type="application\/json" id="server-data">([^<]*)<\/script>/)?.[1] ?? "";
    const data = JSON.parse(json);
    expect(data.name).toBe(NAME);
    expect(data).toEqual((await get(`/api/providers/${slug}`)).json());
  });

  it("goes out compressed when the client accepts it", async () => {
    const slug = await slugOf(ctx, listed);
    const res = await get(`/providers/${slug}`, { "accept-encoding": "br, gzip" });
    expect(res.headers["content-encoding"]).toBe("br");
    expect(res.headers.vary).toMatch(/accept-encoding/);
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toContain("server-data");
    const gzip = await get(`/providers/${slug}`, { "accept-encoding": "gzip" });
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toContain("server-data");
  });

  it("of a company not approved is a 404 for a visitor, without its name; the owner's browser gets the shell", async () => {
    const slug = await slugOf(ctx, pending);
    const visitor = await get(`/providers/${slug}`);
    expect(visitor.statusCode).toBe(404);
    expect(visitor.body).toContain('<div id="root"></div>');
    expect(visitor.body).toContain("<title>Provider Not Found | Automatch</title>");
    const owner = await get(`/providers/${slug}`, { cookie: pending.cookie });
    expect(owner.statusCode).toBe(200);
    expect(owner.body).toBe(SHELL);
  });
});

describe("the server-rendered directory", () => {
  it("lists what the API lists, for a visitor", async () => {
    const res = await get("/providers");
    expect(res.statusCode).toBe(200);
    const api = (await get("/api/providers")).json();
    expect(res.body).toContain(`<h1>${api.total} providers</h1>`);
    expect(res.body).toContain('<link rel="canonical" href="https://automatch.example/providers" />');
  });
});
