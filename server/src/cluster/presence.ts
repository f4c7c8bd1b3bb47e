import type { Uid } from "@parley/protocol";

/**
 * Who is online, for the whole server (docs/CLUSTER.md "Presence"). The hub reports each stream
 * it opens and closes; presence answers whether a user has a stream anywhere and tells its
 * listeners when a user's state changes. A user is online while any of their devices holds a
 * stream on any node. Guests count as connected but never produce presence events.
 *
 * Every node derives the changes from its own view and tells only its own streams, so a change
 * reaches each stream once without being published as an event (`ConnectionHub`).
 */
export interface Presence {
  opened(uid: Uid, device: string, isGuest: boolean): void;
  closed(uid: Uid, device: string, isGuest: boolean): void;
  isOnline(uid: Uid): boolean;
  /** Users (guests included) with a stream somewhere. */
  onlineUids(): Uid[];
  /** Members (no guests) with a stream somewhere. */
  onlineMembers(): Uid[];
  /** The devices of `uid` that hold a stream somewhere. */
  onlineDevices(uid: Uid): Set<string>;
  /** Whether (uid, device) holds a stream on another node (a newer stream must kick it there). */
  heldElsewhere(uid: Uid, device: string): boolean;
  /** Called with every change of a member's (non-guest) state. */
  onChange(listener: (uid: Uid, online: boolean) => void): void;
  close(): Promise<void>;
}

/**
 * Open streams per (uid, device) on this node. One device has one stream at a time, but for a
 * moment two: a reconnect opens the new stream before the old one is kicked.
 */
export class LocalStreams {
  readonly byUid = new Map<Uid, Map<string, number>>();
  readonly guests = new Set<Uid>();

  /** Answers whether (uid, device) went from no stream to one. */
  add(uid: Uid, device: string, isGuest: boolean): boolean {
    if (isGuest) this.guests.add(uid);
    let devices = this.byUid.get(uid);
    if (!devices) this.byUid.set(uid, (devices = new Map()));
    const count = (devices.get(device) ?? 0) + 1;
    devices.set(device, count);
    return count === 1;
  }

  /** Answers whether (uid, device) went from one stream to none. */
  remove(uid: Uid, device: string): boolean {
    const devices = this.byUid.get(uid);
    const count = devices?.get(device);
    if (!devices || count === undefined) return false;
    if (count > 1) {
      devices.set(device, count - 1);
      return false;
    }
    devices.delete(device);
    if (devices.size === 0) {
      this.byUid.delete(uid);
      this.guests.delete(uid);
    }
    return true;
  }
}

/** A single node's presence: its own streams are all there is. */
export class LocalPresence implements Presence {
  private readonly local = new LocalStreams();
  private readonly listeners: ((uid: Uid, online: boolean) => void)[] = [];

  opened(uid: Uid, device: string, isGuest: boolean): void {
    const wasOnline = this.local.byUid.has(uid);
    this.local.add(uid, device, isGuest);
    if (!wasOnline && !isGuest) for (const l of this.listeners) l(uid, true);
  }

  closed(uid: Uid, device: string, isGuest: boolean): void {
    const wasOnline = this.local.byUid.has(uid);
    this.local.remove(uid, device);
    if (wasOnline && !this.local.byUid.has(uid) && !isGuest) for (const l of this.listeners) l(uid, false);
  }

  isOnline(uid: Uid): boolean {
    return this.local.byUid.has(uid);
  }

  onlineUids(): Uid[] {
    return [...this.local.byUid.keys()];
  }

  onlineMembers(): Uid[] {
    return this.onlineUids().filter((uid) => !this.local.guests.has(uid));
  }

  onlineDevices(uid: Uid): Set<string> {
    return new Set(this.local.byUid.get(uid)?.keys() ?? []);
  }

  heldElsewhere(): boolean {
    return false;
  }

  onChange(listener: (uid: Uid, online: boolean) => void): void {
    this.listeners.push(listener);
  }

  async close(): Promise<void> {
    this.listeners.length = 0;
  }
}
