import { defineAction } from "./defineAction";

/**
 * Reset every data slice (docs/ARCHITECTURE.md "Client rules": message lists); auth is reset
 * separately.
 */
export const resetAll = defineAction("app/resetAll");
