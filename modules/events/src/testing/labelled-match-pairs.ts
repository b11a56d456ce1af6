/**
 * Hand-labelled record pairs for the offer matcher: true matches as two sellers really spell one
 * show, near misses (later show of the same act, a venue across town, another act the same night). The matcher's
 * threshold is chosen on these; add a pair here whenever a wrong link or a missed one is reported.
 */
import type { MatchCandidate } from '../domain/matching/match-events.ts';

export interface LabelledPair {
  label: string;
  same: boolean;
  a: MatchCandidate;
  b: MatchCandidate;
}

const at = (venue: string, city: string, lat: number | null, lon: number | null) => ({
  venue_name: venue,
  city,
  latitude: lat,
  longitude: lon,
});
const WIZINK = at('WiZink Center', 'Madrid', 40.4238, -3.6717);
const WIZINK_FEVER = at('Wizink Center - Madrid', 'Madrid', 40.4241, -3.6721);
const O2 = at('The O2', 'London', 51.503, 0.0032);
const O2_NO_COORDS = at('O2, The', 'London', null, null);
const MSG = at('Madison Square Garden', 'New York', 40.7505, -73.9934);
const BEACON = at('Beacon Theatre', 'New York', 40.7804, -73.9812);
const ATENEU = at('Ateneu Barcelonès', 'Barcelona', 41.3855, 2.1722);
const ATENEU_FEVER = at('Ateneu Barcelones', 'Barcelona', 41.3856, 2.1724);
const OLYMPIA = at("L'Olympia", 'Paris', 48.8702, 2.3283);
const CHURCH = at('St Martin-in-the-Fields', 'London', 51.5089, -0.1268);
const CATHEDRAL = at("St Paul's Cathedral", 'London', 51.5138, -0.0984);
// The same church as one feed geocodes it: the centre of London, 1.5 km away.
const CHURCH_CITY_CENTRE = at('St. Martin in the Fields', 'London', 51.5072, -0.1276 + 0.02);

const show = (name: string, start: string, place: ReturnType<typeof at>): MatchCandidate => ({
  name,
  start_utc: start,
  ...place,
});

