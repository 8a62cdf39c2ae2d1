import "server-only";
import type { Server } from "node:net";
import type { Socket } from "node:net";

/** How long a closing connection keeps reading (and discarding) what its client still sends. */
export const LINGER_MS = 3_000;

/**
 * Lingering close (as nginx's `lingering_close`). Node closes a connection as soon as an answer
 * marked `Connection: close` is written, even when the client is still sending its body (a 413 for
 * an 80 MB upload is answered after the first megabytes). Closing a socket with unread input makes
 * the kernel send a reset, and a client that is still writing then sees EPIPE or ECONNRESET, often
 * before it has read the answer: the shopper's browser shows "connection reset", not our message
 * (`npm run probe` caught it in CI; here 14 of 40 80 MB uploads saw EPIPE before this).
 *
 * Here the server half-closes instead (FIN after the answer), keeps reading and discarding the
 * client's bytes (nothing is kept), and closes once the client has finished, or after `ms`.
 */
export function lingerOnClose(server: Server, ms = LINGER_MS): void {
  server.on("connection", (socket: Socket) => {
    const closeNow = socket.destroySoon.bind(socket);
    socket.destroySoon = function lingeringDestroySoon(this: Socket) {
      if (this.destroyed || this.readableEnded) return closeNow();
      if (this.writable) this.end();
      const timer = setTimeout(() => this.destroy(), ms);
      timer.unref();
      this.once("close", () => clearTimeout(timer));
      this.once("end", () => this.destroy());
      this.on("data", () => {}); // read and discard
      this.resume();
    };
  });
}
