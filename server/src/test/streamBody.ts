import http from "node:http";

/**
 * A client on a slow link, for the early-refusal tests: POSTs `body` (or a 64 KiB `piece` of
 * filler repeated up to `total` bytes; Infinity: until the server cuts the connection) one piece
 * every `everyMs`, chunked unless `length` is given. Settles once it has stopped writing, with the
 * status and text it read and the socket error it saw.
 */
export function streamBody(
  url: URL,
  opts: { agent?: http.Agent; headers?: Record<string, string>; body?: Buffer; total?: number; piece?: number; everyMs?: number; length?: number },
): Promise<{ status: number; text: string; socketError: string | null; sent: number }> {
  const size = opts.piece ?? 64 * 1024;
  const filler = Buffer.alloc(size, 0x61);
  const total = opts.body?.length ?? opts.total ?? 0;
  return new Promise((resolve) => {
    let answer: { status: number; text: string } | null = null;
    let socketError: string | null = null;
    let writing = true;
    let sent = 0;
    const settle = () => {
      if (!writing && (answer || socketError)) resolve({ status: answer?.status ?? 0, text: answer?.text ?? "", socketError, sent });
    };
    const headers = { ...opts.headers, ...(opts.length !== undefined ? { "content-length": String(opts.length) } : {}) };
    const req = http.request(url, { method: "POST", agent: opts.agent ?? false, headers }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (d: string) => (text += d));
      res.on("end", () => {
        answer = { status: res.statusCode ?? 0, text };
        settle();
      });
    });
    const fail = (err: NodeJS.ErrnoException) => {
      if (socketError) return;
      socketError = err.code ?? err.message;
      writing = false;
      settle();
    };
    req.on("error", fail);
    const pump = () => {
      if (socketError) return;
      if (sent >= total) {
        req.end(() => {
          writing = false;
          settle();
        });
        return;
      }
      const piece = opts.body ? opts.body.subarray(sent, sent + size) : filler;
      sent += piece.length;
      req.write(piece, (err) => (err ? fail(err) : setTimeout(pump, opts.everyMs ?? 1)));
    };
    pump();
  });
}
