/**
 * The http backend of i18next, in a few lines (the i18next-http-backend package costs ~4 KB gzip on
 * the login page): `GET /locales/{lng}/{ns}.json?v={version}`. A network failure or a 5xx answers
 * `retry = true`, so i18next retries it (5 times, from 350 ms, doubling); a 4xx is final
 * and the English fallback applies.
 */
import type { BackendModule, ReadCallback } from "i18next";

export interface HttpBackendOptions {
  loadPath: string;
}

const HttpBackend: BackendModule<HttpBackendOptions> = {
  type: "backend",
  loadPath: "",
  init(_services, options) {
    this.loadPath = options.loadPath;
  },
  read(language: string, namespace: string, callback: ReadCallback) {
    const url = this.loadPath.replace("{{lng}}", language).replace("{{ns}}", namespace);
    fetch(url, { headers: { Accept: "application/json" } })
      .then(async (res) => {
        if (!res.ok) return callback(new Error(`${url}: ${res.status}`), res.status >= 500);
        callback(null, await res.json());
      })
      .catch((err: unknown) => callback(err instanceof Error ? err : new Error(String(err)), true));
  },
} as BackendModule<HttpBackendOptions> & { loadPath: string };

export default HttpBackend;
