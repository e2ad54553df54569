import path from "node:path";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

export default defineConfig({
  root: path.resolve(import.meta.dirname, "src/web"),
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: [
      { find: "@", replacement: path.resolve(import.meta.dirname, "src") },
      // zod without eval, under the page's Content-Security-Policy (src/web/lib/zod.ts).
      { find: /^zod$/, replacement: path.resolve(import.meta.dirname, "src/web/lib/zod.ts") },
    ],
  },
  build: { outDir: path.resolve(import.meta.dirname, "dist/web"), emptyOutDir: true, sourcemap: true },
  server: {
    port: 5173,
    proxy: { "/api": "http://localhost:5000", "/healthz": "http://localhost:5000" },
  },
});
