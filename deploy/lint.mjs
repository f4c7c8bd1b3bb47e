/**
 * Lints the deploy kit without Docker (docs/DEPLOY.md "Checking the kit"): deploy/check.sh runs it
 * always, beside hadolint and `docker compose config` where those are installed.
 *
 * - The Dockerfile: its syntax and instructions (dockerfile-utils, the checker of VS Code's
 *   Dockerfile support), then the rules this kit promises: a multi-stage build whose base images
 *   are pinned to a tag, a HEALTHCHECK, a final stage that runs as a user other than root, and
 *   every COPY source present in the build context and not excluded by the .dockerignore, and a
 *   CMD that runs node with the flags `npm start` uses (scripts/runtime.mjs), so the image runs
 *   what the benchmarks measured.
 * - The compose file: it parses (anchors and merge keys included), every `depends_on` names a
 *   service with a healthcheck when it waits for `service_healthy`, every named volume and network
 *   is declared, fixed addresses lie in their network's subnet and are not shared, bind-mounted
 *   files and the build's Dockerfile exist, and nginx's upstream names exactly the Parley nodes'
 *   addresses.
 *
 * Usage: node deploy/lint.mjs — prints one line per finding, exits 1 if there is any.
 */
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import dockerfileUtils from "dockerfile-utils";
import { parse } from "yaml";
import { serverNodeArgs } from "../scripts/runtime.mjs";

/** The findings for a Dockerfile's text; `root` is the build context (for COPY sources). */
export function lintDockerfile(text, { root, ignore = "" } = {}) {
  // LSP severities: 1 error, 2 warning (3 and 4 are hints).
  const findings = dockerfileUtils
    .validate(text)
    .filter((d) => d.severity <= 2)
    .map((d) => `Dockerfile:${d.range.start.line + 1}: ${d.message}`);
  const instructions = dockerInstructions(text);
  const froms = instructions.filter((i) => i.keyword === "FROM");
  if (froms.length < 2) findings.push("Dockerfile: not a multi-stage build (one FROM): the image would carry the compilers");
  for (const from of froms) {
    const image = from.args.split(/\s+/).find((word) => !word.startsWith("--"));
    const stages = froms.map((f) => /\bAS\s+(\S+)/i.exec(f.args)?.[1]).filter(Boolean);
    if (image && !stages.includes(image) && (!image.includes(":") || image.endsWith(":latest"))) {
      findings.push(`Dockerfile:${from.line}: base image ${image} is not pinned to a tag`);
    }
  }
  if (!instructions.some((i) => i.keyword === "HEALTHCHECK")) findings.push("Dockerfile: no HEALTHCHECK");
  const finalStage = instructions.slice(instructions.lastIndexOf(froms.at(-1)));
  const user = finalStage.filter((i) => i.keyword === "USER").at(-1);
  if (!user || /^(root|0)(:|$)/.test(user.args)) findings.push("Dockerfile: the final stage runs as root (no USER, or USER root)");
  const cmd = finalStage.filter((i) => i.keyword === "CMD").at(-1);
  const command = cmd ? execForm(cmd.args) : null;
  const shipped = serverNodeArgs({});
  if (!command || command[0] !== "node") findings.push("Dockerfile: the final stage's CMD does not run node (in exec form)");
  else if (command.slice(1, -1).join(" ") !== shipped.join(" ")) {
    findings.push(`Dockerfile:${cmd.line}: CMD runs node with ${JSON.stringify(command.slice(1, -1))}, not the flags of scripts/runtime.mjs ${JSON.stringify(shipped)}`);
  }
  if (root) {
    const excluded = ignoreRule(ignore);
    for (const copy of instructions.filter((i) => i.keyword === "COPY")) {
      if (/--from=/.test(copy.args)) continue;
      const words = copyWords(copy.args);
      for (const source of words.slice(0, -1)) {
        if (!existsSync(join(root, source))) findings.push(`Dockerfile:${copy.line}: COPY source ${source} does not exist in the build context`);
        else if (excluded(source.replace(/\/$/, ""))) findings.push(`Dockerfile:${copy.line}: COPY source ${source} is excluded by the .dockerignore`);
      }
    }
  }
  return findings;
}

