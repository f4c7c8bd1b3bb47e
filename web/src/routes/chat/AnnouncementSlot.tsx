import { lazy, Suspense } from "react";
import { useVisibleAnnouncement } from "./announcement";

const AnnouncementBar = lazy(() => import("./AnnouncementBar"));

/** Where a channel's announcement shows: its bar, loaded when there is one to show. */
export default function AnnouncementSlot({ gid }: { gid: number }) {
  const { announcement, dismiss } = useVisibleAnnouncement(gid, !Number.isInteger(gid));
  if (!announcement) return null;
  return (
    <Suspense fallback={null}>
      <AnnouncementBar announcement={announcement} dismiss={dismiss} />
    </Suspense>
  );
}
