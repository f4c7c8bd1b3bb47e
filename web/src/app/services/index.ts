/**
 * The chat part of the store: injects the data slices and the RTK Query API (its reducer and
 * middleware; each domain file adds its endpoints to it when imported). Imported by every lazy
 * chunk that uses them (main layout, onboarding, invite and register pages) before anything renders.
 */
import { setupListeners } from "@reduxjs/toolkit/query";
import { CHAT_STORE_PARTS } from "../chatParts";
import { onLocalDataReset } from "../session";
import { inject, store } from "../store";
import { api } from "./api";

inject(...CHAT_STORE_PARTS);

setupListeners(store.dispatch);

// A new session must not see the previous one's cached queries.
onLocalDataReset((dispatch) => {
  dispatch(api.util.resetApiState());
});
