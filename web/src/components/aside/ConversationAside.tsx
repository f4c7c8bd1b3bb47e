import { lazy, Suspense, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { ConvKind } from "../../app/slices/messages";
import type { ChatAside } from "../../app/slices/ui";
import { SearchIcon, Spinner, UserIcon, UsersIcon } from "../Icons";
import AsideFrame from "./AsideFrame";
import { PinIcon } from "./icons";

// The panels load when first opened.
const MembersPanel = lazy(() => import("./MembersPanel"));
const PinnedPanel = lazy(() => import("../pins/PinnedPanel"));
const SearchPanel = lazy(() => import("../search/SearchPanel"));
const ProfilePanel = lazy(() => import("./ProfilePanel"));

const fallback = (
  <div className="flex flex-1 justify-center py-10 text-zinc-400">
    <Spinner size={20} />
  </div>
);

interface Props {
  kind: ConvKind;
  id: number;
  aside: ChatAside;
  onClose: () => void;
  query: string;
  onQueryChange: (q: string) => void;
  /** The conversation's name, for the panel titles. */
  name: string;
}

/** The open side panel of a conversation: members, pinned messages, search, or the DM profile. */
export default function ConversationAside({ kind, id, aside, onClose, query, onQueryChange, name }: Props) {
  const { t } = useTranslation("chat");
  const closeOnNarrow = () => {
    // On narrow screens the panel covers the conversation: get out of the way of the result.
    if (!window.matchMedia?.("(min-width: 1024px)").matches) onClose();
  };
  let title: string;
  let icon: ReactNode;
  let body: ReactNode;
  if (aside === "members" && kind === "channel") {
    title = t("aside.members");
    icon = <UsersIcon size={18} />;
    body = <MembersPanel gid={id} />;
  } else if (aside === "pins" && kind === "channel") {
    title = t("aside.pins");
    icon = <PinIcon size={18} />;
    body = <PinnedPanel gid={id} />;
  } else if (aside === "search") {
    title = t("aside.search");
    icon = <SearchIcon size={18} />;
    body = <SearchPanel kind={kind} id={id} query={query} onQueryChange={onQueryChange} onShown={closeOnNarrow} />;
  } else if (aside === "profile" && kind === "dm") {
    title = t("aside.profile");
    icon = <UserIcon size={18} />;
    body = <ProfilePanel uid={id} />;
  } else {
    return null;
  }
  return (
    <AsideFrame title={title} subtitle={kind === "channel" ? `#${name}` : name} icon={icon} onClose={onClose} testId={`aside-${aside}`}>
      <Suspense fallback={fallback}>{body}</Suspense>
    </AsideFrame>
  );
}
