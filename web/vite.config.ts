import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";
import { VitePWA } from "vite-plugin-pwa";
import { chunkGroup, resetChunkGroups } from "./chunkGroups.ts";

const rr = (file: string) => fileURLToPath(new URL(`../node_modules/react-router/dist/production/${file}`, import.meta.url));

// The web client of Parley. `/api` is proxied to the dev server (SSE included).
export default defineConfig(({ command }) => ({
  plugins: [
    react(),
    tailwindcss(),
    // PWA: manifest and a precaching service worker; every asset is local. The app
    // registers the worker itself (src/pwa.ts) and asks before updating (new-version toast).
    VitePWA({
      registerType: "prompt",
      injectRegister: false,
      includeAssets: ["favicon.svg", "theme.js", "icons/*.png"],
      manifest: {
        id: "/",
        name: "Parley",
        short_name: "Parley",
        description: "Self-hosted team chat",
        start_url: "/",
        scope: "/",
        display: "standalone",
        background_color: "#09090b",
        theme_color: "#4f46e5",
        icons: [
          { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png" },
          { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png" },
          { src: "/icons/icon-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
          { src: "/favicon.svg", sizes: "any", type: "image/svg+xml" },
        ],
      },
      workbox: {
        globPatterns: ["**/*.{js,css,html,svg,png,json}"],
        // Agora's Web SDK (1.2 MB, only for calls on Agora, which need the network anyway) is
        // fetched when such a call starts, not installed with the app (web/src/calls/media.ts).
        // Translations are not installed either: nine languages' namespaces (81 files, 1.1 MB) for
        // a reader who needs one. They are cached as they are fetched (below).
        globIgnores: ["**/agoraMedia-*.js", "locales/**"],
        navigateFallback: "/index.html",
        // The API (and its event stream) is never served from the cache.
        navigateFallbackDenylist: [/^\/api\//, /^\/health/],
        // A translation's URL carries the client's version (`?v=`), so a cached one is never
        // stale: served from the cache, fetched once per version and language, the oldest dropped.
        runtimeCaching: [
          {
            urlPattern: /\/locales\/[^/]+\/[^/]+\.json/,
            handler: "CacheFirst",
            options: { cacheName: "parley-locales", expiration: { maxEntries: 60 } },
          },
        ],
        cleanupOutdatedCaches: true,
        // No workbox runtime from a CDN: everything is bundled into sw.js.
        inlineWorkboxRuntime: true,
        // Web Push: the push and notificationclick handlers (public/push-sw.js).
        importScripts: ["/push-sw.js"],
      },
      devOptions: { enabled: false },
    }),
  ],
  resolve: {
    // react-router's package exports only point at its development build; ship the production one.
    alias: command === "build" ? [{ find: /^react-router$/, replacement: rr("index.mjs") }] : [],
  },
  server: {
    port: 5173,
    proxy: {
      "/api": { target: "http://127.0.0.1:3000", changeOrigin: true },
    },
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    target: "es2022",
    chunkSizeWarningLimit: 400,
    rolldownOptions: {
      plugins: [{ name: "parley:chunk-groups", buildStart: resetChunkGroups }],
      // The chat route's small shared modules in two chunks instead of dozens (chunkGroups.ts).
      output: { codeSplitting: { groups: [{ name: chunkGroup, includeDependenciesRecursively: false }] } },
    },
  },
}));
