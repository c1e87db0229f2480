import { WAITER_CALLS_EVENT } from '@carta/contract/waiter-call-rules';
import type { WaiterCall, WaiterCallsResponseSchema } from '@carta/contract/waiter-calls';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { apiEventStream, apiRequest } from '../../lib/api-client.ts';

// Call waiter, staff side: the club's open calls arrive over a live stream (server-sent events) and are
// kept in the query cache, outside ['clubs'] so no club write asks for them again.

export const waiterCallsKey = (clubId: string) => ['waiter-calls', clubId] as const;

// The stream's lists are checked against the contract's schema, which (with zod) loads when the stream
// starts rather than with the club's screens: no first paint needs it. One promise for every event, so
// the lists are applied in the order they arrived; a chunk that failed to load is asked for again later.
let responseSchema: Promise<typeof WaiterCallsResponseSchema> | undefined;
const loadResponseSchema = () => {
  responseSchema ??= import('@carta/contract/waiter-calls').then(
    (module) => module.WaiterCallsResponseSchema,
  );
  responseSchema.catch(() => {
    responseSchema = undefined;
  });
  return responseSchema;
};

/** `calls` is undefined until the stream's first list arrives. */
export type WaiterCallsState = { calls: WaiterCall[] | undefined; isLive: boolean };

/** The club's open calls, live while `enabled`; `isLive` is false while the stream is (re)connecting. */
export const useWaiterCallStream = (clubId: string, enabled: boolean): WaiterCallsState => {
  const queryClient = useQueryClient();
  const [calls, setCalls] = useState<WaiterCall[] | undefined>(() =>
    queryClient.getQueryData(waiterCallsKey(clubId)),
  );
  const [isLive, setIsLive] = useState(false);

  useEffect(() => {
    setCalls(queryClient.getQueryData(waiterCallsKey(clubId)));
    if (!enabled) return;
    void loadResponseSchema().catch(() => undefined);
    const stop = new AbortController();
    const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
      if (event.query.queryKey[0] === 'waiter-calls' && event.query.queryKey[1] === clubId)
        setCalls(event.query.state.data as WaiterCall[] | undefined);
    });
    void apiEventStream(`/clubs/${clubId}/waiter-calls/events`, {
      signal: stop.signal,
      onOpen: () => setIsLive(true),
      onEvent: (event, data) => {
        if (event !== WAITER_CALLS_EVENT) return;
        const payload: unknown = JSON.parse(data);
        void loadResponseSchema()
          .then((schema) => {
            const parsed = schema.safeParse(payload);
            if (parsed.success) queryClient.setQueryData(waiterCallsKey(clubId), parsed.data.calls);
          })
          .catch(() => {});
      },
    })
      .catch(() => {})
      .finally(() => setIsLive(false));
    return () => {
      stop.abort();
      unsubscribe();
      setIsLive(false);
    };
  }, [clubId, enabled, queryClient]);

  return { calls, isLive };
};

/** Acknowledge ("on my way") or close ("done") a call; the list changes at once and the stream confirms it. */
export const useAnswerWaiterCall = (clubId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ callId, action }: { callId: number; action: 'acknowledge' | 'close' }) =>
      apiRequest(`/clubs/${clubId}/waiter-calls/${callId}/${action}`, { method: 'POST' }),
    onMutate: ({ callId, action }) => {
      queryClient.setQueryData<WaiterCall[]>(waiterCallsKey(clubId), (calls = []) =>
        action === 'close'
          ? calls.filter((call) => call.id !== callId)
          : calls.map((call) =>
              call.id === callId
                ? { ...call, status: 'acknowledged', acknowledgedAt: new Date().toISOString() }
                : call,
            ),
      );
    },
  });
};