export const LABELLED_PAIRS: LabelledPair[] = [
  // True matches: one performance, two listings.
  {
    label: 'seller suffix',
    same: true,
    a: show('Coldplay', '2027-06-12T19:00:00Z', WIZINK),
    b: show('Coldplay - Tickets', '2027-06-12T19:00:00Z', WIZINK_FEVER),
  },
  {
    label: 'age marker and case',
    same: true,
    a: show('BAD BUNNY (18+)', '2027-05-02T20:00:00Z', MSG),
    b: show('Bad Bunny', '2027-05-02T20:00:00Z', MSG),
  },
  {
    label: 'accents',
    same: true,
    a: show('Rosalía: Motomami Tour', '2027-03-10T20:30:00Z', WIZINK),
    b: show('Rosalia - Motomami Tour', '2027-03-10T20:30:00Z', WIZINK_FEVER),
  },
  {
    label: 'word order',
    same: true,
    a: show('Vivaldi Four Seasons by Candlelight', '2027-02-01T19:00:00Z', CHURCH),
    b: show('Candlelight: Four Seasons, Vivaldi', '2027-02-01T19:00:00Z', CHURCH),
  },
  {
    label: 'tour name shortened',
    same: true,
    a: show('Coldplay: Music of the Spheres World Tour', '2027-07-01T19:00:00Z', O2),
    b: show('Coldplay - Music Of The Spheres', '2027-07-01T19:15:00Z', O2),
  },
  {
    label: 'venue by name, no coordinates',
    same: true,
    a: show('Hamilton', '2027-01-15T19:30:00Z', O2),
    b: show('Hamilton | Official Tickets', '2027-01-15T19:30:00Z', O2_NO_COORDS),
  },
  {
    label: 'doors vs show time',
    same: true,
    a: show('Arctic Monkeys', '2027-04-04T19:00:00Z', OLYMPIA),
    b: show('Arctic Monkeys [Sold Out]', '2027-04-04T19:30:00Z', OLYMPIA),
  },
  {
    label: 'spelling variant',
    same: true,
    a: show('The Phantom of the Opera - Theatre Tour', '2027-02-20T19:00:00Z', BEACON),
    b: show('Phantom of the Opera Theater Tour', '2027-02-20T19:00:00Z', BEACON),
  },
  {
    label: 'ampersand',
    same: true,
    a: show('Simon & Garfunkel Story', '2027-03-03T19:00:00Z', ATENEU),
    b: show('Simon and Garfunkel Story (All Ages)', '2027-03-03T19:00:00Z', ATENEU_FEVER),
  },
  {
    label: 'Catalan accents in venue',
    same: true,
    a: show('Flamenco Show: Tablao', '2027-05-05T20:00:00Z', ATENEU),
    b: show('Tablao Flamenco Show', '2027-05-05T20:00:00Z', ATENEU_FEVER),
  },
  {
    label: 'featuring guest',
    same: true,
    a: show('Taylor Swift | The Eras Tour', '2027-08-08T18:00:00Z', MSG),
    b: show('Taylor Swift: The Eras Tour - VIP Packages', '2027-08-08T18:00:00Z', MSG),
  },
  {
    label: 'extra descriptive word',
    same: true,
    a: show('Candlelight: Tribute to Queen', '2027-02-14T21:00:00Z', CHURCH),
    b: show('Candlelight Concert: A Tribute to Queen', '2027-02-14T21:00:00Z', CHURCH),
  },
  {
    label: 'venue by name, coordinates of the city centre',
    same: true,
    a: show('Candlelight: Tribute to Queen', '2027-02-14T21:00:00Z', CHURCH),
    b: show('Candlelight - Tribute to Queen - Tickets', '2027-02-14T21:00:00Z', CHURCH_CITY_CENTRE),
  },
  {
    label: 'same feed twice',
    same: true,
    a: show('Stand-up Comedy: John Mulaney', '2027-09-09T20:00:00Z', BEACON),
    b: show('John Mulaney Stand Up Comedy', '2027-09-09T20:00:00Z', BEACON),
  },

  // Near misses: another performance of the same act.
  {
    label: '7 pm and 10 pm shows',
    same: false,
    a: show('Dave Chappelle', '2027-05-20T19:00:00Z', BEACON),
    b: show('Dave Chappelle - Tickets', '2027-05-20T22:00:00Z', BEACON),
  },
  {
    label: 'next night',
    same: false,
    a: show('Coldplay', '2027-06-12T19:00:00Z', WIZINK),
    b: show('Coldplay', '2027-06-13T19:00:00Z', WIZINK),
  },
  {
    label: 'matinee 45 min earlier',
    same: false,
    a: show('Hamilton', '2027-01-15T19:30:00Z', O2),
    b: show('Hamilton', '2027-01-15T18:45:00Z', O2),
  },
  {
    label: 'same title, venue across town',
    same: false,
    a: show('Candlelight: Tribute to Queen', '2027-02-14T21:00:00Z', CHURCH),
    b: show('Candlelight: Tribute to Queen', '2027-02-14T21:00:00Z', CATHEDRAL),
  },
  {
    label: 'same act, other city',
    same: false,
    a: show('Coldplay', '2027-06-12T19:00:00Z', WIZINK),
    b: show('Coldplay', '2027-06-12T19:00:00Z', O2_NO_COORDS),
  },

  // Near misses: different acts at one venue on one night.
  {
    label: 'two tributes same church',
    same: false,
    a: show('Candlelight: Tribute to Queen', '2027-02-14T19:00:00Z', CHURCH),
    b: show('Candlelight: Tribute to ABBA', '2027-02-14T19:00:00Z', CHURCH),
  },
  {
    label: 'two jazz nights',
    same: false,
    a: show('Jazz Night: Miles Davis Tribute', '2027-03-01T20:00:00Z', BEACON),
    b: show('Jazz Night: Coltrane Tribute', '2027-03-01T20:15:00Z', BEACON),
  },
  {
    label: 'support act listed alone',
    same: false,
    a: show('Arctic Monkeys', '2027-04-04T19:00:00Z', OLYMPIA),
    b: show('The Hives', '2027-04-04T19:00:00Z', OLYMPIA),
  },
  {
    label: 'two comedians one club',
    same: false,
    a: show('Stand-up Comedy: John Mulaney', '2027-09-09T20:00:00Z', BEACON),
    b: show('Stand-up Comedy: Ali Wong', '2027-09-09T20:00:00Z', BEACON),
  },
  {
    label: 'two composers',
    same: false,
    a: show('Vivaldi Four Seasons by Candlelight', '2027-02-01T19:00:00Z', CHURCH),
    b: show('Mozart Requiem by Candlelight', '2027-02-01T19:00:00Z', CHURCH),
  },
  {
    label: 'numbered show',
    same: false,
    a: show('Comedy Club Night 1', '2027-10-01T20:00:00Z', OLYMPIA),
    b: show('Comedy Club Night 2', '2027-10-01T20:00:00Z', OLYMPIA),
  },
  {
    label: 'festival days',
    same: false,
    a: show('Mad Cool Festival: Day 1', '2027-07-08T16:00:00Z', WIZINK),
    b: show('Mad Cool Festival: Day 2', '2027-07-08T16:00:00Z', WIZINK),
  },
  {
    label: 'film vs concert of one title',
    same: false,
    a: show('Harry Potter in Concert', '2027-11-11T19:00:00Z', O2),
    b: show('Harry Potter Quiz Night', '2027-11-11T19:00:00Z', O2),
  },
];
