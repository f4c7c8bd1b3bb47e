/**
 * The conversation header's call buttons: a voice call and a video call, or "join" when the
 * conversation has a call going on, or nothing to press while this tab is in that call.
 */
import { useTranslation } from "react-i18next";
import { useAppSelector } from "../app/hooks";
import { AsideButton } from "../components/aside/controls";
import { PhoneIcon, VideoIcon } from "./icons";
import { dmRoomId, groupRoomId, useCallEngine, useCalls } from "./useCalls";
import type { CallTarget } from "./engine";

export default function CallButtons({ target }: { target: CallTarget }) {
  const { t } = useTranslation("chat");
  const engine = useCallEngine();
  const { rooms, active, busy } = useCalls();
  const me = useAppSelector((s) => s.authData.user?.uid ?? 0);
  const guest = useAppSelector((s) => s.authData.guest);
  if (guest) return null;
  const room = "gid" in target ? groupRoomId(target.gid) : dmRoomId(me, target.uid);
  if (active?.room === room) return null;
  const going = rooms[room];
  if (going && going.participants.length > 0) {
    return (
      <AsideButton label={t("call.join")} active={false} onClick={() => void engine.join(target, false)} badge={going.participants.length} testId="call-join" className="text-emerald-600! dark:text-emerald-400!">
        <PhoneIcon size={17} />
      </AsideButton>
    );
  }
  return (
    <>
      <AsideButton label={t("call.start_voice")} active={false} onClick={() => !busy && void engine.join(target, false)} testId="call-voice">
        <PhoneIcon size={17} />
      </AsideButton>
      <AsideButton label={t("call.start_video")} active={false} onClick={() => !busy && void engine.join(target, true)} testId="call-video">
        <VideoIcon size={17} />
      </AsideButton>
    </>
  );
}
