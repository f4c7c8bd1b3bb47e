import { Outlet } from "react-router";
import clsx from "clsx";
import { useAppDispatch, useAppSelector } from "../../app/hooks";
import { toggleMenuExpand } from "../../app/slices/ui";
import Sidebar from "../home/Sidebar";

/** The chat frame: the conversation list (a drawer on narrow screens) and the routed conversation. */
export default function ChatLayout() {
  const dispatch = useAppDispatch();
  const menuExpand = useAppSelector((s) => s.ui.menuExpand);
  // Wide screens can hide the list (the header's menu button brings it back).
  const collapsed = useAppSelector((s) => s.ui.sidebarCollapsed);
  return (
    // overflow-hidden: the closed drawer (translated off to the left) must not show over the navigation rail.
    <div className="relative flex h-full min-h-0 overflow-hidden">
      <div
        className={clsx(
          "absolute inset-y-0 left-0 z-30 w-72 shrink-0 transition-transform md:static md:w-64 md:translate-x-0 lg:w-72",
          menuExpand ? "translate-x-0 shadow-2xl" : "-translate-x-full",
          collapsed && "md:hidden",
        )}
      >
        <Sidebar />
      </div>
      {menuExpand && <div className="absolute inset-0 z-20 bg-black/30 md:hidden" aria-hidden="true" onClick={() => dispatch(toggleMenuExpand(false))} />}
      <div className="flex min-w-0 flex-1 flex-col">
        <Outlet />
      </div>
    </div>
  );
}
