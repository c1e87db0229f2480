// TanStack Query types `meta` through declaration merging, which only works on an interface.

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: { hasOwnErrorMessage?: boolean };
    mutationMeta: { hasOwnErrorMessage?: boolean };
  }
}

export {};
