import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { freePort } from "./serverProcess.js";

/**
 * The outside parts of the cluster failover probe (docs/RELIABILITY.md "Cluster failover"): a
 * Redis of its own (so it can be restarted without touching the machine's) and Debian's nginx
 * running the deploy kit's configuration (deploy/nginx/) in front of the nodes.
 */

export const NGINX = "/usr/sbin/nginx";
export const REDIS_SERVER = "/usr/bin/redis-server";

const REPO = path.resolve(import.meta.dirname, "../../..");

function waitExit(child: ChildProcess, ms: number): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    child.once("exit", () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

export interface RedisProcess {
  url: string;
  /** Kills Redis (SIGKILL: nothing saved) and starts an empty one on the same port. */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

/** A throw-away redis-server on a free port: no persistence, no protected mode games. */
export async function startRedis(): Promise<RedisProcess> {
  const port = await freePort();
  let child: ChildProcess;
  const start = async () => {
    child = spawn(REDIS_SERVER, ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], { stdio: "ignore" });
    for (let i = 0; i < 200; i++) {
      const ok = await new Promise<boolean>((resolve) => {
        import("node:net").then(({ default: net }) => {
          const s = net.connect(port, "127.0.0.1", () => {
            s.end();
            resolve(true);
          });
          s.on("error", () => resolve(false));
        }, () => resolve(false));
      });
      if (ok) return;
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error("redis-server did not start");
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    async restart() {
      child.kill("SIGKILL");
      await waitExit(child, 5_000);
      await start();
    },
    async stop() {
      child.kill("SIGKILL");
      await waitExit(child, 5_000);
    },
  };
}

export interface NginxProcess {
  url: string;
  stop(): Promise<void>;
}

/**
 * nginx with deploy/nginx/parley.conf and an upstream of the given local ports. The access log
 * line is the shipped one unless its directory is not writable (not root): then it goes to the
 * temporary directory, which changes nothing else.
 */
export async function startNginx(ports: number[]): Promise<NginxProcess> {
  const dir = fs.mkdtempSync(path.join(fs.realpathSync("/tmp"), "parley-nginx-"));
  const port = await freePort();
  let site = path.join(REPO, "deploy/nginx/parley.conf");
  try {
    fs.accessSync("/var/log/nginx", fs.constants.W_OK);
  } catch {
    const copy = path.join(dir, "parley.conf");
    fs.writeFileSync(copy, fs.readFileSync(site, "utf8").replace("/var/log/nginx/access.log", path.join(dir, "access.log")));
    site = copy;
  }
  fs.writeFileSync(
    path.join(dir, "nginx.conf"),
    `daemon off;\npid ${dir}/nginx.pid;\nerror_log ${dir}/error.log;\nworker_processes 1;\nevents { worker_connections 4096; }\nhttp {\n` +
      ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map((t) => `  ${t}_temp_path ${dir}/${t};\n`).join("") +
      `  include ${site};\n}\n`,
  );
  fs.writeFileSync(path.join(dir, "listen.conf"), `listen 127.0.0.1:${port};\n`);
  // The deploy kit's settings for each node (max_fails, fail_timeout, keepalive), local ports.
  fs.writeFileSync(
    path.join(dir, "upstream.conf"),
    `upstream parley {\n${ports.map((p) => `  server 127.0.0.1:${p} max_fails=1 fail_timeout=10s;\n`).join("")}  keepalive 32;\n}\n`,
  );
  let output = "";
  const child = spawn(NGINX, ["-p", dir, "-e", `${dir}/error.log`, "-c", `${dir}/nginx.conf`], { stdio: ["ignore", "pipe", "pipe"] });
  child.stdout?.on("data", (d) => (output += d));
  child.stderr?.on("data", (d) => (output += d));
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`nginx exited: ${output}${fs.existsSync(`${dir}/error.log`) ? fs.readFileSync(`${dir}/error.log`, "utf8") : ""}`);
    try {
      await fetch(`${url}/health`);
      break;
    } catch {
      if (i > 200) throw new Error("nginx did not start");
      await new Promise((r) => setTimeout(r, 25));
    }
  }
  return {
    url,
    async stop() {
      child.kill("SIGQUIT");
      await waitExit(child, 5_000);
      if (child.exitCode === null) child.kill("SIGKILL");
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
