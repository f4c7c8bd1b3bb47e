import { defineConfig } from "vite";

// The embeddable widget (`GET /widget.js`): one self-contained script, no framework, written
// into the client's build folder after the client (`npm run build`).
export default defineConfig({
  publicDir: false,
  build: {
    outDir: "dist",
    emptyOutDir: false,
    target: "es2020",
    lib: { entry: "widget/main.ts", formats: ["iife"], name: "ParleyWidget", fileName: () => "widget.js" },
  },
});
