import { LockIcon } from "../../components/Icons";

/** Above a disabled composer: why this member may not write here (the channel is for its owner and admins). */
export default function SendRestrictedNotice({ text }: { text: string }) {
  return (
    <div className="shrink-0 px-4 pb-1.5 sm:px-5" role="status" data-testid="send-restricted">
      <p className="flex items-center gap-1.5 text-xs font-medium text-zinc-500 dark:text-zinc-400">
        <LockIcon size={13} className="shrink-0" />
        {text}
      </p>
    </div>
  );
}