/** The findings for the compose file's text; `dir` is its directory (for relative paths). */
export function lintCompose(text, { dir, upstream } = {}) {
  let doc;
  try {
    doc = parse(text, { merge: true, maxAliasCount: 100 });
  } catch (err) {
    return [`compose.yaml: does not parse: ${err.message.split("\n")[0]}`];
  }
  const findings = [];
  const services = doc?.services ?? {};
  if (Object.keys(services).length === 0) return ["compose.yaml: no services"];
  const volumes = Object.keys(doc.volumes ?? {});
  const networks = doc.networks ?? {};
  const addresses = new Map();
  for (const [name, service] of Object.entries(services)) {
    if (!service.image && !service.build) findings.push(`compose.yaml: service ${name} has neither image nor build`);
    if (service.image && !service.build && !/:[^/]+$/.test(service.image)) findings.push(`compose.yaml: service ${name}: image ${service.image} is not pinned to a tag`);
    if (service.build && dir) {
      const context = resolve(dir, service.build.context ?? ".");
      const dockerfile = join(context, service.build.dockerfile ?? "Dockerfile");
      if (!existsSync(dockerfile)) findings.push(`compose.yaml: service ${name}: ${service.build.dockerfile ?? "Dockerfile"} does not exist in ${service.build.context ?? "."}`);
    }
    const dependsOn = Array.isArray(service.depends_on) ? Object.fromEntries(service.depends_on.map((d) => [d, {}])) : (service.depends_on ?? {});
    for (const [dependency, how] of Object.entries(dependsOn)) {
      if (!services[dependency]) findings.push(`compose.yaml: service ${name} depends on ${dependency}, which is not a service`);
      else if (how?.condition === "service_healthy" && !services[dependency].healthcheck && !services[dependency].build) {
        findings.push(`compose.yaml: service ${name} waits for ${dependency} to be healthy, which has no healthcheck`);
      }
    }
    for (const volume of service.volumes ?? []) {
      const source = typeof volume === "string" ? volume.split(":")[0] : volume.source;
      if (!source) continue;
      if (/^[./~]/.test(source)) {
        if (dir && !existsSync(resolve(dir, source))) findings.push(`compose.yaml: service ${name} mounts ${source}, which does not exist`);
      } else if (!volumes.includes(source)) findings.push(`compose.yaml: service ${name} uses volume ${source}, which is not declared`);
    }
    for (const [network, settings] of Object.entries(Array.isArray(service.networks) ? {} : (service.networks ?? {}))) {
      if (!(network in networks)) {
        findings.push(`compose.yaml: service ${name} joins network ${network}, which is not declared`);
        continue;
      }
      const address = settings?.ipv4_address;
      if (!address) continue;
      const subnets = (networks[network]?.ipam?.config ?? []).map((c) => c.subnet).filter(Boolean);
      if (!subnets.some((subnet) => inSubnet(address, subnet))) findings.push(`compose.yaml: service ${name}: ${address} is outside network ${network}'s subnet`);
      if (addresses.has(address)) findings.push(`compose.yaml: services ${addresses.get(address)} and ${name} share ${address}`);
      addresses.set(address, name);
    }
  }
  if (upstream !== undefined) {
    const nodes = Object.entries(services)
      .filter(([, s]) => s.build)
      .map(([name, s]) => Object.values(s.networks ?? {}).find((n) => n?.ipv4_address)?.ipv4_address ?? name);
    const servers = [...upstream.replace(/#.*$/gm, "").matchAll(/^\s*server\s+([^\s:;]+)/gm)].map((m) => m[1]);
    for (const node of nodes) if (!servers.includes(node)) findings.push(`nginx/upstream.conf: the Parley node at ${node} is not in the upstream`);
    for (const server of servers) if (!nodes.includes(server)) findings.push(`nginx/upstream.conf: server ${server} is not a Parley node of compose.yaml`);
  }
  return findings;
}

/** A CMD's words in exec form (`["node", "a.js"]`), or null for the shell form. */
function execForm(args) {
  try {
    const words = JSON.parse(args);
    return Array.isArray(words) && words.every((w) => typeof w === "string") ? words : null;
  } catch {
    return null;
  }
}

/** The Dockerfile's instructions with continuation lines joined: `{ keyword, args, line }`. */
function dockerInstructions(text) {
  const out = [];
  let current = null;
  text.split("\n").forEach((raw, index) => {
    const line = raw.trim();
    if (current === null && (line === "" || line.startsWith("#"))) return;
    if (current === null) {
      const [keyword, ...rest] = line.split(/\s+/);
      current = { keyword: keyword.toUpperCase(), args: rest.join(" "), line: index + 1 };
    } else if (!line.startsWith("#")) current.args += ` ${line}`;
    if (current.args.endsWith("\\")) current.args = current.args.slice(0, -1).trimEnd();
    else {
      out.push(current);
      current = null;
    }
  });
  if (current) out.push(current);
  return out;
}

/** A COPY's sources and destination, flags left out (JSON form or words). */
function copyWords(args) {
  const rest = args.replace(/--\S+\s*/g, "").trim();
  if (rest.startsWith("[")) return JSON.parse(rest);
  return rest.split(/\s+/);
}

/**
 * A .dockerignore as a test of context paths: the last pattern that matches decides, and a `!`
 * pattern includes again what an earlier one excluded (Docker's rule).
 */
function ignoreRule(text) {
  const rules = text
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith("#"))
    .map((line) => {
      const negate = line.startsWith("!");
      const body = line
        .slice(negate ? 1 : 0)
        .replace(/^\/+|\/+$/g, "")
        .split("/")
        .map((part) => (part === "**" ? ".*" : part.replace(/[.+^${}()|[\]\\]/g, "\\$&").replace(/\*/g, "[^/]*").replace(/\?/g, "[^/]")))
        .join("/")
        .replace(/\.\*\//g, "(?:.*/)?");
      return { negate, re: new RegExp(`^${body}(?:/.*)?$`) };
    });
  return (path) => rules.reduce((excluded, rule) => (rule.re.test(path) ? !rule.negate : excluded), false);
}

function inSubnet(address, subnet) {
  const [base, bits] = subnet.split("/");
  const toInt = (ip) => ip.split(".").reduce((n, part) => n * 256 + Number(part), 0);
  const mask = Number(bits) === 0 ? 0 : 2 ** 32 - 2 ** (32 - Number(bits));
  const and = (n) => Number(BigInt(n) & BigInt(mask));
  return and(toInt(address)) === and(toInt(base));
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const deploy = dirname(fileURLToPath(import.meta.url));
  const read = (name) => readFileSync(join(deploy, name), "utf8");
  const findings = [
    ...lintDockerfile(read("Dockerfile"), { root: resolve(deploy, ".."), ignore: read("Dockerfile.dockerignore") }),
    ...lintCompose(read("compose.yaml"), { dir: deploy, upstream: read("nginx/upstream.conf") }),
  ];
  for (const finding of findings) console.log(`check: ${finding}`);
  process.exit(findings.length > 0 ? 1 : 0);
}
