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
import type { FavoritesRepo } from "./repos/favorites.js";
import type { FilesRepo } from "./repos/files.js";
import type { LinkPreviewService } from "./preview/service.js";
import type { BlobStore } from "./storage/index.js";
import type { RateLimiter } from "./http/rateLimit.js";
import type { Mailer } from "./mail/transport.js";
import type { Jobs } from "./jobs/periodic.js";
import type { ClusterContext } from "./cluster/redis.js";
import type { Presence } from "./cluster/presence.js";
import type { WebhookBots } from "./webhooks/bots.js";

/** Everything a route, policy or command needs, built once in `createContext`. */
export interface AppContext {
  config: Config;
  /** This node's name and its Redis connection in cluster mode (null on a single node). */
  cluster: ClusterContext;
  db: Db;
  dialect: Dialect;
  bus: EventBus;
  /** Who is online on any node (`cluster/presence.ts`). */
  presence: Presence;
  hub: ConnectionHub;
  tokens: TokenService;
  keys: ServerKeys;
  /** Uploaded files, thumbnails, avatars and the logo (`storage/`): local disk now, S3 later. */
  storage: BlobStore;
  /** The link-preview fetcher. */
  files: { preview: LinkPreviewService };
  /** Durable webhooks (`webhooks/`): which bots have a webhook URL, cached per server. */
  webhooks: { bots: WebhookBots };
  /** The periodic background jobs (`jobs/periodic.ts`). */
  jobs: Jobs;
  /** Sign-in side: the rate limits and the SMTP mailer. */
  identity: { limiter: RateLimiter; mailer: Mailer };
  repos: {
    config: ConfigRepo;
    users: UsersRepo;
    userSettings: UserSettingsRepo;
    groups: GroupsRepo;
    messages: MessagesRepo;
    files: FilesRepo;
    favorites: FavoritesRepo;
  };
}
