import type { ReactNode } from "react";
import { useAppSelector } from "../app/hooks";
import { errorText } from "../app/services/errors";
import { versionAtLeast } from "../utils/version";
import { AlertIcon } from "./Icons";
import EmptyState from "./ui/EmptyState";

/**
 * Shows its children only when the server is at least `version`; otherwise the server-version-too-old
 * notice: 'This function needs server version X at least' / 'Please upgrade the Server!'.
 */
export default function ServerVersionChecker({ version, children, empty }: { version: string; children: ReactNode; empty?: boolean }) {
  const current = useAppSelector((s) => s.server.version);
  if (versionAtLeast(current, version)) return <>{children}</>;
  if (empty) return null;
  return (
    <EmptyState tone="warning" icon={<AlertIcon size={28} />} title={errorText("versionNeeded", { version })} description={errorText("upgradeServer")}>
      <span className="rounded-md bg-zinc-100 px-2 py-1 font-mono text-xs text-zinc-500 dark:bg-zinc-800 dark:text-zinc-400" data-testid="server-version">
        {current ?? "?"} → {version}
      </span>
    </EmptyState>
  );
}
