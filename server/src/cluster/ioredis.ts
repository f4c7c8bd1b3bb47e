/**
 * ioredis, loaded through this module by `createClusterContext` (cluster/redis.ts) only for a
 * cluster. Not `import("ioredis")` there: ioredis is CommonJS, and in the compiled server
 * (esbuild) a dynamic import of a CommonJS package has only a default export, so `.Redis` was
 * undefined and a node with `REDIS_URL` silently ran alone. An ES module of our own keeps its
 * named export in both the compiled server and the sources (cli/build.test.ts checks the former).
 */
export { Redis } from "ioredis";
