import type { FastifyInstance } from 'fastify';
import { isDatabaseUnavailable } from './db-errors.ts';

/** While the database is away, it is asked this often whether it answers again. */
const DATABASE_PROBE_MS = 2_000;

/**
 * What a process's timed jobs know of their database, shared by all of them: while it is away they skip
 * their rounds, and the process logs one line when it goes and one when it answers again, instead of one
 * error per job and round (docs/decisions/0057-database-outages.md).
 */
type Outage = {
  isAway: boolean;
  probe: NodeJS.Timeout | undefined;
  /** Each job's round, run again as soon as the database answers. */
  rounds: Set<() => Promise<void>>;
};

const outages = new WeakMap<object, Outage>();

const outageOf = (app: FastifyInstance): Outage => {
  // One per database handle (every plugin of the app sees the same one), else per app.
  const key: object = app.hasDecorator('database') ? app.database : app;
  let outage = outages.get(key);
  if (!outage) {
    outage = { isAway: false, probe: undefined, rounds: new Set() };
    outages.set(key, outage);
  }
  return outage;
};

const databaseAway = (app: FastifyInstance, outage: Outage, error: unknown) => {
  if (outage.isAway) return;
  outage.isAway = true;
  app.log.warn({ err: error }, 'database unavailable: timed jobs skip their rounds until it answers');
  outage.probe = setInterval(async () => {
    try {
      if (app.hasDecorator('database')) await app.database.ping();
    } catch {
      return;
    }
    if (!outage.isAway) return;
    outage.isAway = false;
    clearInterval(outage.probe);
    outage.probe = undefined;
    app.log.info('database answers again: timed jobs resume');
    for (const round of outage.rounds) void round();
  }, DATABASE_PROBE_MS);
  outage.probe.unref();
};

/**
 * Runs `task` once the server is ready, then every `everyMs` until it closes: never two rounds at once in
 * this process (a slow round makes the next tick a no-op), the first round not awaited (a backlog must not
 * hold up the start), and closing waits for the round in progress. A failed round is handed to `onError`;
 * the next tick tries again. A round that fails because the database is unavailable is not: the process
 * logs it once, every job skips its rounds until the database answers again, then runs at once.
 */
export const repeatWhileOpen = (
  app: FastifyInstance,
  {
    name,
    everyMs,
    task,
    onError,
  }: {
    /** The job's name in the metrics (`carta_job_runs_total{job}`, docs/decisions/0060-metrics.md). */
    name: string;
    everyMs: number;
    task: () => Promise<unknown>;
    onError: (error: unknown) => void;
  },
) => {
  const labels = { job: name };
  const outage = outageOf(app);
  let isClosed = false;
  let running: Promise<void> | undefined;
  const round = () => {
    if (outage.isAway || isClosed) return Promise.resolve();
    if (running) return running;
    // An app without the metrics plugin (a test's bare Fastify) counts nothing.
    const jobs = app.hasDecorator('metrics') ? app.metrics.jobs : null;
    jobs?.runs.inc(labels);
    running = task()
      .then(
        () => undefined,
        (error: unknown) => {
          jobs?.failures.inc(labels);
          return isDatabaseUnavailable(error) ? databaseAway(app, outage, error) : onError(error);
        },
      )
      .finally(() => {
        running = undefined;
      });
    return running;
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    outage.rounds.add(round);
    void round();
    timer = setInterval(() => void round(), everyMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    isClosed = true;
    clearInterval(timer);
    outage.rounds.delete(round);
    if (outage.rounds.size === 0) {
      clearInterval(outage.probe);
      outage.probe = undefined;
      outage.isAway = false;
    }
    await running;
  });
};
