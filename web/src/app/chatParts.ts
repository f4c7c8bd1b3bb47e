/**
 * The store parts the chat screens need beyond the entry's slices: the data slices and the RTK
 * Query API. `services/index.ts` injects them into the app's store; a component test's store
 * (test/renderWithStore.tsx) starts with them. Kept apart from `store.ts`, which is in the login
 * bundle and must not pull these in.
 */
import type { StorePart } from "./store";
import { channelsSlice } from "./slices/channels";
import { footprintSlice } from "./slices/footprint";
import { messagesSlice } from "./slices/messages";
import { selectionSlice } from "./slices/selection";
import { typingSlice } from "./slices/typing";
import { usersSlice } from "./slices/users";
import { api } from "./services/api";

export const CHAT_STORE_PARTS: readonly StorePart[] = [channelsSlice, usersSlice, messagesSlice, footprintSlice, typingSlice, selectionSlice, api];
