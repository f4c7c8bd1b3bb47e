import { useTranslation } from "react-i18next";
import { useAppDispatch } from "../app/hooks";
import { toggleMenuExpand } from "../app/slices/ui";
import { MenuIcon } from "./Icons";

/** Opens the sidebar on narrow screens. */
export default function MenuButton() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  return (
    <button type="button" className="icon-btn -ml-1 md:hidden" aria-label={t("sidebar.open")} onClick={() => dispatch(toggleMenuExpand(true))}>
      <MenuIcon />
    </button>
  );
}
