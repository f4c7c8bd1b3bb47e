import { useCallback, useEffect, useRef, useState } from "react";
import { COPIED_FLAG_MS } from "@parley/protocol";
import i18n from "../i18n";
import { toast } from "../utils/toast";

async function writeClipboard(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // No clipboard permission (or an insecure context): the old way.
    const area = document.createElement("textarea");
    area.value = text;
    area.setAttribute("readonly", "");
    area.style.position = "fixed";
    area.style.opacity = "0";
    document.body.appendChild(area);
    area.select();
    let ok = false;
    try {
      ok = document.execCommand("copy");
    } catch {
      ok = false;
    }
    area.remove();
    return ok;
  }
}

/** The copy helper: copies, toasts "Copied!", and raises `copied` for 500 ms. */
export default function useCopy() {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const copy = useCallback(async (text: string, silent = false) => {
    const ok = await writeClipboard(text);
    if (!ok) return false;
    if (!silent) toast.success(i18n.t("tip.copied", { ns: "common" }));
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPIED_FLAG_MS);
    return true;
  }, []);
  return { copy, copied };
}
