/** The chat layout choice of the account settings page: left, or own messages on the right. */
import type { ChatLayoutMode } from "@parley/protocol";
import clsx from "clsx";
import { useTranslation } from "react-i18next";
import { useAppDispatch } from "../../../app/hooks";
import { setChatLayout } from "../../../app/slices/ui";
import RadioCards from "../../ui/RadioCards";
import { useChatLayout } from "./layout";

/** A tiny drawing of the layout (in the icon tile's colour): rows of message lines, mine on the right or on the left. */
function LayoutSketch({ right }: { right: boolean }) {
  const line = (mine: boolean, w: string) => (
    <span className={clsx("flex items-center gap-1", mine && right && "flex-row-reverse")}>
      <span className={clsx("size-1.5 shrink-0 rounded-full bg-current", !mine && "opacity-50")} />
      <span className={clsx("h-1 rounded-full bg-current", w, mine ? "opacity-90" : "opacity-40")} />
    </span>
  );
  return (
    <span className="flex w-full flex-col gap-1" aria-hidden="true">
      {line(false, "w-3/5")}
      {line(true, "w-2/5")}
      {line(false, "w-1/2")}
    </span>
  );
}

export default function ChatLayoutSetting() {
  const { t } = useTranslation("chat");
  const dispatch = useAppDispatch();
  const layout = useChatLayout();
  return (
    <section className="space-y-3" data-testid="chat-layout-setting">
      <div>
        <h2 className="text-sm font-semibold text-zinc-900 dark:text-zinc-100">{t("content.layout.title")}</h2>
        <p className="text-sm text-zinc-500 dark:text-zinc-400">{t("content.layout.desc")}</p>
      </div>
      <RadioCards<ChatLayoutMode>
        label={t("content.layout.title")}
        value={layout}
        onChange={(mode) => dispatch(setChatLayout(mode))}
        options={[
          { value: "Left", title: t("content.layout.left"), description: t("content.layout.left_desc"), icon: <span className="w-6"><LayoutSketch right={false} /></span> },
          { value: "SelfRight", title: t("content.layout.right"), description: t("content.layout.right_desc"), icon: <span className="w-6"><LayoutSketch right /></span> },
        ]}
      />
    </section>
  );
}
