import * as z from "zod";
import { auditLogQuery } from "../routes/admin-audit/schema.js";
import { createUserBody, updateUserBody as adminUpdateUserBody } from "../routes/admin-user/schema.js";
import { archiveAttachmentQuery, archiveQuery, midListBody } from "../routes/archive/schema.js";
import { eventsQuery } from "../routes/events/schema.js";
import { attachmentParams, attachmentQuery, favoriteId } from "../routes/favorite/schema.js";
import {
  announcementBody,
  changeTypeBody,
  createGroupBody,
  joinPrivateBody,
  listGroupsQuery,
  pinBody,
  privateLinkQuery,
  regLinkQuery,
  uidListBody,
  updateGroupBody,
} from "../routes/group/schema.js";
import { bulkMids, likeBody, searchQuery } from "../routes/message/schema.js";
import { adminFilesQuery, avatarQuery, fileQuery, groupAvatarQuery, prepareBody, previewQuery, widgetCssBody } from "../routes/resource/schema.js";
import { historyQuery, idParam } from "../routes/shared.js";
import { sendMailBody, smtpConfigBody } from "../routes/system/identitySchema.js";
import { createAdminBody, loginConfigBody, organizationBody, systemCommonPatch } from "../routes/system/schema.js";
import { emailQuery, loginBody, magicTokenBody, registerBody, renewBody, sendRegMagicLinkBody, thirdPartyKeyBody } from "../routes/token/schema.js";
import {
  burnAfterReadingBody,
  changePasswordBody,
  contactRemarkBody,
  contactStatusBody,
  deviceParam,
  deviceTokenBody,
  fcmTokenQuery,
  muteBody,
  readIndexBody,
  searchBody,
  targetBody,
  updateUserBody,
} from "../routes/user/schema.js";

/**
 * What each `/api` route takes, as the zod schemas its handler parses (`http/validate.ts`).
 * The routes do not carry their schemas, so this registry names them; `routeSchemas.test.ts`
 * fails when the app registers a route that has no entry here, so a new route must say what
 * it takes (`{}` for a route without input). The fuzzing probe generates requests from these
 * schemas and the authorization matrix reuses them.
 */
export interface RouteInput {
  /** The path parameters, one object (a `*` wildcard is the key "*"). */
  params?: z.ZodType;
  query?: z.ZodType;
  /**
   * The body: a JSON value, or for the raw content types (`contentTypes` other than JSON) the
   * text itself, as a string schema.
   */
  body?: z.ZodType;
  /** The content types the route reads; JSON when there is a body and this is absent. */
  contentTypes?: string[];
  /** A body no zod schema describes: a picture (`image/png`) or a multipart upload chunk. */
  raw?: "png" | "multipart";
  /** An event stream: the fuzzing probe leaves it to the events suite. */
  stream?: true;
}

const gid = z.object({ gid: idParam });
const uid = z.object({ uid: idParam });
const mid = z.object({ mid: idParam });
const favorite = z.object({ id: favoriteId });

/** The text of a send, reply or edit (raw body; `commands/messages.ts#checkContent` bounds it). */
const messageText = z.string().min(1).max(2_000);
const MESSAGE_TYPES = ["text/plain", "text/markdown"];
/** `PUT /user/update_fcm_token`: the raw text/plain push token. */
const fcmToken = z.string().max(4_096);
/** `POST /admin/system/update_frontend_url`: the raw text/plain URL. */
const frontendUrlText = z.url({ protocol: /^https?$/ }).max(2_048);

