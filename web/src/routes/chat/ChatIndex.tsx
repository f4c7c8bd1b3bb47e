import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useAppSelector } from "../../app/hooks";
import { AtIcon, ChatIcon, HashIcon } from "../../components/Icons";
import MenuButton from "../../components/MenuButton";
import Button from "../../components/ui/Button";
import EmptyState from "../../components/ui/EmptyState";
import CreateChannelModal from "../home/CreateChannelModal";
import NewMessageModal from "../home/NewMessageModal";

/** `/chat`: back to the remembered conversation, or an invitation to pick one. */
export default function ChatIndex() {
  const { t } = useTranslation("chat");
  const navigate = useNavigate();
  const remembered = useAppSelector((s) => s.ui.rememberedNavs.chat);
  const guest = useAppSelector((s) => s.authData.guest);
  const [dialog, setDialog] = useState<"channel" | "dm" | null>(null);

  useEffect(() => {
    if (remembered) navigate(remembered, { replace: true });
  }, [remembered, navigate]);

  return (
    <div className="flex h-full flex-col">
      <div className="flex h-14 items-center border-b border-zinc-200 px-4 md:hidden dark:border-zinc-800">
        <MenuButton />
      </div>
      <EmptyState className="flex-1" icon={<ChatIcon size={28} />} title={t("index.title")} description={guest ? t("index.desc_guest") : t("index.desc")}>
        {guest ? (
          <Button onClick={() => navigate("/login")}>{t("guest.sign_in", { ns: "common" })}</Button>
        ) : (
          <>
            <Button variant="secondary" icon={<HashIcon size={16} />} onClick={() => setDialog("channel")}>
              {t("create.title")}
            </Button>
            <Button variant="secondary" icon={<AtIcon size={16} />} onClick={() => setDialog("dm")}>
              {t("new_message.title")}
            </Button>
          </>
        )}
      </EmptyState>
      {dialog === "channel" && <CreateChannelModal onClose={() => setDialog(null)} />}
      {dialog === "dm" && <NewMessageModal onClose={() => setDialog(null)} />}
    </div>
  );
}
