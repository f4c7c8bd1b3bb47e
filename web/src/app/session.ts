/** Ending a session locally: clear every slice and the stored auth, then go to /login. */
import { resetAll } from "./actions";
import { resetAuthData } from "./slices/auth.data";
import { navigateTo } from "../utils/navigation";
import { removeLocalPrefix } from "../utils/storage";
import { KEY_DRAFT_PREFIX } from "./config";
import type { AppDispatch } from "./store";

/** Extra resets registered by lazily loaded modules (the RTK Query caches). */
const resetHooks: ((dispatch: AppDispatch) => void)[] = [];
export function onLocalDataReset(hook: (dispatch: AppDispatch) => void) {
  resetHooks.push(hook);
}

/** Reset all local data, and optionally auth. The event stream stops with the session. */
export function resetLocalData(dispatch: AppDispatch, withAuth = true) {
  dispatch(resetAll());
  for (const hook of resetHooks) hook(dispatch);
  // Unsent drafts belong to the session that wrote them.
  removeLocalPrefix(KEY_DRAFT_PREFIX);
  if (withAuth) dispatch(resetAuthData());
}

/** Same tick, so the router and the store re-render together (no guard redirect in between). */
export function clearSession(dispatch: AppDispatch) {
  resetLocalData(dispatch, true);
  navigateTo("/login");
}
