import { claimsOf, type Guards } from "../../auth/guard.js";
import { changeGroupType, clearGroupMessages, createGroup, deleteGroup, groupViewer, updateGroup } from "../../commands/groups.js";
import { addMembers, leaveGroup, removeMembers } from "../../commands/groupMembers.js";
import { deleteAnnouncement, getAnnouncement, setAnnouncement } from "../../commands/announcements.js";
import {
  INVITE_DEFAULT_EXPIRY_S,
  INVITE_DEFAULT_MAX_TIMES,
  createPrivateInvite,
  createRegisterInvite,
  joinPrivate,
} from "../../commands/invites.js";
import { pinMessage, unpinMessage } from "../../commands/pins.js";
import type { AppContext } from "../../context.js";
import { forbidden, notFound } from "../../http/errors.js";
import { answerEmpty, sendEmpty, sendJson, sendText } from "../../http/reply.js";
import type { ZodApp } from "../../http/validate.js";
import { groupPolicy } from "../../policies/groups.js";
import { presentAnnouncement, presentGroup } from "../../presenters/groups.js";
import { answerHistory, auditActorOf, gidParams, historyQuery, MESSAGE_BODY, optionalBody, patchOf, sendAndAnswerMid } from "../shared.js";
import { frontendUrl, privateInviteLink, registerLink } from "./links.js";
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
} from "./schema.js";


/**
 * `/group/*`: channels, their members, pins, announcements, invite links, messages and history
 * (docs/API.md "Groups").
 */
