/** Ending a session locally: clear every slice and the stored auth, then go to /login. */
import { resetAuthData } from "./slices/auth.data";
import { resetChannels } from "./slices/channels";
import { resetFootprint } from "./slices/footprint";
import { resetMessages } from "./slices/messages";
import { resetUI } from "./slices/ui";
import { resetUsers } from "./slices/users";
import { navigateTo } from "../utils/navigation";
import { stopStreaming } from "./streaming/controller";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDispatch = (action: any) => any;

/** Reset all local data (spec §4 "Local data reset clears all slices and optionally auth"). */
export function resetLocalData(dispatch: AnyDispatch, withAuth = true) {
  stopStreaming();
  dispatch(resetMessages());
  dispatch(resetChannels());
  dispatch(resetUsers());
  dispatch(resetFootprint());
  dispatch(resetUI());
  if (withAuth) dispatch(resetAuthData());
}

/** Same tick, so the router and the store re-render together (no guard redirect in between). */
export function clearSession(dispatch: AnyDispatch) {
  resetLocalData(dispatch, true);
  navigateTo("/login");
}
