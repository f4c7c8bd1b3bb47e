import type { ReactNode } from "react";
import { useAppSelector } from "../../app/hooks";
import ServerLogo from "../ServerLogo";

/** Logo (the server's, or a given icon), title and description at the top of an auth card. */
export default function AuthHeader({ title, desc, icon }: { title: ReactNode; desc?: ReactNode; icon?: ReactNode }) {
  const name = useAppSelector((s) => s.server.name.trim()) || "Parley";
  return (
    <div className="flex flex-col items-center text-center">
      {icon ?? <ServerLogo name={name} size={56} />}
      <h1 className="mt-5 text-2xl font-bold tracking-tight text-balance text-zinc-900 dark:text-white">{title}</h1>
      {desc && <p className="mt-1.5 max-w-sm text-sm leading-relaxed text-zinc-500 dark:text-zinc-400">{desc}</p>}
    </div>
  );
}

/** The round tinted icon used by the state screens (sent, invalid, done). */
export function StateIcon({ children, tone = "primary" }: { children: ReactNode; tone?: "primary" | "success" | "warning" | "danger" }) {
  const tones = {
    primary: "bg-primary-100 text-primary-600 dark:bg-primary-950 dark:text-primary-300",
    success: "bg-emerald-100 text-emerald-600 dark:bg-emerald-950 dark:text-emerald-400",
    warning: "bg-amber-100 text-amber-600 dark:bg-amber-950 dark:text-amber-400",
    danger: "bg-red-100 text-red-600 dark:bg-red-950 dark:text-red-400",
  };
  return <span className={`flex size-14 items-center justify-center rounded-2xl ${tones[tone]}`}>{children}</span>;
}
