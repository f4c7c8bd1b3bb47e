import { DEFAULT_SYSTEM_COMMON, type ExtSetting, type SystemCommon } from "@parley/protocol";
import type { ConfigRepo } from "./config.js";

/** The server-wide switches of `/admin/system/common`, with defaults for what was never set. */
export async function loadSystemCommon(config: ConfigRepo): Promise<SystemCommon> {
  return { ...DEFAULT_SYSTEM_COMMON, ...((await config.get<Partial<SystemCommon>>("system_common")) ?? {}) };
}

/** The parsed `ext_setting` switches; a malformed string counts as none set. */
export function extSettingOf(common: SystemCommon): ExtSetting {
  if (!common.ext_setting) return {};
  try {
    const parsed: unknown = JSON.parse(common.ext_setting);
    return parsed && typeof parsed === "object" ? (parsed as ExtSetting) : {};
  } catch {
    return {};
  }
}
