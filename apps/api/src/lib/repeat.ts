import type { FastifyInstance } from 'fastify';

/**
 * Runs `task` once the server is ready, then every `everyMs` until it closes: never two rounds at once in
 * this process (a slow round makes the next tick a no-op), the first round not awaited (a backlog must not
 * hold up the start), and closing waits for the round in progress. A failed round is handed to `onError`;
 * the next tick tries again.
 */
export const repeatWhileOpen = (
  app: FastifyInstance,
  {
    everyMs,
    task,
    onError,
  }: { everyMs: number; task: () => Promise<unknown>; onError: (error: unknown) => void },
) => {
  let running: Promise<void> | undefined;
  const round = () => {
    running ??= task()
      .then(() => undefined, onError)
      .finally(() => {
        running = undefined;
      });
    return running;
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    void round();
    timer = setInterval(() => void round(), everyMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
};
