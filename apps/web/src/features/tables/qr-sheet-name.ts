const slug = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/**
 * The print sheet's file name says whose codes it holds, e.g. `carta-qr-osteria-demo-terrazza.pdf`: the
 * zone only when every table on the sheet is in the same one. The API names its download the same way.
 */
export const qrSheetFileName = (clubName: string, zoneNames: (string | null)[]) => {
  const zones = new Set(zoneNames);
  const [zone] = zones;
  const parts = ['carta-qr', slug(clubName), zones.size === 1 && zone ? slug(zone) : ''];
  return `${parts.filter(Boolean).join('-')}.pdf`;
};
