import { useTranslation } from "react-i18next";
import { useAppDispatch, useAppSelector } from "../app/hooks";
import { setSidebarCollapsed, toggleMenuExpand } from "../app/slices/ui";
import { MenuIcon } from "./Icons";
import IconButton from "./ui/IconButton";

/** Opens the conversation list: the drawer on narrow screens, the collapsed list on wide ones. */
export default function MenuButton() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const collapsed = useAppSelector((s) => s.ui.sidebarCollapsed);
  const open = () => {
    if (collapsed && window.matchMedia?.("(min-width: 768px)").matches) dispatch(setSidebarCollapsed(false));
    else dispatch(toggleMenuExpand(true));
  };
  return (
    <IconButton label={t("sidebar.open")} className={collapsed ? "-ml-1" : "-ml-1 md:hidden"} onClick={open}>
      <MenuIcon />
    </IconButton>
  );
}
