// What a first-time visitor's browser downloads before a page is interactive (decision 120): the bytes
// received (Chromium's `encodedDataLength`: compressed body and headers) of every response, with the
// cache disabled, until the load event and then no request for half a second (Playwright's
// `networkidle`). Used by e2e/first-load.e2e.test.ts and bench/first-load.ts.
import type { BrowserContext } from "playwright-core";

export type FirstLoad = {
  /** Bytes on the wire of JavaScript responses. */
  scriptBytes: number;
  scripts: number;
  /** Bytes on the wire of every response, the HTML and CSS included. */
  allBytes: number;
  requests: number;
  /** The content-encoding of each script, for a report that says what was measured. */
  scriptEncodings: Set<string>;
};

export async function measureFirstLoad(context: BrowserContext, url: string): Promise<FirstLoad> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  const responses = new Map<string, { script: boolean; encoding: string }>();
  const load: FirstLoad = { scriptBytes: 0, scripts: 0, allBytes: 0, requests: 0, scriptEncodings: new Set() };
  cdp.on("Network.responseReceived", (event) => {
    const headers = Object.fromEntries(Object.entries(event.response.headers).map(([k, v]) => [k.toLowerCase(), v]));
    responses.set(event.requestId, {
      script: event.type === "Script" || /javascript/.test(event.response.mimeType),
      encoding: String(headers["content-encoding"] ?? "identity"),
    });
  });
  cdp.on("Network.loadingFinished", (event) => {
    const response = responses.get(event.requestId);
    load.allBytes += event.encodedDataLength;
    load.requests += 1;
    if (response?.script) {
      load.scriptBytes += event.encodedDataLength;
      load.scripts += 1;
      load.scriptEncodings.add(response.encoding);
    }
  });
  await page.goto(url, { waitUntil: "networkidle" });
  await cdp.detach();
  await page.close();
  return load;
}
