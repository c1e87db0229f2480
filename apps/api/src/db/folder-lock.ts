// The embedded database's folder lock: one process at a time may open a PGlite folder.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { link, open, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import path from 'node:path';

export class DatabaseLockedError extends Error {
  constructor(directory: string) {
    super(
      `The embedded database in ${directory} is already in use by another Carta process. ` +
        'Stop that process, or set DATA_DIR to another folder (or DATABASE_URL to a PostgreSQL server).',
    );
  }
}

/**
 * The embedded data folder's owner: a file beside the folder (`<folder>.lock`) naming the process that
 * has it open (process id, host, boot id and the process's start time). It is created complete and
 * atomically (written to a temporary name, then hard-linked into place, which fails when the name
 * exists), so a reader never sees half of it. Whoever finds it checks the holder: a live one is refused;
 * one that is gone (no such process, another boot, or its id now used by a process started at another
 * time) is taken over at once. Liveness comes from the operating system, not from a refresh timer, so a
 * holder that is slow because the machine is loaded is never taken for dead.
 */
const heldLocks = new Set<string>();

type Holder = { pid: number; host: string; bootId?: string; startTime?: string };

const readBootId = (): string | undefined => {
  try {
    return readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
  } catch {
    return undefined;
  }
};

/** When the process started, in clock ticks since boot (Linux); distinguishes a reused process id. */
const readStartTime = (pid: number): string | undefined => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
};

const thisProcess = (): Holder => {
  const bootId = readBootId();
  const startTime = readStartTime(process.pid);
  return {
    pid: process.pid,
    host: hostname(),
    ...(bootId ? { bootId } : {}),
    ...(startTime ? { startTime } : {}),
  };
};

const parseHolder = (text: string): Holder | undefined => {
  try {
    const value = JSON.parse(text) as Partial<Holder>;
    if (typeof value.pid !== 'number' || typeof value.host !== 'string') return undefined;
    return value as Holder;
  } catch {
    return undefined;
  }
};

/** The holder touches its lock this often: only for holders whose process cannot be checked from here. */
const LOCK_TOUCH_MS = 5_000;
const UNCHECKABLE_HOLDER_STALE_MS = 60_000;

/**
 * Whether the recorded process may still be running; unreadable records are left by no live holder.
 * `modifiedMs`: when the lock was last touched, the one sign of life of a holder on another host.
 */
const isAlive = (holder: Holder | undefined, lockPath: string, modifiedMs: number): boolean => {
  if (!holder) return false;
  const bootId = readBootId();
  // Written before the last boot: nothing from then runs now.
  if (holder.bootId && bootId && holder.bootId !== bootId) return false;
  // Another host name (another container on this machine, or another machine): its process ids mean
  // nothing here, so only its touches tell it lives.
  if (holder.host !== hostname()) return Date.now() - modifiedMs < UNCHECKABLE_HOLDER_STALE_MS;
  // Our own id: held by this process, or left by an earlier process with the same id (a container's 1).
  if (holder.pid === process.pid) return heldLocks.has(lockPath);
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ESRCH') return false;
  }
  const startTime = readStartTime(holder.pid);
  return !(holder.startTime && startTime && holder.startTime !== startTime);
};

/** Creates `file` with `content`, complete, or fails with EEXIST when it exists. */
const createExclusive = async (file: string, content: string) => {
  const temporary = `${file}.${process.pid}.${randomUUID()}.tmp`;
  await writeFile(temporary, content, { flag: 'wx' });
  try {
    await link(temporary, file);
  } finally {
    await rm(temporary, { force: true });
  }
};

const codeOf = (error: unknown) => (error as NodeJS.ErrnoException).code;

type Found = { ino: number; isDirectory: boolean; mtimeMs: number; holder: Holder | undefined };

const readLock = async (lockPath: string): Promise<Found | undefined> => {
  let handle: Awaited<ReturnType<typeof open>>;
  try {
    handle = await open(lockPath, 'r');
  } catch (error) {
    if (codeOf(error) === 'ENOENT') return undefined;
    throw error;
  }
  try {
    const stats = await handle.stat();
    if (stats.isDirectory())
      return { ino: stats.ino, isDirectory: true, mtimeMs: stats.mtimeMs, holder: undefined };
    const holder = parseHolder(await handle.readFile('utf8'));
    return { ino: stats.ino, isDirectory: false, mtimeMs: stats.mtimeMs, holder };
  } finally {
    await handle.close();
  }
};

/**
 * Removes a lock whose holder is gone. Several processes may find the same dead lock at once: only the
 * one that creates the claim named after its inode removes it, after checking again that the name still
 * points at that dead lock, so a racer can never remove the fresh lock another racer has just taken.
 */
const removeDeadLock = async (lockPath: string, dead: Found) => {
  const claim = `${lockPath}.takeover-${dead.ino}`;
  try {
    await createExclusive(claim, JSON.stringify(thisProcess()));
  } catch (error) {
    if (codeOf(error) !== 'EEXIST') throw error;
    // Another process is taking it over; its claim stays only if it died in the middle.
    const found = await readLock(claim);
    // A claim outlives its takeover only when the claimant died inside it.
    if (found && !isAlive(found.holder, lockPath, found.mtimeMs)) await rm(claim, { force: true });
    return;
  }
  try {
    const current = await readLock(lockPath);
    if (
      current &&
      !current.isDirectory &&
      current.ino === dead.ino &&
      !isAlive(current.holder, lockPath, current.mtimeMs)
    )
      await rm(lockPath, { force: true });
  } finally {
    await rm(claim, { force: true });
  }
};

/** A lock directory of the releases that used proper-lockfile: refreshed every 3 s while held. */
const LEGACY_LOCK_STALE_MS = 10_000;

/** Takes the folder's lock or throws DatabaseLockedError; answers the function that releases it. */
export const lockDataFolder = async (directory: string): Promise<() => Promise<void>> => {
  const lockPath = `${path.resolve(directory)}.lock`;
  if (heldLocks.has(lockPath)) throw new DatabaseLockedError(directory);
  const record = JSON.stringify(thisProcess());
  for (let attempt = 0; attempt < 20; attempt += 1) {
    try {
      await createExclusive(lockPath, record);
      const { ino } = await stat(lockPath);
      heldLocks.add(lockPath);
      const touch = setInterval(() => {
        const now = new Date();
        stat(lockPath)
          .then((current) => (current.ino === ino ? utimes(lockPath, now, now) : undefined))
          .catch(() => {});
      }, LOCK_TOUCH_MS);
      touch.unref();
      return async () => {
        clearInterval(touch);
        heldLocks.delete(lockPath);
        // Only our own file: never one that replaced it.
        const current = await stat(lockPath).catch(() => undefined);
        if (current?.ino === ino) await rm(lockPath, { force: true });
      };
    } catch (error) {
      if (codeOf(error) !== 'EEXIST') throw error;
    }
    const found = await readLock(lockPath);
    if (!found) continue;
    if (found.isDirectory) {
      if (Date.now() - found.mtimeMs < LEGACY_LOCK_STALE_MS) throw new DatabaseLockedError(directory);
      await rm(lockPath, { recursive: true, force: true });
      continue;
    }
    if (isAlive(found.holder, lockPath, found.mtimeMs)) throw new DatabaseLockedError(directory);
    await removeDeadLock(lockPath, found);
  }
  throw new DatabaseLockedError(directory);
};
