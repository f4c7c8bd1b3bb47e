import { useParams } from "react-router";
import { useTranslation } from "react-i18next";
import { useAppSelector } from "../../app/hooks";
import { selectIsMuted } from "../../app/selectors";
import { UserIcon } from "../../components/Icons";
import { AsideButton, ConversationAside, HeaderSearch, useChatAside } from "../../components/aside/controls";
import Avatar, { avatarUrl } from "../../components/ui/Avatar";
import Loading from "../../components/Loading";
import ChatView from "./ChatView";
import CallButtons from "../../calls/CallButtons";
import { ChatWithAside, ConversationHeader, ConversationIntro, useHeaderQuery } from "./ConversationHeader";
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
  const [query, setQuery] = useHeaderQuery(uid);

  if (!Number.isInteger(uid) || uid <= 0 || (usersLoaded && !user)) return <NotFoundInLayout text={t("dm.not_found")} />;
  if (!user) return <Loading fullscreen={false} />;
  const name = remark || user.name;
  // Contact verification, DMs off, blocks: a prompt instead of a composer whose sends would fail.
  const gate = dmGate({ me: { uid: me?.uid ?? 0, is_admin: !!me?.is_admin }, peer: { uid, is_admin: !!user.is_admin }, status, common });

  return (
    <ChatWithAside aside={aside && <ConversationAside kind="dm" id={uid} aside={aside} onClose={() => setAside(null)} query={query} onQueryChange={setQuery} name={name} />}>
      <ChatView
        kind="dm"
        id={uid}
        placeholder={t("composer.placeholder_dm", { name })}
        composerOverride={gate.kind === "open" ? undefined : <ContactPrompt gate={gate} uid={uid} name={name} />}
        composerNotice={gate.kind === "open" && gate.blockedByMe ? <BlockedNotice uid={uid} name={name} /> : undefined}
        header={
          <ConversationHeader
            avatar={<Avatar name={user.name} seed={uid} src={avatarUrl(uid, user.avatar_updated_at)} size={32} online={!!user.online} />}
            title={name}
            muted={muted}
            subtitle={
              <p className="flex items-center gap-1.5 text-xs text-zinc-500 dark:text-zinc-400" data-testid="dm-presence">
                <span className={user.online ? "size-1.5 rounded-full bg-emerald-500" : "size-1.5 rounded-full bg-zinc-400"} />
                {user.online ? t("dm.online") : t("dm.offline")}
              </p>
            }
            settings={{ to: `/setting/dm/${uid}/overview`, label: t("header.dm_settings") }}
            tools={
              <>
                {gate.kind === "open" && !user.is_bot && <CallButtons target={{ uid }} />}
                <HeaderSearch value={query} onChange={setQuery} onOpen={() => setAside("search")} active={aside === "search"} placeholder={t("search.placeholder_dm", { name })} />
                <AsideButton label={t("header.profile")} active={aside === "profile"} onClick={() => toggle("profile")} testId="profile-button">
                  <UserIcon size={17} />
                </AsideButton>
              </>
            }
          />
        }
        intro={<ConversationIntro avatar={<Avatar name={user.name} seed={uid} src={avatarUrl(uid, user.avatar_updated_at)} size={56} />} title={name} description={t("dm.intro", { name })} />}
      />
    </ChatWithAside>
  );
}
