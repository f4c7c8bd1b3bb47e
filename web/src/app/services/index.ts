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
import { typingSlice } from "../slices/typing";
import { usersSlice } from "../slices/users";
import { authApi } from "./auth";
import { channelApi } from "./channel";
import { messageApi } from "./message";
import { serverApi } from "./server";
import { userApi } from "./user";
import { pinApi } from "./pin";
import { favoriteApi } from "./favorite";
import { selectionSlice } from "../../components/selection/selectionSlice";

inject(channelsSlice, usersSlice, messagesSlice, footprintSlice, typingSlice, authApi, userApi, channelApi, messageApi, serverApi, pinApi, favoriteApi, selectionSlice);

setupListeners(store.dispatch);

// A new session must not see the previous one's cached queries.
onLocalDataReset((dispatch) => {
  for (const api of [authApi, userApi, channelApi, messageApi, serverApi, pinApi, favoriteApi]) dispatch(api.util.resetApiState());
});

export { authApi, channelApi, favoriteApi, messageApi, pinApi, serverApi, userApi };
