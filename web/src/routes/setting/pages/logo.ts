/** The organization logo as the Overview page uploads it: a centred square PNG. */
import { SERVER_ICON_MAX_BYTES } from "@parley/protocol";
import { toSquarePng } from "../../../utils/squarePng";

/** The server keeps a 240×240 logo; twice that is plenty to send, and a smaller picture is not enlarged. */
const LOGO_MAX_SIDE = 480;

export type LogoProblem = "type" | "size";

/** Why a chosen file cannot be the logo (not an image, over the server's 5 MB), if it cannot. */
export function logoProblem(file: File): LogoProblem | null {
  if (!file.type.startsWith("image/")) return "type";
  if (file.size > SERVER_ICON_MAX_BYTES) return "size";
  return null;
}

/** The logo as sent: the middle square, at most `LOGO_MAX_SIDE` (a smaller picture keeps its size, so the server's 128 px minimum still refuses it in its words). */
export const cropLogo = (file: Blob): Promise<Blob> => toSquarePng(file, LOGO_MAX_SIDE, { shrinkOnly: true });
