/**
 * A picture (a channel's, one's own avatar) with the camera button that picks a new one: an image
 * file, sent on as a square PNG of `AVATAR_PX`; anything else (or an image the browser cannot
 * read) is refused with a toast.
 */
import { useRef, type ReactNode } from "react";
import { CameraIcon } from "../../components/aside/icons";
import IconButton from "../../components/ui/IconButton";
import { toSquarePng } from "../../utils/squarePng";
import { toast } from "../../utils/toast";

/** The picture is sent as a square PNG of this size (the server caps avatars at 512 KiB). */
export const AVATAR_PX = 256;

export default function PicturePicker({
  picture,
  round,
  label,
  hint,
  editable = true,
  busy,
  wrongType,
  onPicked,
  testId,
}: {
  picture: ReactNode;
  /** A round picture: the button sits closer to it. */
  round?: boolean;
  /** The camera button's name. */
  label: string;
  hint?: ReactNode;
  editable?: boolean;
  busy: boolean;
  /** The toast for a file that is not a readable image. */
  wrongType: string;
  onPicked: (png: Blob) => Promise<unknown>;
  /** The file input's (the e2e tests set files on it). */
  testId: string;
}) {
  const file = useRef<HTMLInputElement>(null);
  const pick = async (f: File | undefined) => {
    if (!f) return;
    let png: Blob;
    try {
      if (!f.type.startsWith("image/")) throw new Error("not an image");
      png = await toSquarePng(f, AVATAR_PX);
    } catch {
      toast.error(wrongType);
      return;
    }
    await onPicked(png);
  };
  return (
    <div className="flex shrink-0 flex-col items-center gap-2">
      <div className="relative">
        {picture}
        {editable && (
          <IconButton
            bare
            label={label}
            onClick={() => file.current?.click()}
            disabled={busy}
            className={`absolute ${round ? "-right-1 -bottom-1" : "-right-1.5 -bottom-1.5"} flex size-8 items-center justify-center rounded-full border border-zinc-200 bg-white text-zinc-600 shadow-sm transition hover:text-primary-600 focus-visible:ring-3 focus-visible:ring-primary-500/30 focus-visible:outline-none disabled:opacity-60 dark:border-zinc-700 dark:bg-zinc-800 dark:text-zinc-300`}
          >
            <CameraIcon size={15} />
          </IconButton>
        )}
      </div>
      {hint && <p className="text-xs text-zinc-500 dark:text-zinc-400">{hint}</p>}
      {editable && <input ref={file} type="file" accept="image/*" className="hidden" data-testid={testId} onChange={(e) => void pick(e.target.files?.[0]).finally(() => (e.target.value = ""))} />}
    </div>
  );
}
