import { EventEmitter } from "node:events";
import { describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import { MAX_UNANSWERED_PINGS, WebSocketSink } from "./sink.js";

/** The side of a `ws` WebSocket the sink uses: records what it sends. */
class FakeSocket extends EventEmitter {
  readyState: number = WebSocket.OPEN;
  bufferedAmount = 0;
  sent: string[] = [];
  pings = 0;
  terminated = false;
  send(data: Buffer) {
    this.sent.push(data.toString());
  }
  ping() {
    this.pings++;
  }
  terminate() {
    this.terminated = true;
    this.readyState = WebSocket.CLOSED;
  }
  close() {
    this.readyState = WebSocket.CLOSING;
  }
}

const sinkOn = (fake: FakeSocket) => new WebSocketSink(fake as unknown as WebSocket);
const KEEPALIVE = Buffer.from(":\n\n");

describe("WebSocketSink", () => {
  it("sends each SSE frame of a part as one text message, and a keep-alive comment as a ping", () => {
    const fake = new FakeSocket();
    sinkOn(fake).write([Buffer.from('data: {"type":"ready"}\n\n:\n\ndata: {"type":"heartbeat","time":1}\n\n')]);
    expect(fake.sent).toEqual(['{"type":"ready"}', '{"type":"heartbeat","time":1}']);
    expect(fake.pings).toBe(1);
  });

  it("drops a peer that leaves MAX_UNANSWERED_PINGS pings in a row unanswered; a pong starts the count again", () => {
    const fake = new FakeSocket();
    const sink = sinkOn(fake);
    for (let i = 0; i < MAX_UNANSWERED_PINGS; i++) sink.write([KEEPALIVE]);
    fake.emit("pong");
    for (let i = 0; i < MAX_UNANSWERED_PINGS; i++) sink.write([KEEPALIVE]);
    expect(fake.terminated).toBe(false);
    expect(fake.pings).toBe(2 * MAX_UNANSWERED_PINGS);
    sink.write([KEEPALIVE]);
    expect(fake.terminated).toBe(true);
    expect(sink.ended).toBe(true);
    // Nothing more is written to an ended socket.
    sink.write([Buffer.from('data: {"type":"ready"}\n\n')]);
    expect(fake.sent).toEqual([]);
  });
});
