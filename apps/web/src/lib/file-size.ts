/** A file's size as a person reads it: whole kilobytes (at least 1) under a megabyte, else megabytes. */
export const fileSizeLabel = (bytes: number) =>
  bytes < 1024 * 1024
    ? `${Math.max(1, Math.round(bytes / 1024))} KB`
    : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
