import data from './data/it-comuni.json' with { type: 'json' };

// Italy's provinces and comuni from ISTAT, shipped with the app (scripts/generate-it-comuni.ts and
// docs/decisions/0054-istat-places.md): the address forms offer them for Italy instead of the generic data.

export type Province = { code: string; name: string; region: string };
export type Comune = { istatCode: string; name: string; province: Province };
/** What a search answers: the comune, and the province choosing it fills in. */
export type ComuneMatch = { name: string; stateIso2: string; stateName: string };

/** Lower case, without accents, apostrophes and hyphens read as spaces: "Forli" finds "Forlì". */
export const normalizePlaceName = (value: string) =>
  value
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/['\u2018\u2019`\u00b4\-/]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

const provinces: Province[] = data.provinces.map(([code, name, region]) => ({
  code: code as string,
  name: name as string,
  region: region as string,
}));
const provinceByCode = new Map(provinces.map((province) => [province.code, province]));

type IndexedComune = Comune & { key: string; parts: string[]; words: string[] };
const comuni: IndexedComune[] = data.comuni.map(([istatCode, name, provinceCode]) => {
  const province = provinceByCode.get(provinceCode as string);
  if (!province) throw new Error(`Comune ${name} has no province ${provinceCode}`);
  return {
    istatCode: istatCode as string,
    name: name as string,
    province,
    key: normalizePlaceName(name as string),
    // Bilingual names ("Bolzano/Bozen") answer to each of their names.
    parts: (name as string).split('/').map(normalizePlaceName),
    words: normalizePlaceName(name as string).split(' '),
  };
});
const comuniByProvince = new Map<string, IndexedComune[]>();
for (const comune of comuni) {
  const list = comuniByProvince.get(comune.province.code) ?? [];
  list.push(comune);
  comuniByProvince.set(comune.province.code, list);
}

const collator = new Intl.Collator('it');
const byName = (a: { name: string }, b: { name: string }) => collator.compare(a.name, b.name);
const comuniByName = [...comuni].sort(byName);

/** The provinces, metropolitan cities and the other units ISTAT counts as provinces, by Italian name. */
export const italianProvinces = (): Province[] => [...provinces].sort(byName);

export const findProvince = (code: string) => provinceByCode.get(code.trim().toUpperCase());

/** The comuni of a province by name; null for an unknown province. */
export const comuniOf = (provinceCode: string): Comune[] | null => {
  const province = findProvince(provinceCode);
  if (!province) return null;
  return [...(comuniByProvince.get(province.code) ?? [])].sort(byName);
};

export const SEARCH_LIMIT = 20;

/**
 * Comuni named as the query, then those whose name (or one of its names) starts with it, then those with a
 * word starting with it or with every word of it, then those containing it; accents and case aside, each
 * group by name. "reggio" finds both Reggio, "Forli" finds Forlì, "reggio calabria" Reggio di Calabria.
 */
export const searchComuni = (query: string, limit = SEARCH_LIMIT): ComuneMatch[] => {
  const needle = normalizePlaceName(query);
  if (!needle) return [];
  const needleWords = needle.split(' ');
  const rank = (comune: IndexedComune) => {
    if (comune.parts.includes(needle)) return 0;
    if (comune.parts.some((part) => part.startsWith(needle))) return 1;
    if (comune.words.some((word) => word.startsWith(needle))) return 2;
    if (needleWords.every((part) => comune.words.some((word) => word.startsWith(part)))) return 3;
    return comune.key.includes(needle) ? 4 : -1;
  };
  // Every match contains the query's first word: a cheap test that leaves few names to rank. The comuni
  // are already in name order, so each rank's bucket is too.
  const [firstWord = needle] = needleWords;
  const buckets: IndexedComune[][] = [[], [], [], [], []];
  for (const comune of comuniByName) {
    if (!comune.key.includes(firstWord)) continue;
    buckets[rank(comune)]?.push(comune);
  }
  return buckets
    .flat()
    .slice(0, limit)
    .map((comune) => ({
      name: comune.name,
      stateIso2: comune.province.code,
      stateName: comune.province.name,
    }));
};

export type PlaceCheck =
  | { ok: true; state: string; city: string }
  | { ok: false; field: 'state' | 'city'; key: string };

/**
 * Whether an Italian address names a province and one of its comuni; answers them as ISTAT spells them.
 * Without a province, a comune whose name is unique in Italy brings its own.
 */
export const checkItalianPlace = (state: string | null | undefined, city: string): PlaceCheck => {
  const needle = normalizePlaceName(city);
  const named = comuni.filter((comune) => comune.key === needle || comune.parts.includes(needle));
  if (state?.trim()) {
    const province = findProvince(state);
    if (!province) return { ok: false, field: 'state', key: 'validation.provinceUnknown' };
    const comune = named.find((candidate) => candidate.province === province);
    if (!comune)
      return {
        ok: false,
        field: 'city',
        key: named.length > 0 ? 'validation.comuneNotInProvince' : 'validation.comuneUnknown',
      };
    return { ok: true, state: province.code, city: comune.name };
  }
  const [only, ...others] = named;
  if (!only) return { ok: false, field: 'city', key: 'validation.comuneUnknown' };
  if (others.length > 0) return { ok: false, field: 'state', key: 'validation.provinceAmbiguous' };
  return { ok: true, state: only.province.code, city: only.name };
};
