// ISO 3166-1 alpha-2 codes of the countries a provider can be based in. Names come from the runtime's
// Intl data (browser and Node both carry it), so the list holds codes only.
export const COUNTRY_CODES = (
  "AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ " +
  "CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR " +
  "GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO " +
  "JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR " +
  "MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO " +
  "RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV " +
  "TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW"
).split(" ");

export const DEFAULT_COUNTRY = "US";

let names: Intl.DisplayNames | null = null;

/** "US" -> "United States"; the code itself where the runtime has no name for it. */
export function countryName(code: string): string {
  names ??= new Intl.DisplayNames(["en"], { type: "region" });
  return names.of(code) ?? code;
}

/** "Austin, TX, United States"; the location alone where the country is not known (decision 102). */
export function placeLabel(location: string, country: string | null): string {
  return country ? `${location}, ${countryName(country)}` : `${location} (country not specified)`;
}

/** Codes with their names, alphabetical by name, for a select. */
export function countryOptions(): { code: string; name: string }[] {
  return COUNTRY_CODES.map((code) => ({ code, name: countryName(code) })).sort((a, b) => a.name.localeCompare(b.name));
}

// --- Where a free-text location is (decision 102) ----------------------------------------------------

/** US states and DC, "code:name" separated by "|". */
const US_STATES = (
  "AL:Alabama|AK:Alaska|AZ:Arizona|AR:Arkansas|CA:California|CO:Colorado|CT:Connecticut|DE:Delaware|" +
  "DC:District of Columbia|FL:Florida|GA:Georgia|HI:Hawaii|ID:Idaho|IL:Illinois|IN:Indiana|IA:Iowa|" +
  "KS:Kansas|KY:Kentucky|LA:Louisiana|ME:Maine|MD:Maryland|MA:Massachusetts|MI:Michigan|MN:Minnesota|" +
  "MS:Mississippi|MO:Missouri|MT:Montana|NE:Nebraska|NV:Nevada|NH:New Hampshire|NJ:New Jersey|" +
  "NM:New Mexico|NY:New York|NC:North Carolina|ND:North Dakota|OH:Ohio|OK:Oklahoma|OR:Oregon|" +
  "PA:Pennsylvania|RI:Rhode Island|SC:South Carolina|SD:South Dakota|TN:Tennessee|TX:Texas|UT:Utah|" +
  "VT:Vermont|VA:Virginia|WA:Washington|WV:West Virginia|WI:Wisconsin|WY:Wyoming"
)
  .split("|")
  .map((pair) => pair.split(":") as [string, string]);

/** What people write for a country besides its English name and code. */
const COUNTRY_ALIASES: Record<string, string> = {
  usa: "US",
  "united states of america": "US",
  america: "US",
  "u s": "US",
  "u s a": "US",
  uk: "GB",
  "u k": "GB",
  "great britain": "GB",
  britain: "GB",
  england: "GB",
  scotland: "GB",
  wales: "GB",
  "northern ireland": "GB",
  uae: "AE",
  holland: "NL",
  "the netherlands": "NL",
  "czech republic": "CZ",
  korea: "KR",
  "republic of korea": "KR",
  "russian federation": "RU",
  "viet nam": "VN",
  turkey: "TR",
  "ivory coast": "CI",
};

/** Lower case, dots and extra spaces gone: "U.S.A." -> "u s a", " New  York " -> "new york". */
function normalise(text: string): string {
  return text.toLowerCase().replace(/[.]/g, " ").replace(/\s+/g, " ").trim();
}

let byName: Map<string, string> | null = null;

/** Every way of writing a place this module reads, to the countries it could mean. */
function placeIndex(): Map<string, string> {
  if (byName) return byName;
  const index = new Map<string, Set<string>>();
  const add = (key: string, code: string) => {
    const set = index.get(key) ?? new Set<string>();
    set.add(code);
    index.set(key, set);
  };
  for (const code of COUNTRY_CODES) {
    add(code.toLowerCase(), code);
    add(normalise(countryName(code)), code);
  }
  for (const [alias, code] of Object.entries(COUNTRY_ALIASES)) add(alias, code);
  for (const [code, name] of US_STATES) {
    add(code.toLowerCase(), "US");
    add(normalise(name), "US");
  }
  // A key that could mean two countries (CA: Canada or California; Georgia) means neither.
  byName = new Map();
  for (const [key, codes] of index) if (codes.size === 1) byName.set(key, [...codes][0] as string);
  return byName;
}

/**
 * The country a free-text location names, where it names exactly one: "Austin, TX", "Berlin, Germany",
 * "Lyon, FR", "Toronto, Ontario, Canada". The last comma-separated part is read first, then the whole
 * text; "San Francisco, CA" (Canada or California), "Remote" and "London" give null.
 */
export function inferCountry(location: string): string | null {
  const index = placeIndex();
  const parts = location.split(",").map(normalise).filter(Boolean);
  const last = parts.at(-1);
  if (last === undefined) return null;
  return index.get(last) ?? index.get(normalise(location)) ?? null;
}
