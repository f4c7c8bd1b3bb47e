// The fan-out baseline: a raw node:http server that writes the same bytes as Parley to every open
// event stream. GET /api/user/events opens a stream (a `ready` frame), POST /api/group/1/send
// (text/plain) writes one `chat` frame to every stream, then answers the mid. Nothing else.
import http from "node:http";

const streams = new Set();
let mid = 0;
const server = http.createServer((req, res) => {
  if (req.method === "GET" && req.url.startsWith("/api/user/events")) {
    res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
    res.write('data: {"type":"ready"}\n\n');
    streams.add(res);
    res.on("close", () => streams.delete(res));
    return;
  }
  if (req.method === "POST" && req.url === "/api/group/1/send") {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      mid++;
      const event = { type: "chat", mid, from_uid: 1, created_at: Date.now(), target: { gid: 1 }, detail: { type: "normal", properties: null, content_type: "text/plain", content: body, expires_in: null } };
      const frame = `data: ${JSON.stringify(event)}\n\n`;
      for (const s of streams) s.write(frame);
      res.end(String(mid));
    });
    return;
  }
  res.writeHead(404).end();
});
server.listen(Number(process.env.PORT), "127.0.0.1");
process.once("SIGTERM", () => process.exit(0));
