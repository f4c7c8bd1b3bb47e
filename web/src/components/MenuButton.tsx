import { useTranslation } from "react-i18next";
import { useAppDispatch } from "../app/hooks";
import { toggleMenuExpand } from "../app/slices/ui";
import { MenuIcon } from "./Icons";
import IconButton from "./ui/IconButton";

/** Opens the conversation list on narrow screens. */
export default function MenuButton() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  return (
    <IconButton label={t("sidebar.open")} className="-ml-1 md:hidden" onClick={() => dispatch(toggleMenuExpand(true))}>
      <MenuIcon />
    </IconButton>
  );
}
