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

/** Everything a route, policy or command needs, built once in `createContext`. */
export interface AppContext {
  config: Config;
  db: Db;
  dialect: Dialect;
  bus: EventBus;
  hub: ConnectionHub;
  tokens: TokenService;
  keys: ServerKeys;
  repos: {
    config: ConfigRepo;
    users: UsersRepo;
    groups: GroupsRepo;
    messages: MessagesRepo;
  };
}
