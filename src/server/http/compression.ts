// Compressed answers (decision 119). Built assets are compressed once, at build time, at the highest
// levels (scripts/build-web.ts writes `.br` and `.gz` beside each); @fastify/static picks the file the
// browser's Accept-Encoding allows. Everything else the server writes (API answers, the pages made from
// index.html) is compressed here, when it is worth it.
import fastifyCompress from "@fastify/compress";
import type { FastifyInstance } from "fastify";

/** Smaller answers go as they are: a few hundred bytes gain little and cost a compressor call. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    // Answers only: the app's clients never compress a body, and inflating one is work anybody could ask for.
    globalDecompression: false,
    threshold: COMPRESSION_THRESHOLD_BYTES,
    // The two every browser speaks, the same two the build writes for the assets.
    encodings: ["br", "gzip"],
  });
}
