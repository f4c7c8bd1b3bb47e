/**
 * The boot calls (as the VoceChat web client makes them), once per page load. main.tsx starts them
 * before the first render, in parallel with the translations; Root starts them too (component tests
 * render the routes without main.tsx), which is then a no-op.
 */
import { fetchInitialized, fetchLoginConfig, fetchServer, fetchServerVersion, fetchSMTPStatus } from "./slices/server";
import type { AppDispatch } from "./store";

let started = false;

export function startBootRequests(dispatch: AppDispatch) {
  if (started) return;
  started = true;
  void dispatch(fetchInitialized());
  void dispatch(fetchServer());
  void dispatch(fetchLoginConfig());
  void dispatch(fetchServerVersion());
  void dispatch(fetchSMTPStatus());
}
