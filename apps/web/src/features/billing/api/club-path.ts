/** `/clubs/{clubId}` with the id encoded: the start of every billing call. */
export const clubPath = (clubId: string) => `/clubs/${encodeURIComponent(clubId)}`;
