/**
 * What every row of one list asks the store the same question about: the chat layout, the
 * channel's pinned messages, multi-select mode and its ticks. Read once by the list and handed to
 * the rows through a context: a row subscribed to the store some seven times (selection, layout,
 * pins), which mounting a screenful of rows and every store update paid for each row. Also the
 * list's "mounting in bulk" mark, which lets rows put off their toolbars (`useToolbarMounted`).
 */
import { createContext, useContext, useDeferredValue, useMemo, useRef, useState } from "react";
import { useAppSelector } from "../../app/hooks";
import type { PinnedMessage } from "@parley/protocol";
import { selectSelection } from "../../app/slices/selection";
import { selectChatLayout } from "./content/layout";

export interface RowState {
  /** The "SelfRight" layout: own messages are drawn on the right. */
  selfRight: boolean;
  /** Pinned mid → who pinned it (channels). */
  pinnedBy: ReadonlyMap<number, number>;
  /** The conversation is in multi-select mode. */
  selecting: boolean;
  ticked: ReadonlySet<number>;
  /** Until when rows mounting count as mounting in bulk (see `useToolbarMounted`); the list moves it. */
  bulk: { until: number };
}

const NO_PINS: PinnedMessage[] = [];

/** The list's row state, for the conversation of `selectionKey` (and channel `gid`). */
export function useRowStateOf(selectionKey: string | undefined, gid: number | undefined): RowState {
  const layout = useAppSelector(selectChatLayout);
  const pins = useAppSelector((s) => (gid === undefined ? NO_PINS : (s.channels.byId[gid]?.pinned_messages ?? NO_PINS)));
  const ticked = useAppSelector((s) => (selectionKey ? selectSelection(s, selectionKey) : undefined));
  const bulk = useRef({ until: 0 }).current;
  return useMemo(
    () => ({
      selfRight: layout === "SelfRight",
      pinnedBy: new Map(pins.map((p) => [p.mid, p.created_by])),
      selecting: !!ticked,
      ticked: new Set(ticked),
      bulk,
    }),
    [layout, pins, ticked, bulk],
  );
}

export const RowStateContext = createContext<RowState>({ selfRight: false, pinnedBy: new Map(), selecting: false, ticked: new Set(), bulk: { until: 0 } });

export const useRowState = () => useContext(RowStateContext);

/** Whether this message is drawn on the right as a bubble ("SelfRight": own messages only). */
export function isSelfRight(state: RowState, fromUid: number, me: number | undefined): boolean {
  return state.selfRight && me !== undefined && fromUid === me;
}

/** A row mounting this soon after the list scrolled (or took a page of history) mounts in bulk. */
const BULK_MS = 200;

export function markBulkMount(mark: { until: number }) {
  mark.until = performance.now() + BULK_MS;
}

/**
 * Whether a row's toolbar (hidden until the row is hovered or focused) is mounted. Rows mounting
 * in bulk — a screenful at once while scrolling, a page of history — mount theirs in a deferred,
 * time-sliced render after them: what shows costs one short task, the toolbars follow in slices.
 * A row mounting otherwise (a conversation opening, a new message) has its toolbar at once.
 */
export function useToolbarMounted(): boolean {
  const { bulk } = useRowState();
  const [inBulk] = useState(() => performance.now() < bulk.until);
  return useDeferredValue(true, !inBulk);
}
