/**
 * A page that opens on the main layout with a stored session starts the event stream as soon as
 * this small chunk is here (routes/index.tsx `preloadSession`), in parallel with the translations
 * and the first render, instead of from HomeLayout's effect after that render: the channels and
 * the backlog are then in the store when the conversation first renders. HomeLayout's
 * `useStreaming` finds the stream running and owns it from then on (it stops it when the layout
 * unmounts, the tab goes inactive or the session ends). As `useTabGuard` does before its stream,
 * the tab first announces itself, so an older tab stops its stream before the server kicks it.
 */
import "../../app/services";
import { store } from "../../app/store";
import { startStreaming } from "../../app/streaming/controller";
import { announceTab } from "../../hooks/useTabGuard";
import i18n from "../../i18n";
import { warmDateFormats } from "../../utils/dates";

export function startStreamEarly() {
  const { authData } = store.getState();
  if (!authData.token || !authData.user) return;
  announceTab();
  startStreaming(store);
  // While the stream and the translations are on their way (see warmDateFormats).
  void warmDateFormats(i18n.language);
}
