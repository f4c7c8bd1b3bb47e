export * from "./common.js";
export * from "./users.js";
export * from "./auth.js";
export * from "./groups.js";
export * from "./messages.js";
export * from "./events.js";
export * from "./admin.js";
export * from "./constants.js";
