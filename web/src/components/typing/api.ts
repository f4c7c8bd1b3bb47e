/** `POST /api/user/typing` (Parley addition, docs/API.md "Users"), added to the app's API. */
import type { TypingRequest } from "@parley/protocol";
import { api } from "../../app/services/api";

export const typingApi = api.injectEndpoints({
  endpoints: (builder) => ({
    // Silent on failure (config SILENT_ENDPOINTS): a refused notice is not worth a toast.
    sendTyping: builder.mutation<null, TypingRequest>({
      query: (body) => ({ url: "/user/typing", method: "POST", body }),
    }),
  }),
});

export const { useSendTypingMutation } = typingApi;
