import { describe, expect, it } from "vitest";
import { generateKeyPairSync } from "node:crypto";
import { ConfigError, configFromEnv } from "./config.js";
import { readPublicKey } from "./license/format.js";
import { licenseKeys } from "./test/license.js";

describe("configFromEnv", () => {
  it("defaults: SQLite in ./data, port 3000, rate limits on", () => {
    const config = configFromEnv({});
    expect(config).toMatchObject({ port: 3000, host: "0.0.0.0", databaseUrl: null, accessTokenTtlS: 300, maxFileSize: 1_073_741_824, logLevel: "info", trustProxy: false });
    expect(config.dataDir).toMatch(/\/data$/);
    expect(config.rateLimits).toBeUndefined();
    expect(config.webhookRetryBaseMs).toBe(10_000);
  });

  it("reads every setting it is given", () => {
    const config = configFromEnv({
      PORT: "8080",
      DATABASE_URL: "postgres://parley@db/parley",
      DATABASE_SCHEMA: "team_a",
      MAX_FILE_SIZE: "1000",
      UPLOAD_CHUNK_LIMIT: "5000",
      PREVIEW_ALLOW_PRIVATE: "1",
      LOG_LEVEL: "warn",
      TRUST_PROXY: "10.0.0.0/8",
      RATE_LIMITS: "off",
      WEB_DIST: "",
      WEBHOOK_RETRY_BASE_MS: "500",
    });
    expect(config).toMatchObject({ port: 8080, databaseUrl: "postgres://parley@db/parley", databaseSchema: "team_a", maxFileSize: 1000, previewAllowPrivate: true, logLevel: "warn", trustProxy: "10.0.0.0/8", webDist: null });
    // A chunk is never larger than a whole file.
    expect(config.uploadChunkLimit).toBe(1000);
    expect(config.rateLimits?.login).toEqual({ perIp: 0, perEmail: 0 });
    expect(config.webhookRetryBaseMs).toBe(500);
  });

  it("treats an empty variable as unset", () => {
    expect(configFromEnv({ PORT: "", DATABASE_URL: "" })).toMatchObject({ port: 3000, databaseUrl: null });
  });

  it("LICENSE_PUBLIC_KEY: an RSA PEM, one-line with \\n escapes too; unset is none (docs/OPERATIONS.md \"License\")", () => {
    const pem = licenseKeys().publicPem;
    expect(configFromEnv({ LICENSE_PUBLIC_KEY: pem }).licensePublicKey).toBe(pem.trim());
    expect(() => readPublicKey(pem.trim().replaceAll("\n", "\\n"))).not.toThrow();
    expect(configFromEnv({ LICENSE_PUBLIC_KEY: pem.replaceAll("\n", "\\n") }).licensePublicKey).not.toBeNull();
    expect(configFromEnv({}).licensePublicKey).toBeNull();
    expect(configFromEnv({ LICENSE_PUBLIC_KEY: " " }).licensePublicKey).toBeNull();
    const ec = generateKeyPairSync("ec", { namedCurve: "P-256" }).publicKey.export({ type: "spki", format: "pem" }).toString();
    for (const value of ["not a key", ec]) expect(() => configFromEnv({ LICENSE_PUBLIC_KEY: value })).toThrow(/^LICENSE_PUBLIC_KEY=.*expected an RSA public key in PEM form$/);
  });

  it.each([
    ["PORT", "abc", /^PORT="abc": expected a whole number/],
    ["PORT", "70000", /^PORT="70000": expected at most 65535/],
    ["DATABASE_URL", "foo", /^DATABASE_URL="foo": expected a postgres:\/\/ URL/],
    ["DATABASE_URL", "mysql://x/y", /^DATABASE_URL=.*expected a postgres/],
    ["DATABASE_SCHEMA", "x; DROP TABLE users", /^DATABASE_SCHEMA=.*schema name/],
    ["ACCESS_TOKEN_TTL", "-5", /^ACCESS_TOKEN_TTL="-5": expected a whole number/],
    ["MAX_FILE_SIZE", "1e9", /^MAX_FILE_SIZE=/],
    ["LOG_LEVEL", "loud", /^LOG_LEVEL="loud": /],
    ["PREVIEW_ALLOW_PRIVATE", "yes", /^PREVIEW_ALLOW_PRIVATE="yes": expected 1, 0, true or false/],
    ["RATE_LIMITS", "of", /^RATE_LIMITS="of": expected on or off/],
    ["UPLOAD_CHUNK_LIMIT", "big", /^UPLOAD_CHUNK_LIMIT="big": expected a whole number/],
    ["WEBHOOK_RETRY_BASE_MS", "5", /^WEBHOOK_RETRY_BASE_MS="5": expected at least 10/],
  ])("%s=%s stops start-up with one line naming it", (name, value, message) => {
    let caught: unknown;
    try {
      configFromEnv({ [name]: value });
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    expect((caught as Error).message).toMatch(message);
    expect((caught as Error).message).not.toContain("\n");
  });
});

describe("starting with a bad setting", () => {
  it("exits 1 with one line on stderr that names the variable, no stack trace", async () => {
    const { spawnSync } = await import("node:child_process");
    const run = spawnSync(process.execPath, ["--import", "tsx", "src/main.ts"], {
      cwd: new URL("..", import.meta.url).pathname,
      env: { ...process.env, PORT: "abc", DATA_DIR: "/nonexistent-parley-test" },
      encoding: "utf8",
      timeout: 20_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr.trim()).toBe('parley: PORT="abc": expected a whole number from 0 to 65535');
  });
});
