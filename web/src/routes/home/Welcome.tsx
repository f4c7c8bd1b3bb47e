import { useState } from "react";
import { useNavigate } from "react-router";
import { useTranslation } from "react-i18next";
import { useAppSelector } from "../../app/hooks";
import { AtIcon, HashIcon } from "../../components/Icons";
import MenuButton from "../../components/MenuButton";
import ServerLogo from "../../components/ServerLogo";
import CreateChannelModal from "./CreateChannelModal";

/** The home screen of the main layout. */
export default function Welcome() {
  const { t } = useTranslation("welcome");
  const navigate = useNavigate();
  const serverName = useAppSelector((s) => s.server.name);
  const me = useAppSelector((s) => s.authData.user);
  const firstOther = useAppSelector((s) => s.users.ids.find((uid) => uid !== s.authData.user?.uid));
  const firstChannel = useAppSelector((s) => s.channels.ids[0]);
  const [creating, setCreating] = useState(false);
  const name = serverName.trim() || "Parley";

  const cards = [
    {
      key: "channel",
      Icon: HashIcon,
      title: t("home.create_channel"),
      desc: t("home.create_channel_desc"),
      onClick: () => setCreating(true),
    },
    {
      key: "dm",
      Icon: AtIcon,
      title: t("home.send_dm"),
      desc: firstOther ? t("home.send_dm_desc") : t("home.send_dm_empty"),
      onClick: () => firstOther && navigate(`/chat/dm/${firstOther}`),
      disabled: !firstOther,
    },
  ];

  return (
    <div className="flex h-full flex-col">
      <div className="flex h-14 items-center border-b border-zinc-200 px-4 md:hidden dark:border-zinc-800">
        <MenuButton />
      </div>
      <div className="flex flex-1 items-center justify-center overflow-y-auto p-6">
        <div className="w-full max-w-xl text-center">
          <ServerLogo name={name} size={56} className="mx-auto mb-5 shadow-lg shadow-primary-600/20" />
          <h1 className="text-2xl font-bold tracking-tight text-zinc-900 dark:text-white">
            {t("home.title", { name })}
          </h1>
          <p className="mt-2 text-sm text-zinc-500 dark:text-zinc-400">{t("home.desc", { name: me?.name ?? "" })}</p>
          <div className="mt-8 grid gap-3 sm:grid-cols-2">
            {cards.map(({ key, Icon, title, desc, onClick, disabled }) => (
              <button
                key={key}
                type="button"
                onClick={onClick}
                disabled={disabled}
                className="group flex flex-col items-start gap-3 rounded-xl border border-zinc-200 bg-white p-5 text-left transition hover:border-primary-300 hover:shadow-md focus-visible:ring-3 focus-visible:ring-primary-500/30 focus-visible:outline-none disabled:cursor-not-allowed disabled:opacity-60 dark:border-zinc-800 dark:bg-zinc-900 dark:hover:border-primary-700"
              >
                <span className="flex size-10 items-center justify-center rounded-lg bg-primary-50 text-primary-600 dark:bg-primary-950 dark:text-primary-300">
                  <Icon size={20} />
                </span>
                <span>
                  <span className="block font-semibold text-zinc-900 dark:text-zinc-100">{title}</span>
                  <span className="mt-0.5 block text-sm text-zinc-500 dark:text-zinc-400">{desc}</span>
                </span>
              </button>
            ))}
          </div>
          {firstChannel !== undefined && (
            <button type="button" className="btn-ghost mt-6" onClick={() => navigate(`/chat/channel/${firstChannel}`)}>
              {t("home.open_channel")}
            </button>
          )}
        </div>
      </div>
      {creating && <CreateChannelModal onClose={() => setCreating(false)} />}
    </div>
  );
}
