/**
 * Builds the studio (studio/page) into static files in dist/studio-page/: relative asset paths, so
 * the folder works from `variorum studio` and from any static host. The compiler front end,
 * interpreter, diff, cards and reach are bundled; ts-morph and prettier (emit only) never are.
 */
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

const here = fileURLToPath(new URL(".", import.meta.url));

export default defineConfig({
  root: `${here}page`,
  base: "./",
  logLevel: "warn",
  publicDir: false,
  server: { fs: { allow: [`${here}..`] } },
  build: {
    outDir: `${here}../dist/studio-page`,
    emptyOutDir: true,
    target: "es2022",
    chunkSizeWarningLimit: 1500,
    reportCompressedSize: false,
    rollupOptions: {
      output: {
        // The editor and the compiler change at different paces: separate files, cached apart.
        manualChunks(id) {
          if (
            id.includes("node_modules/@codemirror") ||
            id.includes("node_modules/@lezer") ||
            id.includes("node_modules/style-mod") ||
            id.includes("node_modules/w3c-keyname") ||
            id.includes("node_modules/crelt")
          )
            return "editor";
          if (id.includes("node_modules/")) return "vendor";
          return undefined;
        },
      },
    },
  },
});
