import { readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { lintCompose, lintDockerfile } from "./lint.mjs";

const deploy = dirname(fileURLToPath(import.meta.url));
const read = (name) => readFileSync(join(deploy, name), "utf8");
const dockerfile = read("Dockerfile");
const ignore = read("Dockerfile.dockerignore");
const compose = read("compose.yaml");
const upstream = read("nginx/upstream.conf");
const lintImage = (text, ignored = ignore) => lintDockerfile(text, { root: resolve(deploy, ".."), ignore: ignored });

describe("deploy kit lint", () => {
  it("finds nothing in the shipped Dockerfile, compose file and upstream", () => {
    expect(lintImage(dockerfile)).toEqual([]);
    expect(lintCompose(compose, { dir: deploy, upstream })).toEqual([]);
  });

  it.each([
    ["an invalid instruction argument", dockerfile.replace("EXPOSE 3000", "EXPOSE http"), /Invalid containerPort/],
    ["a single stage", dockerfile.replace("FROM node:20-bookworm-slim AS build", "FROM node:20-bookworm-slim").replace(/\nFROM node:20-bookworm-slim\n/, "\n"), /not a multi-stage build/],
    ["an unpinned base image", dockerfile.replace(/\nFROM node:20-bookworm-slim\n/, "\nFROM node\n"), /base image node is not pinned/],
    ["no HEALTHCHECK", dockerfile.replace(/HEALTHCHECK[^\n]*\\\n[^\n]*\n/, ""), /no HEALTHCHECK/],
    ["the final stage as root", dockerfile.replace("USER node", "USER root"), /runs as root/],
    ["no USER", dockerfile.replace("USER node\n", ""), /runs as root/],
    ["other node flags than npm start's", dockerfile.replace('"--gc-memory-reducer-start-delay-ms=2000", ', ""), /not the flags of scripts\/runtime.mjs/],
    ["a CMD in shell form", dockerfile.replace(/\nCMD \["node",[^\n]*\]/, "\nCMD node server/dist/main.js"), /CMD does not run node/],
    ["a COPY of a missing file", dockerfile.replace("COPY scripts/ scripts/", "COPY scripts/ nothing-here/ scripts/"), /COPY source nothing-here\/ does not exist/],
  ])("finds %s in the Dockerfile", (_what, text, finding) => {
    expect(lintImage(text).join("\n")).toMatch(finding);
  });

  it("follows the .dockerignore's last matching pattern, `!` included", () => {
    expect(lintImage(dockerfile, ignore.replace("!e2e/package.json", ""))).toEqual([expect.stringMatching(/COPY source e2e\/package.json is excluded/)]);
    expect(lintImage(dockerfile, `${ignore}\nscripts\n`)).toEqual([expect.stringMatching(/COPY source scripts\/ is excluded/)]);
  });

  it.each([
    ["a file that does not parse", "services:\n  a: [", /does not parse/],
    ["an undeclared volume", compose.replace("  files:\n", "\n"), /uses volume files, which is not declared/],
    ["a dependency that is not a service", compose.replace("    redis:\n      condition: service_healthy", "    cache:\n      condition: service_healthy"), /depends on cache, which is not a service/],
    ["waiting on a service without healthcheck", compose.replace(/ {4}healthcheck:\n {6}test: \["CMD", "redis-cli", "ping"\]\n {6}interval: 5s\n {6}timeout: 5s\n {6}retries: 12\n/, ""), /waits for redis to be healthy, which has no healthcheck/],
    ["an address outside the subnet", compose.replace("ipv4_address: 172.30.80.3", "ipv4_address: 172.30.81.3"), /172.30.81.3 is outside network parley's subnet/],
    ["two services on one address", compose.replace("ipv4_address: 172.30.80.3", "ipv4_address: 172.30.80.2"), /share 172.30.80.2/],
    ["an unpinned image", compose.replace("image: redis:7", "image: redis"), /image redis is not pinned/],
    ["a missing bind mount", compose.replace("./nginx/listen.conf", "./nginx/gone.conf"), /mounts .\/nginx\/gone.conf, which does not exist/],
  ])("finds %s in the compose file", (_what, text, finding) => {
    expect(lintCompose(text, { dir: deploy, upstream }).join("\n")).toMatch(finding);
  });

  it("keeps nginx's upstream and the Parley nodes of the compose file the same", () => {
    expect(lintCompose(compose, { dir: deploy, upstream: upstream.replace(/\n\s*server 172.30.80.12[^\n]*/, "") })).toEqual([
      "nginx/upstream.conf: the Parley node at 172.30.80.12 is not in the upstream",
    ]);
    expect(lintCompose(compose, { dir: deploy, upstream: upstream.replace("172.30.80.12", "172.30.80.13") }).join("\n")).toMatch(/server 172.30.80.13 is not a Parley node/);
  });
});
