/**
 * The chat part of the store: injects the data slices and the RTK Query APIs. Imported by every
 * lazy chunk that uses them (main layout, onboarding) before anything renders.
 */
import { setupListeners } from "@reduxjs/toolkit/query";
import { onLocalDataReset } from "../session";
import { inject, store } from "../store";
import { channelsSlice } from "../slices/channels";
import { footprintSlice } from "../slices/footprint";
import { messagesSlice } from "../slices/messages";
import { usersSlice } from "../slices/users";
import { authApi } from "./auth";
import { channelApi } from "./channel";
import { messageApi } from "./message";
import { serverApi } from "./server";
import { userApi } from "./user";

inject(channelsSlice, usersSlice, messagesSlice, footprintSlice, authApi, userApi, channelApi, messageApi, serverApi);

setupListeners(store.dispatch);

// A new session must not see the previous one's cached queries.
onLocalDataReset((dispatch) => {
  for (const api of [authApi, userApi, channelApi, messageApi, serverApi]) dispatch(api.util.resetApiState());
});

export { authApi, channelApi, messageApi, serverApi, userApi };
