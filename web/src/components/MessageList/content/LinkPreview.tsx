/**
 * Link previews under a text or markdown message. The links are found here; the cards (and the
 * Open Graph query behind them, `LinkPreviewCards.tsx`) load with the first message that has one.
 * A card waits for the server's answer anyway, so it shows a moment after its message either way.
 */
import { lazy, Suspense, useMemo } from "react";
import { extractUrls } from "./links";

const LinkPreviewCards = lazy(() => import("./LinkPreviewCards"));

/** Links previewed per message. */
const MAX_PREVIEWS = 2;

export default function LinkPreviews({ text, markdown }: { text: string; markdown: boolean }) {
  const urls = useMemo(() => extractUrls(text, markdown, MAX_PREVIEWS), [text, markdown]);
  if (!urls.length) return null;
  return (
    <Suspense fallback={null}>
      <LinkPreviewCards urls={urls} />
    </Suspense>
  );
}
