import { useState } from "react";
import { Link, useParams } from "react-router";
import { useTranslation } from "react-i18next";
import { useAppSelector } from "../../app/hooks";
import { selectIsMuted } from "../../app/selectors";
import { SettingsIcon, UserIcon } from "../../components/Icons";
import ConversationAside, { AsideButton, HeaderSearch, useChatAside } from "../../components/aside/ConversationAside";
import { BellOffIcon } from "../../components/aside/icons";
import Avatar, { avatarUrl } from "../../components/ui/Avatar";
import Loading from "../../components/Loading";
import ChatView from "./ChatView";
import { BlockedNotice, ContactPrompt } from "./ContactPrompt";
import { dmGate } from "./dmGate";
import NotFoundInLayout from "./NotFoundInLayout";

export default function DMChat() {
  const { t } = useTranslation("chat");
  const uid = Number(useParams().user_id);
  const user = useAppSelector((s) => s.users.byId[uid]);
  const remark = useAppSelector((s) => s.footprint.remarks[uid]);
  const usersLoaded = useAppSelector((s) => s.users.ids.length > 0);
  const muted = useAppSelector((s) => selectIsMuted(s, "dm", uid));
  const me = useAppSelector((s) => s.authData.user);
  const status = useAppSelector((s) => s.footprint.contacts[uid]) ?? "";
  const common = useAppSelector((s) => s.server.common);
  const { aside, setAside, toggle } = useChatAside("dm", uid);
  const [query, setQuery] = useState("");
  const [prevUid, setPrevUid] = useState(uid);
  if (prevUid !== uid) {
    setPrevUid(uid);
    setQuery("");
  }

  if (!Number.isInteger(uid) || uid <= 0 || (usersLoaded && !user)) return <NotFoundInLayout text={t("dm.not_found")} />;
  if (!user) return <Loading fullscreen={false} />;
  const name = remark || user.name;
  // Contact verification, DMs off, blocks: a prompt instead of a composer whose sends would fail.
  const gate = dmGate({ me: { uid: me?.uid ?? 0, is_admin: !!me?.is_admin }, peer: { uid, is_admin: !!user.is_admin }, status, common });

  return (
    <div className="relative flex h-full min-h-0">
      <div className="flex min-w-0 flex-1 flex-col">
        <ChatView
          kind="dm"
          id={uid}
          placeholder={t("composer.placeholder_dm", { name })}
          composerOverride={gate.kind === "open" ? undefined : <ContactPrompt gate={gate} uid={uid} name={name} />}
          composerNotice={gate.kind === "open" && gate.blockedByMe ? <BlockedNotice uid={uid} name={name} /> : undefined}
          header={
            <div className="flex min-w-0 flex-1 items-center gap-3">
              <Avatar name={user.name} seed={uid} src={avatarUrl(uid, user.avatar_updated_at)} size={32} online={!!user.online} />
              <div className="min-w-0 flex-1">
                <h1 className="flex items-center gap-1.5 text-[16px] leading-tight font-bold text-zinc-900 dark:text-white">
                  <span className="truncate" data-testid="channel-title">
                    {name}
                  </span>
                  {muted && <BellOffIcon size={14} className="shrink-0 text-zinc-400" aria-label={t("header.muted")} />}
                </h1>
                <p className="flex items-center gap-1.5 text-xs text-zinc-500 dark:text-zinc-400" data-testid="dm-presence">
                  <span className={user.online ? "size-1.5 rounded-full bg-emerald-500" : "size-1.5 rounded-full bg-zinc-400"} />
                  {user.online ? t("dm.online") : t("dm.offline")}
                </p>
              </div>
              <div className="flex shrink-0 items-center gap-1" role="toolbar" aria-label={t("header.tools")}>
                <HeaderSearch value={query} onChange={setQuery} onOpen={() => setAside("search")} active={aside === "search"} placeholder={t("search.placeholder_dm", { name })} />
                <AsideButton label={t("header.profile")} active={aside === "profile"} onClick={() => toggle("profile")} testId="profile-button">
                  <UserIcon size={17} />
                </AsideButton>
                <Link to={`/setting/dm/${uid}/overview`} className="icon-btn" aria-label={t("header.dm_settings")} title={t("header.dm_settings")}>
                  <SettingsIcon size={17} />
                </Link>
              </div>
            </div>
          }
          intro={
            <div className="px-5 pt-8 pb-4">
              <Avatar name={user.name} seed={uid} src={avatarUrl(uid, user.avatar_updated_at)} size={56} />
              <h2 className="mt-3 text-xl font-bold text-zinc-900 dark:text-white">{name}</h2>
              <p className="mt-1 text-sm text-zinc-500 dark:text-zinc-400">{t("dm.intro", { name })}</p>
            </div>
          }
        />
      </div>
      {aside && <ConversationAside kind="dm" id={uid} aside={aside} onClose={() => setAside(null)} query={query} onQueryChange={setQuery} name={name} />}
    </div>
  );
}
