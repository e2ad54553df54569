import { describe, expect, it } from "vitest";
import { PUBLIC_PAGE_META } from "@/shared/page-meta";
import { jsonForScript, pageEncodingFor, publicPageMetaFor, renderWebPage, writeServerRenderedPage } from "./web-page";

const TEMPLATE = `<!doctype html>
<html lang="en">
  <head>
    <title>Default title</title>
    <meta name="description" content="Default description" />
    <meta property="og:title" content="Default" />
    <meta property="og:description" content="Default description" />
  </head>
  <body><div id="root"></div></body>
</html>`;

const metaOf = (html: string) => ({
  title: html.match(/<title>([^<]*)<\/title>/)?.[1],
  description: html.match(/<meta name="description" content="([^"]*)"/)?.[1],
  ogTitle: html.match(/<meta property="og:title" content="([^"]*)"/)?.[1],
  ogDescription: html.match(/<meta property="og:description" content="([^"]*)"/)?.[1],
});

describe("publicPageMetaFor", () => {
  it("knows the public pages, with or without a trailing slash, and nothing else", () => {
    expect(publicPageMetaFor("/")).toBe(PUBLIC_PAGE_META["/"]);
    expect(publicPageMetaFor("/about/")).toBe(PUBLIC_PAGE_META["/about"]);
    expect(publicPageMetaFor("/dashboard")).toBeUndefined();
    expect(publicPageMetaFor("/constructor")).toBeUndefined();
    expect(publicPageMetaFor("/quote-request/12")).toBeUndefined();
  });
});

describe("renderWebPage", () => {
  it("writes a public page's own title and description, once each", () => {
    const html = renderWebPage(TEMPLATE, publicPageMetaFor("/for-vendors"));
    const { description } = PUBLIC_PAGE_META["/for-vendors"];
    expect(metaOf(html)).toEqual({
      title: "Buy Ready-to-Close Automation Leads | Automatch",
      description,
      ogTitle: "Buy Ready-to-Close Automation Leads",
      ogDescription: description,
    });
    expect(description).toContain("$250K");
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html.match(/name="description"/g)).toHaveLength(1);
  });

  it("gives every public page a different title and description", () => {
    const pages = Object.values(PUBLIC_PAGE_META).map((meta) => metaOf(renderWebPage(TEMPLATE, meta)));
    expect(new Set(pages.map((p) => p.title)).size).toBe(pages.length);
    expect(new Set(pages.map((p) => p.description)).size).toBe(pages.length);
  });

  it("leaves the default for other paths", () => {
    expect(renderWebPage(TEMPLATE, undefined)).toBe(TEMPLATE);
  });

  it("escapes the text and adds a tag the template lacks", () => {
    const html = renderWebPage(TEMPLATE.replace(/ *<meta property="og:title"[^\n]*\n/, ""), {
      title: 'Fish & "Chips" <b>',
      description: "a $& b",
    });
    expect(metaOf(html)).toEqual({
      title: "Fish &amp; &quot;Chips&quot; &lt;b&gt; | Automatch",
      description: "a $&amp; b",
      ogTitle: "Fish &amp; &quot;Chips&quot; &lt;b&gt;",
      ogDescription: "a $&amp; b",
    });
  });
});

describe("pageEncodingFor", () => {
  it("prefers brotli, then gzip, and honours q=0", () => {
    expect(pageEncodingFor("gzip, deflate, br, zstd")).toBe("br");
    expect(pageEncodingFor("gzip, br;q=0")).toBe("gzip");
    expect(pageEncodingFor("deflate")).toBe("identity");
    expect(pageEncodingFor(undefined)).toBe("identity");
    expect(pageEncodingFor("*")).toBe("br");
    expect(pageEncodingFor("*;q=0, identity")).toBe("identity");
  });
});

describe("writeServerRenderedPage", () => {
  const page = {
    html: "<h1>Acme &lt;Automation&gt;</h1>",
    data: { name: 'Evil </script><script>alert("x")</script> <!-- co', line: "a\u2028b" },
    meta: { title: 'Evil </script> "Co" — Automation Provider', description: "We <b>automate</b> & more" },
    canonicalPath: "/providers/evil-co",
  };
  const html = writeServerRenderedPage(TEMPLATE, page, "https://automatch.example");

  it("puts the page in #root and its data in one JSON element that no text can end early", () => {
    expect(html).toContain('<div id="root"><h1>Acme &lt;Automation&gt;</h1></div>');
    expect(html.match(/<script/g)).toHaveLength(1);
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    expect(html).not.toContain("<!--");
    const json = html.match(/<script type="application\/json" id="server-data">([^<]*)<\/script>/)?.[1];
    expect(json).toBeDefined();
    expect(JSON.parse(json ?? "")).toEqual(page.data);
  });

  it("writes the page's meta escaped, with its canonical address", () => {
    expect(metaOf(html)).toEqual({
      title: "Evil &lt;/script&gt; &quot;Co&quot; — Automation Provider | Automatch",
      description: "We &lt;b&gt;automate&lt;/b&gt; &amp; more",
      ogTitle: "Evil &lt;/script&gt; &quot;Co&quot; — Automation Provider",
      ogDescription: "We &lt;b&gt;automate&lt;/b&gt; &amp; more",
    });
    expect(html).toContain('<link rel="canonical" href="https://automatch.example/providers/evil-co" />');
    expect(html).toContain('<meta property="og:url" content="https://automatch.example/providers/evil-co" />');
    expect(html.match(/rel="canonical"/g)).toHaveLength(1);
  });
});

describe("jsonForScript", () => {
  it("writes no < at all, and reads back as it was", () => {
    const value = { a: "</SCRIPT>", b: "<!--", c: ["<", "\u2029"] };
    expect(jsonForScript(value)).not.toMatch(/[<\u2028\u2029]/);
    expect(JSON.parse(jsonForScript(value))).toEqual(value);
  });
});
