// Brotli (quality 11) and gzip (level 9) copies beside every text file of a built folder (decision 119):
// compressed once at build time at the highest levels, which would be too slow per request, and served by
// @fastify/static's `preCompressed` by the browser's Accept-Encoding. Source maps are left out: production
// refuses them (decision 105).
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** The text files a browser fetches; images other than SVG and fonts are compressed already. */
export const COMPRESSIBLE_FILE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await fs.promises.readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

/** Writes `<file>.br` and `<file>.gz` for each compressible file under `dir`; answers how many files. */
export async function precompressFolder(dir: string): Promise<number> {
  const files = (await filesUnder(dir)).filter((f) => COMPRESSIBLE_FILE.test(f));
  await Promise.all(
    files.map(async (file) => {
      const raw = await fs.promises.readFile(file);
      const [br, gz] = await Promise.all([
        brotli(raw, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
            [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
          },
        }),
        gzip(raw, { level: zlib.constants.Z_BEST_COMPRESSION }),
      ]);
      await Promise.all([fs.promises.writeFile(`${file}.br`, br), fs.promises.writeFile(`${file}.gz`, gz)]);
    }),
  );
  return files.length;
}
