// A product whose uploads a real clamd scans (decision 176), with Debian's clamd and the EICAR signature
// the test writes; clamd stops after the file's tests.
import { afterAll } from "vitest";
import { startClamd, type TestClamd } from "@/server/test/clamd";
import { type Product, startProduct } from "./fixture";

export function startScannedProduct(): Product {
  let scanner: TestClamd | undefined;
  afterAll(async () => scanner?.stop());
  return startProduct({
    env: async () => {
      scanner = await startClamd();
      return { CLAMD_URL: `tcp://127.0.0.1:${scanner.tcpConfig.port}` };
    },
  });
}
