import { allowLoopbackOnly } from "./loopbackOnly.js";

// Every probe runs with outgoing connections limited to this machine (loopbackOnly.ts says why).
allowLoopbackOnly();