export const ROUTE_SCHEMAS: Record<string, RouteInput> = {
  // system/settings.ts
  "GET /api/admin/system/common": {},
  "PUT /api/admin/system/common": { body: systemCommonPatch },
  "GET /api/admin/system/organization": {},
  "PUT /api/admin/system/organization": { body: organizationBody },
  "POST /api/admin/system/organization": { body: organizationBody },
  "DELETE /api/admin/system/message/clear": {},
  // system/identity.ts
  "GET /api/admin/smtp/enabled": {},
  "GET /api/admin/smtp/config": {},
  "POST /api/admin/smtp/config": { body: smtpConfigBody },
  "POST /api/admin/system/send_mail": { body: sendMailBody },
  "GET /api/admin/system/third_party_secret": {},
  "POST /api/admin/system/third_party_secret": {},
  "GET /api/admin/system/frontend_url": {},
  "POST /api/admin/system/update_frontend_url": { body: frontendUrlText, contentTypes: ["text/plain"] },
  // system/index.ts
  "GET /api/admin/system/initialized": {},
  "GET /api/admin/system/version": {},
  "POST /api/admin/system/create_admin": { body: createAdminBody },
  "GET /api/admin/login/config": {},
  "POST /api/admin/login/config": { body: loginConfigBody },
  // token/registration.ts
  "POST /api/user/register": { body: registerBody },
  "GET /api/user/check_email": { query: emailQuery },
  "POST /api/user/check_magic_token": { body: magicTokenBody },
  "POST /api/user/send_reg_magic_link": { body: sendRegMagicLinkBody },
  "POST /api/user/send_login_magic_link": { query: emailQuery },
  // token/index.ts
  "POST /api/token/login": { body: loginBody },
  "GET /api/token/login_guest": {},
  "POST /api/token/renew": { body: renewBody },
  "GET /api/token/logout": {},
  "GET /api/token/credentials": {},
  "POST /api/token/create_third_party_key": { body: thirdPartyKeyBody },
  // user/account.ts
  "PUT /api/user": { body: updateUserBody },
  "POST /api/user/change_password": { body: changePasswordBody },
  "DELETE /api/user/delete": {},
  "GET /api/user/devices": {},
  "DELETE /api/user/devices/:device": { params: z.object({ device: deviceParam }) },
  "PUT /api/token/device_token": { body: deviceTokenBody },
  "PUT /api/user/update_fcm_token": { query: fcmTokenQuery, body: fcmToken, contentTypes: ["text/plain"] },
  "POST /api/user/search": { body: searchBody },
  "GET /api/user/contacts": {},
  // user/settings.ts
  "POST /api/user/mute": { body: muteBody },
  "POST /api/user/burn-after-reading": { body: burnAfterReadingBody },
  "POST /api/user/read-index": { body: readIndexBody },
  "POST /api/user/pin_chat": { body: targetBody },
  "POST /api/user/unpin_chat": { body: targetBody },
  "POST /api/user/update_contact_status": { body: contactStatusBody },
  "PUT /api/user/contact_remark": { body: contactRemarkBody },
  "GET /api/user/contact_remarks": {},
  "POST /api/user/typing": { body: targetBody },
  // user/index.ts
  "GET /api/user/me": {},
  "GET /api/user": {},
  "GET /api/user/:uid": { params: uid },
  "POST /api/user/:uid/send": { params: uid, body: messageText, contentTypes: MESSAGE_TYPES },
  "GET /api/user/:uid/history": { params: uid, query: historyQuery },
  // admin-user/index.ts
  "GET /api/admin/user": {},
  "GET /api/admin/audit_log": { query: auditLogQuery },
  "POST /api/admin/user": { body: createUserBody },
  "GET /api/admin/user/:uid": { params: uid },
  "PUT /api/admin/user/:uid": { params: uid, body: adminUpdateUserBody },
  "DELETE /api/admin/user/:uid": { params: uid },
  // group/index.ts
  "POST /api/group": { body: createGroupBody },
  "GET /api/group": { query: listGroupsQuery },
  "GET /api/group/create_reg_magic_link": { query: regLinkQuery },
  "GET /api/group/create_invite_private_magic_link": { query: privateLinkQuery },
  "POST /api/user/join_private": { body: joinPrivateBody },
  "GET /api/group/:gid": { params: gid },
  "PUT /api/group/:gid": { params: gid, body: updateGroupBody },
  "DELETE /api/group/:gid": { params: gid },
  "POST /api/group/:gid/change_type": { params: gid, body: changeTypeBody },
  "GET /api/group/:gid/leave": { params: gid },
  "POST /api/group/:gid/members/add": { params: gid, body: uidListBody },
  "POST /api/group/:gid/members/remove": { params: gid, body: uidListBody },
  "POST /api/group/:gid/pin": { params: gid, body: pinBody },
  "POST /api/group/:gid/unpin": { params: gid, body: pinBody },
  "DELETE /api/group/:gid/clear": { params: gid },
  "GET /api/group/:gid/announcement": { params: gid },
  "POST /api/group/:gid/announcement": { params: gid, body: announcementBody },
  "DELETE /api/group/:gid/announcement": { params: gid },
  "POST /api/group/:gid/send": { params: gid, body: messageText, contentTypes: MESSAGE_TYPES },
  "GET /api/group/:gid/history": { params: gid, query: historyQuery },
  // message/index.ts
  "PUT /api/message/:mid/edit": { params: mid, body: messageText, contentTypes: MESSAGE_TYPES },
  "PUT /api/message/:mid/like": { params: mid, body: likeBody },
  "DELETE /api/message/:mid": { params: mid },
  "DELETE /api/message/bulk/*": { params: z.object({ "*": bulkMids }) },
  "POST /api/message/:mid/reply": { params: mid, body: messageText, contentTypes: MESSAGE_TYPES },
  "GET /api/message/search": { query: searchQuery },
  // favorite/index.ts
  "POST /api/favorite": { body: midListBody },
  "GET /api/favorite": {},
  "GET /api/favorite/:id": { params: favorite },
  "DELETE /api/favorite/:id": { params: favorite },
  "GET /api/favorite/attachment/:uid/:id/:attachment_id": { params: attachmentParams, query: attachmentQuery },
  // archive/index.ts
  "POST /api/resource/archive": { body: midListBody },
  "GET /api/resource/archive": { query: archiveQuery },
  "GET /api/resource/archive/attachment": { query: archiveAttachmentQuery },
  // resource/index.ts
  "POST /api/resource/file/prepare": { body: prepareBody },
  "POST /api/resource/file/upload": { raw: "multipart", contentTypes: ["multipart/form-data"] },
  "GET /api/resource/file": { query: fileQuery },
  "GET /api/resource/avatar": { query: avatarQuery },
  "GET /api/resource/group_avatar": { query: groupAvatarQuery },
  "GET /api/resource/organization/logo": {},
  "DELETE /api/resource/file/delete": {},
  "GET /api/admin/system/files": { query: adminFilesQuery },
  "GET /api/resource/widget-extra.css": {},
  "PUT /api/resource/widget-extra.css": { body: widgetCssBody },
  "GET /api/resource/open_graphic_parse": { query: previewQuery },
  // avatar/index.ts
  "POST /api/user/avatar": { raw: "png", contentTypes: ["image/png"] },
  "POST /api/admin/user/:uid/avatar": { params: uid, raw: "png", contentTypes: ["image/png"] },
  "POST /api/group/:gid/avatar": { params: gid, raw: "png", contentTypes: ["image/png"] },
  "POST /api/admin/system/organization/logo": { raw: "png", contentTypes: ["image/png"] },
  // events/index.ts
  "GET /api/user/events": { query: eventsQuery, stream: true },
};

/** `"METHOD /api/path"` of a registered route. */
export const routeKey = (route: { method: string; url: string }): string => `${route.method} ${route.url}`;

/** The routes of the app under /api that a client calls (HEAD and OPTIONS are Fastify's). */
export function apiRoutes(routeTable: { method: string; url: string }[]): { method: string; url: string }[] {
  return routeTable.filter((r) => r.url.startsWith("/api/") && r.method !== "HEAD" && r.method !== "OPTIONS");
}
