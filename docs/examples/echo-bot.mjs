// An echo bot for Parley (docs/BOTS.md): answers every direct message with its text. Plain Node.
// PARLEY_URL, BOT_KEY (an API key of the bot), BOT_SECRET (its webhook signing secret), PORT.
import { createHmac, timingSafeEqual } from "node:crypto";
import { createServer } from "node:http";

const { PARLEY_URL, BOT_KEY, BOT_SECRET, PORT = "8080" } = process.env;

/** Parley's if the signature is the HMAC of "<timestamp>.<body>" with the secret, and recent. */
function signed(req, body) {
  const timestamp = String(req.headers["x-parley-timestamp"] ?? "");
  const expected = Buffer.from(`sha256=${createHmac("sha256", BOT_SECRET).update(`${timestamp}.${body}`).digest("hex")}`);
  const given = Buffer.from(String(req.headers["x-parley-signature"] ?? ""));
  return given.length === expected.length && timingSafeEqual(given, expected) && Math.abs(Date.now() / 1000 - Number(timestamp)) < 300;
}

const server = createServer((req, res) => {
  if (req.method === "GET") return res.end("ok"); // Parley checks the URL with a GET when it is saved
  let body = "";
  req.on("data", (chunk) => (body += chunk));
  req.on("end", async () => {
    if (!signed(req, body)) return res.writeHead(401).end();
    res.end(); // a 2xx at once: the delivery is done, Parley does not send it again
    const msg = JSON.parse(body);
    if (!("uid" in msg.target) || msg.detail.type !== "normal" || msg.detail.content_type !== "text/plain") return;
    const reply = await fetch(`${PARLEY_URL}/api/bot/send_to_user/${msg.from_uid}`, {
      method: "POST",
      headers: { "x-api-key": BOT_KEY, "content-type": "text/plain" },
      body: `echo: ${msg.detail.content}`,
    });
    if (!reply.ok) console.error(`reply refused: ${reply.status} ${await reply.text()}`);
  });
});
server.listen(Number(PORT), () => console.log(`echo bot listening on port ${server.address().port}`));