export function groupRoutes(app: ZodApp, ctx: AppContext, guards: Guards): void {
  app.post("/group", { preValidation: guards.member, schema: { body: createGroupBody } }, async (req, reply) => {
    const body = req.body;
    const row = await createGroup(ctx, claimsOf(req), {
      name: body.name,
      description: body.description?.trim() || null,
      members: body.members ?? [],
      is_public: body.is_public ?? false,
    });
    return sendJson(reply, { gid: row.gid, created_at: row.created_at });
  });

  app.get("/group", { preValidation: guards.user, schema: { querystring: listGroupsQuery } }, async (req, reply) => {
    const q = req.query;
    const claims = claimsOf(req);
    const groups = await ctx.repos.groups.visibleTo(claims.uid, q.public_only === "true");
    const viewer = await groupViewer(ctx, claims);
    return sendJson(
      reply,
      groups.map((g) => presentGroup(g, viewer)),
    );
  });

  // Invite links. Static paths, so they win over `/group/:gid`.
  app.get("/group/create_reg_magic_link", { preValidation: guards.member, schema: { querystring: regLinkQuery } }, async (req, reply) => {
    const q = req.query;
    const token = await createRegisterInvite(ctx, claimsOf(req), q.gid ?? null, {
      expired_in: q.expired_in ?? INVITE_DEFAULT_EXPIRY_S,
      max_times: q.max_times ?? INVITE_DEFAULT_MAX_TIMES,
    });
    return sendText(reply, registerLink(await frontendUrl(ctx, req), token));
  });

  app.get("/group/create_invite_private_magic_link", { preValidation: guards.member, schema: { querystring: privateLinkQuery } }, async (req, reply) => {
    const q = req.query;
    const token = await createPrivateInvite(ctx, claimsOf(req), q.gid, {
      expired_in: q.expired_in ?? INVITE_DEFAULT_EXPIRY_S,
      max_times: q.max_times ?? INVITE_DEFAULT_MAX_TIMES,
    });
    return sendText(reply, privateInviteLink(await frontendUrl(ctx, req), q.gid, token));
  });

  // Lives under /user but belongs to channels: redeeming a private-channel invitation.
  app.post("/user/join_private", { preValidation: guards.member, schema: { body: joinPrivateBody } }, async (req, reply) => {
    const body = req.body;
    const claims = claimsOf(req);
    const group = await joinPrivate(ctx, claims, body.magic_token);
    return sendJson(reply, presentGroup(group, await groupViewer(ctx, claims)));
  });

  // VoceChat answers this without auth; Parley still serves a public channel's
  // card anonymously (invite pages need it) but hides private channels from non-members.
  app.get("/group/:gid", { schema: { params: gidParams } }, async (req, reply) => {
    const group = await ctx.repos.groups.byId(req.params.gid);
    if (!group) throw notFound("no such channel");
    const header = req.headers["x-api-key"];
    const claims = typeof header === "string" ? await ctx.tokens.verifyAccess(header) : null;
    if (!group.row.is_public && (!claims || !groupPolicy.canView(claims, group))) throw notFound("no such channel");
    return sendJson(reply, presentGroup(group, await groupViewer(ctx, claims)));
  });

  app.put("/group/:gid", { preValidation: guards.member, schema: { params: gidParams, body: optionalBody(updateGroupBody) } }, answerEmpty((req) => updateGroup(ctx, claimsOf(req), req.params.gid, patchOf(req.body))));

  app.delete("/group/:gid", { preValidation: guards.member, schema: { params: gidParams } }, answerEmpty((req) => deleteGroup(ctx, claimsOf(req), req.params.gid, auditActorOf(req))));

  app.post("/group/:gid/change_type", { preValidation: guards.member, schema: { params: gidParams, body: changeTypeBody } }, async (req, reply) => {
    const gid = req.params.gid;
    const body = req.body;
    await changeGroupType(ctx, claimsOf(req), gid, { is_public: body.is_public, members: body.members ?? null });
    return sendEmpty(reply);
  });

  app.get("/group/:gid/leave", { preValidation: guards.member, schema: { params: gidParams } }, answerEmpty((req) => leaveGroup(ctx, claimsOf(req), req.params.gid)));

  app.post("/group/:gid/members/add", { preValidation: guards.member, schema: { params: gidParams, body: uidListBody } }, async (req, reply) => {
    const gid = req.params.gid;
    const uids = req.body;
    await addMembers(ctx, claimsOf(req), gid, uids);
    return sendEmpty(reply);
  });

  app.post("/group/:gid/members/remove", { preValidation: guards.member, schema: { params: gidParams, body: uidListBody } }, async (req, reply) => {
    const gid = req.params.gid;
    const uids = req.body;
    await removeMembers(ctx, claimsOf(req), gid, uids);
    return sendEmpty(reply);
  });

  app.post("/group/:gid/pin", { preValidation: guards.member, schema: { params: gidParams, body: pinBody } }, async (req, reply) => {
    const gid = req.params.gid;
    const body = req.body;
    await pinMessage(ctx, claimsOf(req), gid, body.mid);
    return sendEmpty(reply);
  });

  app.post("/group/:gid/unpin", { preValidation: guards.member, schema: { params: gidParams, body: pinBody } }, async (req, reply) => {
    const gid = req.params.gid;
    const body = req.body;
    await unpinMessage(ctx, claimsOf(req), gid, body.mid);
    return sendEmpty(reply);
  });

  app.delete("/group/:gid/clear", { preValidation: guards.member, schema: { params: gidParams } }, answerEmpty((req) => clearGroupMessages(ctx, claimsOf(req), req.params.gid, auditActorOf(req))));

  app.get("/group/:gid/announcement", { preValidation: guards.user, schema: { params: gidParams } }, async (req, reply) => {
    const row = await getAnnouncement(ctx, claimsOf(req), req.params.gid);
    return sendJson(reply, { announcement: row ? presentAnnouncement(row) : null });
  });

  app.post("/group/:gid/announcement", { preValidation: guards.member, schema: { params: gidParams, body: announcementBody } }, async (req, reply) => {
    const gid = req.params.gid;
    const body = req.body;
    const row = await setAnnouncement(ctx, claimsOf(req), gid, body.content);
    return sendJson(reply, presentAnnouncement(row));
  });

  app.delete("/group/:gid/announcement", { preValidation: guards.member, schema: { params: gidParams } }, answerEmpty((req) => deleteAnnouncement(ctx, claimsOf(req), req.params.gid)));

  app.post("/group/:gid/send", { preValidation: guards.member, schema: { params: gidParams }, config: { rawBody: MESSAGE_BODY } }, async (req, reply) => {
    return sendAndAnswerMid(ctx, req, reply, { gid: req.params.gid });
  });

  app.get("/group/:gid/history", { preValidation: guards.user, schema: { params: gidParams, querystring: historyQuery } }, async (req, reply) => {
    const gid = req.params.gid;
    const group = await ctx.repos.groups.byId(gid, { withPins: false }); // membership is all the check needs
    if (!group || !groupPolicy.canView(claimsOf(req), group)) throw notFound("no such channel");
    if (!groupPolicy.canRead(claimsOf(req), group)) throw forbidden("not a member of this channel");
    return answerHistory(ctx, reply, { gid }, req.query);
  });
}
