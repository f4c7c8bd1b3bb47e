import { defineAction } from "./defineAction";

/** Reset every data slice (spec §4 "Local data reset clears all slices"); auth is reset separately. */
export const resetAll = defineAction("app/resetAll");
