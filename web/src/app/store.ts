import { configureStore } from "@reduxjs/toolkit";
import { setupListeners } from "@reduxjs/toolkit/query";
import authData from "./slices/auth.data";
import channels from "./slices/channels";
import footprint from "./slices/footprint";
import messages from "./slices/messages";
import ui from "./slices/ui";
import users from "./slices/users";
import { authApi } from "./services/auth";
import { channelApi } from "./services/channel";
import { messageApi } from "./services/message";
import { serverApi } from "./services/server";
import { userApi } from "./services/user";

export const store = configureStore({
  reducer: {
    authData,
    channels,
    users,
    messages,
    footprint,
    ui,
    [authApi.reducerPath]: authApi.reducer,
    [userApi.reducerPath]: userApi.reducer,
    [channelApi.reducerPath]: channelApi.reducer,
    [messageApi.reducerPath]: messageApi.reducer,
    [serverApi.reducerPath]: serverApi.reducer,
  },
  middleware: (getDefault) =>
    getDefault({ serializableCheck: false, immutableCheck: false }).concat(
      authApi.middleware,
      userApi.middleware,
      channelApi.middleware,
      messageApi.middleware,
      serverApi.middleware,
    ),
});

setupListeners(store.dispatch);

export type RootState = ReturnType<typeof store.getState>;
export type AppDispatch = typeof store.dispatch;
