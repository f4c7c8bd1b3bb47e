import { defineConfig } from "vite";

// The embeddable widget (`GET /widget.js`): one self-contained script, no framework, written
// into `widget/` of the client's build folder after the client (`npm run build`). Not at the
// folder's top: the static files there are routes of their own, and the server answers
// `/widget.js` itself (its ETag and cache time).
export default defineConfig({
  publicDir: false,
  build: {
    outDir: "dist/widget",
    emptyOutDir: false,
    target: "es2020",
    lib: { entry: "widget/main.ts", formats: ["iife"], name: "ParleyWidget", fileName: () => "widget.js" },
  },
});
