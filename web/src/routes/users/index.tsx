/**
 * `/users` and `/users/{user_id}`: the member directory (admins, then bots, then
 * members, with counts; searchable, filtered by contact status) and a member's profile
 * with the contact actions and the remark.
 */
import { useTranslation } from "react-i18next";
import { useNavigate, useParams } from "react-router";
import clsx from "clsx";
import { useAppSelector } from "../../app/hooks";
import { ArrowLeftIcon, UsersIcon } from "../../components/Icons";
import Button from "../../components/ui/Button";
import EmptyState from "../../components/ui/EmptyState";
import Directory from "./Directory";
import Profile from "./Profile";

export default function UsersPage() {
  const { t } = useTranslation("member");
  const navigate = useNavigate();
  const selected = Number(useParams().user_id);
  const user = useAppSelector((s) => (Number.isInteger(selected) ? s.users.byId[selected] : undefined));

  return (
    <div className="flex h-full min-h-0">
      <Directory className={clsx(user && "hidden md:flex")} />
      <section className={clsx("min-w-0 flex-1 flex-col bg-white dark:bg-zinc-900", user ? "flex" : "hidden md:flex")} aria-label={user ? t("profile") : undefined}>
        {user ? (
          <>
            <div className="flex h-14 shrink-0 items-center border-b border-zinc-200 px-3 md:hidden dark:border-zinc-800">
              <Button variant="ghost" size="sm" icon={<ArrowLeftIcon size={16} />} onClick={() => navigate("/users")}>
                {t("title")}
              </Button>
            </div>
            <Profile key={user.uid} user={user} />
          </>
        ) : (
          <EmptyState className="flex-1" icon={<UsersIcon size={28} />} title={t("pick_title")} description={t("pick_desc")} />
        )}
      </section>
    </div>
  );
}
