import type { FastifyReply } from "fastify";

const JSON_TYPE = "application/json; charset=utf-8";

/**
 * Sends any JSON value, including bare scalars: a new mid is `123`, a file id is `"uuid"`
 * (docs/API.md "Conventions"). Fastify would send a bare string as text, so serialize here.
 */
export function sendJson(reply: FastifyReply, value: unknown): FastifyReply {
  return reply.type(JSON_TYPE).send(JSON.stringify(value));
}

export function sendText(reply: FastifyReply, text: string): FastifyReply {
  return reply.type("text/plain; charset=utf-8").send(text);
}

/** 200 with an empty body, as VoceChat answers routes that return nothing. */
export function sendEmpty(reply: FastifyReply): FastifyReply {
  return reply.code(200).send();
}

/**
 * The handler of a route that answers nothing: runs `command` (which authorizes, writes and emits)
 * and answers 200 with an empty body, so a route reads as its path, guard, schema and command.
 */
export function answerEmpty<Req>(command: (req: Req) => Promise<unknown>): (req: Req, reply: FastifyReply) => Promise<FastifyReply> {
  return async (req, reply) => {
    await command(req);
    return sendEmpty(reply);
  };
}
