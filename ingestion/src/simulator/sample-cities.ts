/** Real cities with their coordinates, time zones, currencies and a few of their real venues, for sample feeds. */
export interface SampleCity {
  name: string;
  countryCode: string;
  country: string;
  lat: number;
  lon: number;
  timeZone: string;
  currency: string;
  venues: Array<{ name: string; address: string }>;
}

export const SAMPLE_CITIES: SampleCity[] = [
  { name: 'New York', countryCode: 'US', country: 'United States Of America', lat: 40.7128, lon: -74.006, timeZone: 'America/New_York', currency: 'USD', venues: [{ name: 'Madison Square Garden', address: '4 Pennsylvania Plaza' }, { name: 'Radio City Music Hall', address: '1260 6th Ave' }, { name: 'Barclays Center', address: '620 Atlantic Ave' }] },
  { name: 'Los Angeles', countryCode: 'US', country: 'United States Of America', lat: 34.0522, lon: -118.2437, timeZone: 'America/Los_Angeles', currency: 'USD', venues: [{ name: 'Hollywood Bowl', address: '2301 N Highland Ave' }, { name: 'Crypto.com Arena', address: '1111 S Figueroa St' }] },
  { name: 'Chicago', countryCode: 'US', country: 'United States Of America', lat: 41.8781, lon: -87.6298, timeZone: 'America/Chicago', currency: 'USD', venues: [{ name: 'United Center', address: '1901 W Madison St' }, { name: 'Chicago Theatre', address: '175 N State St' }] },
  { name: 'Austin', countryCode: 'US', country: 'United States Of America', lat: 30.2672, lon: -97.7431, timeZone: 'America/Chicago', currency: 'USD', venues: [{ name: 'Moody Center', address: '2001 Robert Dedman Dr' }, { name: "Stubb's Waller Creek Amphitheater", address: '801 Red River St' }] },
  { name: 'Miami', countryCode: 'US', country: 'United States Of America', lat: 25.7617, lon: -80.1918, timeZone: 'America/New_York', currency: 'USD', venues: [{ name: 'Kaseya Center', address: '601 Biscayne Blvd' }] },
  { name: 'Toronto', countryCode: 'CA', country: 'Canada', lat: 43.6532, lon: -79.3832, timeZone: 'America/Toronto', currency: 'CAD', venues: [{ name: 'Scotiabank Arena', address: '40 Bay St' }, { name: 'Massey Hall', address: '178 Victoria St' }] },
  { name: 'Vancouver', countryCode: 'CA', country: 'Canada', lat: 49.2827, lon: -123.1207, timeZone: 'America/Vancouver', currency: 'CAD', venues: [{ name: 'Rogers Arena', address: '800 Griffiths Way' }] },
  { name: 'Mexico City', countryCode: 'MX', country: 'Mexico', lat: 19.4326, lon: -99.1332, timeZone: 'America/Mexico_City', currency: 'MXN', venues: [{ name: 'Palacio de los Deportes', address: 'Av. Río Churubusco' }, { name: 'Auditorio Nacional', address: 'Paseo de la Reforma 50' }] },
  { name: 'London', countryCode: 'GB', country: 'Great Britain', lat: 51.5074, lon: -0.1278, timeZone: 'Europe/London', currency: 'GBP', venues: [{ name: 'The O2', address: 'Peninsula Square' }, { name: 'Royal Albert Hall', address: 'Kensington Gore' }, { name: 'Wembley Stadium', address: 'Wembley' }] },
  { name: 'Manchester', countryCode: 'GB', country: 'Great Britain', lat: 53.4808, lon: -2.2426, timeZone: 'Europe/London', currency: 'GBP', venues: [{ name: 'AO Arena', address: 'Victoria Station Approach' }] },
  { name: 'Dublin', countryCode: 'IE', country: 'Ireland', lat: 53.3498, lon: -6.2603, timeZone: 'Europe/Dublin', currency: 'EUR', venues: [{ name: '3Arena', address: 'North Wall Quay' }] },
  { name: 'Paris', countryCode: 'FR', country: 'France', lat: 48.8566, lon: 2.3522, timeZone: 'Europe/Paris', currency: 'EUR', venues: [{ name: 'Accor Arena', address: '8 Boulevard de Bercy' }, { name: "L'Olympia", address: '28 Boulevard des Capucines' }] },
  { name: 'Lyon', countryCode: 'FR', country: 'France', lat: 45.764, lon: 4.8357, timeZone: 'Europe/Paris', currency: 'EUR', venues: [{ name: 'LDLC Arena', address: '7 Avenue Simone Veil' }] },
  { name: 'Madrid', countryCode: 'ES', country: 'Spain', lat: 40.4168, lon: -3.7038, timeZone: 'Europe/Madrid', currency: 'EUR', venues: [{ name: 'Movistar Arena', address: 'Av. Felipe II' }, { name: 'Teatro Real', address: 'Plaza de Isabel II' }] },
  { name: 'Barcelona', countryCode: 'ES', country: 'Spain', lat: 41.3874, lon: 2.1686, timeZone: 'Europe/Madrid', currency: 'EUR', venues: [{ name: 'Palau Sant Jordi', address: "Passeig Olímpic, 5-7" }, { name: 'Palau de la Música Catalana', address: 'C/ Palau de la Música, 4-6' }] },
  { name: 'Valencia', countryCode: 'ES', country: 'Spain', lat: 39.4699, lon: -0.3763, timeZone: 'Europe/Madrid', currency: 'EUR', venues: [{ name: 'Palau de les Arts', address: 'Av. del Professor López Piñero, 1' }] },
  { name: 'Lisbon', countryCode: 'PT', country: 'Portugal', lat: 38.7223, lon: -9.1393, timeZone: 'Europe/Lisbon', currency: 'EUR', venues: [{ name: 'MEO Arena', address: 'Rossio dos Olivais' }] },
  { name: 'Berlin', countryCode: 'DE', country: 'Germany', lat: 52.52, lon: 13.405, timeZone: 'Europe/Berlin', currency: 'EUR', venues: [{ name: 'Uber Arena', address: 'Uber-Platz 1' }, { name: 'Berliner Philharmonie', address: 'Herbert-von-Karajan-Straße 1' }] },
  { name: 'Munich', countryCode: 'DE', country: 'Germany', lat: 48.1351, lon: 11.582, timeZone: 'Europe/Berlin', currency: 'EUR', venues: [{ name: 'Olympiahalle', address: 'Spiridon-Louis-Ring 21' }] },
  { name: 'Amsterdam', countryCode: 'NL', country: 'Netherlands', lat: 52.3676, lon: 4.9041, timeZone: 'Europe/Amsterdam', currency: 'EUR', venues: [{ name: 'Ziggo Dome', address: 'De Passage 100' }, { name: 'Concertgebouw', address: 'Concertgebouwplein 10' }] },
  { name: 'Brussels', countryCode: 'BE', country: 'Belgium', lat: 50.8503, lon: 4.3517, timeZone: 'Europe/Brussels', currency: 'EUR', venues: [{ name: 'Forest National', address: 'Avenue Victor Rousseau 208' }] },
  { name: 'Milan', countryCode: 'IT', country: 'Italy', lat: 45.4642, lon: 9.19, timeZone: 'Europe/Rome', currency: 'EUR', venues: [{ name: 'Unipol Forum', address: 'Via G. di Vittorio 6' }, { name: 'Teatro alla Scala', address: 'Via Filodrammatici 2' }] },
  { name: 'Rome', countryCode: 'IT', country: 'Italy', lat: 41.9028, lon: 12.4964, timeZone: 'Europe/Rome', currency: 'EUR', venues: [{ name: 'Auditorium Parco della Musica', address: 'Viale Pietro de Coubertin 30' }] },
  { name: 'Vienna', countryCode: 'AT', country: 'Austria', lat: 48.2082, lon: 16.3738, timeZone: 'Europe/Vienna', currency: 'EUR', venues: [{ name: 'Wiener Stadthalle', address: 'Roland-Rainer-Platz 1' }] },
  { name: 'Prague', countryCode: 'CZ', country: 'Czech Republic', lat: 50.0755, lon: 14.4378, timeZone: 'Europe/Prague', currency: 'CZK', venues: [{ name: 'O2 arena', address: 'Českomoravská 2345/17' }] },
  { name: 'Stockholm', countryCode: 'SE', country: 'Sweden', lat: 59.3293, lon: 18.0686, timeZone: 'Europe/Stockholm', currency: 'SEK', venues: [{ name: 'Avicii Arena', address: 'Globentorget 2' }] },
  { name: 'Copenhagen', countryCode: 'DK', country: 'Denmark', lat: 55.6761, lon: 12.5683, timeZone: 'Europe/Copenhagen', currency: 'DKK', venues: [{ name: 'Royal Arena', address: 'Hannemanns Allé 18' }] },
  { name: 'Sydney', countryCode: 'AU', country: 'Australia', lat: -33.8688, lon: 151.2093, timeZone: 'Australia/Sydney', currency: 'AUD', venues: [{ name: 'Sydney Opera House', address: 'Bennelong Point' }, { name: 'Qudos Bank Arena', address: '19 Edwin Flack Ave' }] },
  { name: 'Melbourne', countryCode: 'AU', country: 'Australia', lat: -37.8136, lon: 144.9631, timeZone: 'Australia/Melbourne', currency: 'AUD', venues: [{ name: 'Rod Laver Arena', address: '200 Batman Ave' }] },
  { name: 'Auckland', countryCode: 'NZ', country: 'New Zealand', lat: -36.8485, lon: 174.7633, timeZone: 'Pacific/Auckland', currency: 'NZD', venues: [{ name: 'Spark Arena', address: '42-80 Mahuhu Crescent' }] },
  { name: 'Singapore', countryCode: 'SG', country: 'Singapore', lat: 1.3521, lon: 103.8198, timeZone: 'Asia/Singapore', currency: 'SGD', venues: [{ name: 'Singapore Indoor Stadium', address: '2 Stadium Walk' }] },
  { name: 'Tokyo', countryCode: 'JP', country: 'Japan', lat: 35.6762, lon: 139.6503, timeZone: 'Asia/Tokyo', currency: 'JPY', venues: [{ name: 'Nippon Budokan', address: '2-3 Kitanomarukoen' }] },
  { name: 'Buenos Aires', countryCode: 'AR', country: 'Argentina', lat: -34.6037, lon: -58.3816, timeZone: 'America/Argentina/Buenos_Aires', currency: 'ARS', venues: [{ name: 'Teatro Colón', address: 'Cerrito 628' }] },
  { name: 'São Paulo', countryCode: 'BR', country: 'Brazil', lat: -23.5505, lon: -46.6333, timeZone: 'America/Sao_Paulo', currency: 'BRL', venues: [{ name: 'Allianz Parque', address: 'Av. Francisco Matarazzo, 1705' }] },
];
