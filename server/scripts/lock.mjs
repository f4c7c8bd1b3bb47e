// A lock file between processes of one install (npm start's web client build: Vite empties
// web/dist before writing it, so two first starts building at once could leave a page whose
// assets the other build deleted). The lock holds the owner's pid; a lock whose process is gone
// belongs to a build that died and is taken over.
import fs from "node:fs";

/** The pid written in `lock`, or null when it cannot be read (just released, or being written). */
function ownerOf(lock) {
  try {
    return fs.readFileSync(lock, "utf8");
  } catch {
    return null;
  }
}

function alive(owner) {
  const pid = Number(owner);
  if (!Number.isInteger(pid) || pid <= 0) return owner === ""; // "" is a lock being written
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return err.code === "EPERM";
  }
}

/**
 * Runs `fn` holding `lock`; `waited` tells it whether another process held the lock first (its
 * work may be done by now). Waits (polling every `pollMs`) while a live process holds it.
 */
export async function withLock(lock, fn, { pollMs = 200 } = {}) {
  let waited = false;
  for (;;) {
    try {
      fs.writeFileSync(lock, String(process.pid), { flag: "wx" });
      break;
    } catch (err) {
      if (err.code !== "EEXIST") throw err;
    }
    waited = true;
    const owner = ownerOf(lock);
    if (owner !== null && !alive(owner)) {
      // Moved aside before it is removed: if another process took the dead lock over meanwhile,
      // what was moved is that process's lock, and it goes back.
      const stale = `${lock}.${process.pid}.stale`;
      try {
        fs.renameSync(lock, stale);
        if (ownerOf(stale) !== owner) fs.linkSync(stale, lock);
      } catch {
        // removed or taken over by another process meanwhile
      }
      fs.rmSync(stale, { force: true });
      continue;
    }
    await new Promise((r) => setTimeout(r, pollMs));
  }
  try {
    return await fn({ waited });
  } finally {
    fs.rmSync(lock, { force: true });
  }
}
