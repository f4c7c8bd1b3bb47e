/**
 * `/invite_private/{channel_id}?magic_token=…`: the server's logo and name, the channel
 * card (`GET /api/group/{id}`) and one of three texts while the token is checked
 * (`POST /api/user/check_magic_token`). Join (`POST /api/user/join_private`) is disabled while
 * checking or when the link is invalid; 409 and 412 are explained; success opens the channel and
 * reloads the page.
 */
import "../../styles/app.css";
import "../../app/services";
import { useState } from "react";
import { Trans, useTranslation } from "react-i18next";
import { useNavigate, useParams, useSearchParams } from "react-router";
import { useAppSelector } from "../../app/hooks";
import { useCheckMagicTokenMutation } from "../../app/services/auth";
import { useGetChannelQuery, useJoinPrivateChannelMutation } from "../../app/services/channel";
import { errorText } from "../../app/services/errors";
import { useRunOnce } from "../../hooks/useRunOnce";
import AuthShell from "../../components/AuthShell";
import { LockIcon, UsersIcon } from "../../components/Icons";
import ServerLogo from "../../components/ServerLogo";
import Alert from "../../components/ui/Alert";
import Button from "../../components/ui/Button";

export default function InvitePrivate() {
  const { t } = useTranslation("auth");
  const navigate = useNavigate();
  const gid = Number(useParams().channel_id);
  const [query] = useSearchParams();
  const magicToken = query.get("magic_token") ?? new URLSearchParams(window.location.search).get("magic_token") ?? "";
  const serverName = useAppSelector((s) => s.server.name.trim()) || "Parley";
  // The card may be hidden from non-members: the invitation then reads without the name.
  const { data: channel } = useGetChannelQuery(gid, { skip: !Number.isInteger(gid) || gid <= 0 });
  const [check, { data: valid, error: checkError, isLoading: checking, isUninitialized }] = useCheckMagicTokenMutation();
  const [join, { isLoading: joining }] = useJoinPrivateChannelMutation();
  const [alert, setAlert] = useState<string | null>(null);

  useRunOnce(!!magicToken, () => void check(magicToken));

  const pending = !!magicToken && (checking || isUninitialized);
  // A server without the check route (404) leaves the verdict to the join itself (409).
  const uncheckable = (checkError as { status?: unknown } | undefined)?.status === 404;
  const invalid = !magicToken || (!pending && valid !== true && !uncheckable);

  const onJoin = async () => {
    setAlert(null);
    const res = await join({ magic_token: magicToken });
    if ("data" in res && res.data) {
      navigate(`/chat/channel/${res.data.gid ?? gid}`, { replace: true });
      window.location.reload();
      return;
    }
    const status = (res.error as { status?: unknown }).status;
    if (status === 409) setAlert(errorText("inviteInvalid"));
    else if (status === 412) setAlert(errorText("alreadyInChannel"));
    else setAlert(t("invite_private.failed"));
  };

  return (
    <AuthShell>
      <div className="flex flex-col items-center text-center">
        <ServerLogo name={serverName} size={64} />
        <p className="mt-4 text-lg font-bold text-zinc-900 dark:text-white" data-testid="server-name">
          {serverName}
        </p>
      </div>
      <div className="mt-6 rounded-xl border border-zinc-200 bg-zinc-50/70 p-5 text-center dark:border-zinc-800 dark:bg-zinc-800/40">
        {!invalid && !pending ? (
          <>
            <span className="mx-auto flex size-11 items-center justify-center rounded-xl bg-primary-100 text-primary-600 dark:bg-primary-950 dark:text-primary-300">
              <LockIcon size={20} />
            </span>
            <p className="mt-3 text-[15px] text-zinc-700 dark:text-zinc-200" data-testid="invite-text">
              {channel ? (
                <Trans
                  t={t}
                  i18nKey="invite_private.invited"
                  values={{ name: channel.name }}
                  components={{ strong: <strong className="font-bold text-primary-600 dark:text-primary-400" /> }}
                />
              ) : (
                t("invite_private.invited_unnamed")
              )}
            </p>
            {channel?.description && <p className="mt-1 text-sm text-zinc-500 dark:text-zinc-400">{channel.description}</p>}
            {channel && (
              <p className="mt-3 inline-flex items-center gap-1.5 text-xs text-zinc-500 dark:text-zinc-400">
                <UsersIcon size={14} />
                {t("invite_private.members", { count: channel.members.length })}
              </p>
            )}
          </>
        ) : (
          <p className="py-2 text-sm text-zinc-600 dark:text-zinc-300" data-testid="invite-text">
            {pending ? t("invite_private.checking") : errorText("inviteInvalid")}
          </p>
        )}
      </div>
      {alert && (
        <Alert tone="error" className="mt-4">
          {alert}
        </Alert>
      )}
      <Button block size="lg" className="mt-6" disabled={pending || invalid} loading={joining} onClick={() => void onJoin()}>
        {t("invite_private.join")}
      </Button>
      <Button block variant="ghost" className="mt-2" onClick={() => navigate("/", { replace: true })}>
        {t("invite_private.not_now")}
      </Button>
    </AuthShell>
  );
}
