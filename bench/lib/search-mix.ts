/**
 * The fixed query mix of the search benchmark (issue 3): one request builder per query type, varied over real
 * cities, keywords, zones and pages with a seeded generator so every run asks the same questions.
 */
export interface CityPoint {
  name: string;
  latitude: number;
  longitude: number;
  timezone: string;
}

export type RequestBuilder = (i: number) => { path: string; headers?: Record<string, string> };

/** Longitudes wrapped into [-180, 180], so boxes near the date line cross the antimeridian as maps send them. */
const wrapLon = (lon: number) => ((((lon + 180) % 360) + 360) % 360) - 180;

const KEYWORDS = ['jazz', 'festival', 'comedy', 'market', 'summit', 'yoga', 'techno', 'gala', 'workshop', 'night'];
const PRESETS = ['today', 'tomorrow', 'this_week', 'this_month'];
/** Continent-sized map views (south, north, west, east), where tens of thousands of events match at 1M. */
const CONTINENTS: Array<[number, number, number, number]> = [
  [35, 60, -10, 30],
  [25, 50, -125, -70],
  [0, 45, 70, 140],
  [-40, 5, -80, -35],
  [-45, -10, 110, 180],
];
const day = (date: Date) => date.toISOString().slice(0, 10);

/** Types that fetch a page of list items: the ones `fields=card` applies to (not the facets, not the map pins). */
const LIST_TYPES_EXCEPT = new Set(['filter_options', 'map_basic_1000']);

/**
 * The mix; `listFields: 'card'` asks the list types for card items as the home page does since decision 024
 * (leave it out for whole events, as before).
 */
export function searchMix(
  cities: readonly CityPoint[],
  totalEvents: number,
  categories: readonly string[] = [],
  options: { listFields?: 'card' } = {},
): Record<string, RequestBuilder> {
  const mix = baseMix(cities, totalEvents, categories);
  const fields = options.listFields;
  if (!fields) return mix;
  return Object.fromEntries(
    Object.entries(mix).map(([name, build]): [string, RequestBuilder] => [
      name,
      LIST_TYPES_EXCEPT.has(name)
        ? build
        : (i) => {
            const request = build(i);
            return { ...request, path: `${request.path}${request.path.includes('?') ? '&' : '?'}fields=${fields}` };
          },
    ]),
  );
}

/** The search mix's type names, which do not depend on the catalogue: what `--only` may name, checked before a load. */
export const searchMixTypes = (): string[] => Object.keys(baseMix([], 1, []));

/**
 * One event by id as JSON, and the two server-rendered landing pages (decision 025) a visitor arrives on: an
 * event page and home, asked for as a browser asks (HTML), each counting a view as a visitor's does. Ids are spread over the catalogue. The pages exist
 * only on the real server (`--url`); the bench's own server serves the events routers alone.
 */
export function pageMix(totalEvents: number, withPages: boolean): Record<string, RequestBuilder> {
  const id = (i: number) => 1 + ((i * 7919) % Math.max(1, totalEvents));
  // A visitor's browser: a script's User-Agent reads as a bot, and a bot's event reads count no view.
  const visitor = {
    'User-Agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36',
  };
  const html = { ...visitor, Accept: 'text/html,application/xhtml+xml' };
  const json: Record<string, RequestBuilder> = {
    event_json: (i) => ({ path: `/api/events/${id(i)}`, headers: visitor }),
  };
  if (!withPages) return json;
  return {
    ...json,
    event_page: (i) => ({ path: `/event/${id(i)}`, headers: html }),
    home_page: () => ({ path: '/', headers: html }),
  };
}

function baseMix(
  cities: readonly CityPoint[],
  totalEvents: number,
  categories: readonly string[],
): Record<string, RequestBuilder> {
  const city = (i: number) => cities[(i * 7) % cities.length] as CityPoint;
  const jitter = (i: number) => (((i * 37) % 100) - 50) / 1000;
  // Offset pages stop at the result window (10,000 rows, as on Elasticsearch): the deepest page of 100 is 100.
  const deepPage = Math.max(1, Math.min(100, Math.floor((totalEvents / 100) * 0.9)));
  const mapPages = Math.max(1, Math.min(10, Math.ceil(totalEvents / 1000)));
  const today = new Date();
  const in30Days = new Date(today.getTime() + 30 * 86_400_000);
  return {
    keyword_only: (i) => ({ path: `/api/events?keyword=${KEYWORDS[i % KEYWORDS.length]}` }),
    // What the home page sends for a keyword: it always names its sort, by date unless the visitor changes it.
    keyword_by_date: (i) => ({
      path: `/api/events?keyword=${KEYWORDS[i % KEYWORDS.length]}&sort_by=date&sort_order=asc`,
    }),
    category_price_by_price: (i) => ({
      path: `/api/events?category=${encodeURIComponent(categories[i % Math.max(1, categories.length)] ?? 'Music & Concerts')}&min_price=10&max_price=80&sort_by=price`,
    }),
    continent_box: (i) => {
      const [south, north, west, east] = CONTINENTS[i % CONTINENTS.length]!;
      return {
        path: `/api/events?only_in_view=true&min_lat=${south}&max_lat=${north}&min_lon=${west}&max_lon=${east}`,
      };
    },
    keyword_city_30_days: (i) => ({
      path: `/api/events?keyword=${KEYWORDS[i % KEYWORDS.length]}&city=${encodeURIComponent(city(i).name)}&date_from=${day(today)}&date_to=${day(in30Days)}`,
    }),
    filter_options: () => ({ path: '/api/events/filters' }),
    keyword_city: (i) => ({
      path: `/api/events?keyword=${KEYWORDS[i % KEYWORDS.length]}&city=${encodeURIComponent(city(i).name)}`,
    }),
    nearby_25km_by_distance: (i) => ({
      path: `/api/events?latitude=${(city(i).latitude + jitter(i)).toFixed(4)}&longitude=${(city(i).longitude + jitter(i + 1)).toFixed(4)}&nearby_radius_km=25&sort_by=distance`,
    }),
    map_bounds: (i) => {
      const c = city(i);
      return {
        path:
          `/api/events?only_in_view=true&min_lat=${(c.latitude - 1.5).toFixed(3)}&max_lat=${(c.latitude + 1.5).toFixed(3)}` +
          `&min_lon=${wrapLon(c.longitude - 2).toFixed(3)}&max_lon=${wrapLon(c.longitude + 2).toFixed(3)}`,
      };
    },
    date_preset_price: (i) => ({
      path: `/api/events?date_preset=${PRESETS[i % PRESETS.length]}&min_price=10&max_price=80`,
      headers: { 'X-Timezone': city(i).timezone },
    }),
    popularity_sort: () => ({ path: '/api/events?sort_by=popularity&sort_order=desc' }),
    deep_page: (i) => ({ path: `/api/events?page=${deepPage - (i % 10)}` }),
    map_basic_1000: (i) => ({ path: `/api/events?fields=map_basic&per_page=1000&page=${1 + (i % mapPages)}` }),
  };
}
