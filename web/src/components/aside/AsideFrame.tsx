import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { CloseIcon } from "../Icons";
import IconButton from "../ui/IconButton";
import PageHeader from "../ui/PageHeader";

/**
 * The side panel beside a conversation: a column on wide screens, a sheet over the conversation
 * on narrow ones. Its content fills the body (and scrolls itself).
 */
export default function AsideFrame({ title, subtitle, icon, onClose, children, testId }: { title: string; subtitle?: ReactNode; icon?: ReactNode; onClose: () => void; children: ReactNode; testId?: string }) {
  const { t } = useTranslation("chat");
  return (
    <aside
      aria-label={title}
      data-testid={testId}
      className="absolute inset-y-0 right-0 z-30 flex w-full max-w-sm animate-pop-in flex-col border-l border-zinc-200 bg-white shadow-2xl sm:w-96 lg:static lg:z-auto lg:w-80 lg:max-w-none lg:animate-none lg:shadow-none dark:border-zinc-800 dark:bg-zinc-900"
    >
      <PageHeader
        panel
        title={title}
        subtitle={subtitle}
        icon={icon}
        actions={
          <IconButton label={t("aside.close")} onClick={onClose}>
            <CloseIcon size={18} />
          </IconButton>
        }
      />
      <div className="flex min-h-0 flex-1 flex-col">{children}</div>
    </aside>
  );
}
