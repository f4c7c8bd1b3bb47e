/**
 * A stand-in for react-virtuoso in screen tests: happy-dom lays nothing out, so the real
 * virtualized list renders no rows. This one renders every row in a plain list, answers the
 * handle's scroll calls with nothing, and, as nothing has a height, has its top in view: it calls
 * `startReached` whenever its rows change, as the real list does when scrolled to the top.
 *
 *   vi.mock("react-virtuoso", () => import("../../test/plainVirtuoso"));
 */
import { createElement, forwardRef, useEffect, useImperativeHandle, type ComponentType, type ReactNode, type Ref } from "react";

interface Props {
  data?: unknown[];
  firstItemIndex?: number;
  role?: string;
  "aria-label"?: string;
  computeItemKey?: (index: number, item: unknown) => string;
  itemContent: (index: number, item: unknown) => ReactNode;
  startReached?: (index: number) => void;
  components?: { List?: ComponentType<{ children?: ReactNode }>; Header?: ComponentType; Footer?: ComponentType };
}

export const Virtuoso = forwardRef(function Virtuoso(props: Props, ref: Ref<unknown>) {
  useImperativeHandle(ref, () => ({ scrollToIndex() {}, scrollTo() {}, scrollBy() {} }));
  const { data = [], firstItemIndex = 0, components = {}, startReached } = props;
  const List = components.List ?? "div";
  const { Header, Footer } = components;
  const first = data[0];
  useEffect(() => {
    startReached?.(firstItemIndex);
    // Once per new first row, as the real list.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [first]);
  return createElement(
    "div",
    { role: props.role, "aria-label": props["aria-label"] },
    Header ? createElement(Header) : null,
    createElement(
      List,
      null,
      data.map((item, i) => createElement("div", { key: props.computeItemKey?.(firstItemIndex + i, item) ?? i, "data-index": firstItemIndex + i }, props.itemContent(firstItemIndex + i, item))),
    ),
    Footer ? createElement(Footer) : null,
  );
});
