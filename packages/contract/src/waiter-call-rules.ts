// Call waiter (issue 7): the limits and the live stream's event name, without schemas, so the owner app
// can use them on a first load that has no zod (the schemas are in waiter-calls.ts).

/** After a call is closed, the same table may call again after this many seconds. */
export const WAITER_CALL_COOLDOWN_SECONDS = 60;
/** A call nobody closed stops counting after this long: the table can call again, staff no longer see it. */
export const WAITER_CALL_EXPIRY_MINUTES = 30;
/** Calls from one network address, over all tables, in ten minutes: stops one phone paging a whole room. */
export const WAITER_CALLS_PER_ADDRESS = 6;

/** The live stream's event name: its data is a WaiterCallsResponse, the club's open calls, oldest first. */
export const WAITER_CALLS_EVENT = 'calls';
