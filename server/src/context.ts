import type { Config } from "./config.js";
import type { Db } from "./db/index.js";
import type { Dialect } from "./db/migrate.js";
import type { EventBus } from "./events/bus.js";
import type { ConnectionHub } from "./events/hub.js";
import type { TokenService } from "./auth/tokens.js";
import type { ConfigRepo, ServerKeys } from "./repos/config.js";
import type { GroupsRepo } from "./repos/groups.js";
import type { MessagesRepo } from "./repos/messages.js";
import type { UsersRepo } from "./repos/users.js";
import type { UserSettingsRepo } from "./repos/userSettings.js";
import type { FilesRepo } from "./repos/files.js";
import type { FileJanitor } from "./files/janitor.js";
import type { LinkPreviewService } from "./preview/service.js";
import type { BlobStore } from "./storage/index.js";
import type { RateLimiter } from "./http/rateLimit.js";
import type { Mailer } from "./mail/transport.js";
import type { GuestSweeper } from "./commands/guests.js";

/** Everything a route, policy or command needs, built once in `createContext`. */
export interface AppContext {
  config: Config;
  db: Db;
  dialect: Dialect;
  bus: EventBus;
  hub: ConnectionHub;
  tokens: TokenService;
  keys: ServerKeys;
  /** Uploaded files, thumbnails, avatars and the logo (`storage/`): local disk now, S3 later. */
  storage: BlobStore;
  /** The files background job and the link-preview fetcher. */
  files: { janitor: FileJanitor; preview: LinkPreviewService };
  /** Sign-in side: the rate limits, the SMTP mailer and the daily guest sweep. */
  identity: { limiter: RateLimiter; mailer: Mailer; guests: GuestSweeper };
  repos: {
    config: ConfigRepo;
    users: UsersRepo;
    userSettings: UserSettingsRepo;
    groups: GroupsRepo;
    messages: MessagesRepo;
    files: FilesRepo;
  };
}
