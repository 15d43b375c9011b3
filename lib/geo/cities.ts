// A small offline gazetteer: the world's larger cities, so a worker picks a location by typing a city
// name and no geocoding service is needed. [name, region, ISO country code, lat, lng].
export type City = { name: string; region: string; country: string; lat: number; lng: number };

const ROWS: [string, string, string, number, number][] = [
  ['New York', 'New York', 'US', 40.7128, -74.006],
  ['Los Angeles', 'California', 'US', 34.0522, -118.2437],
  ['Chicago', 'Illinois', 'US', 41.8781, -87.6298],
  ['Houston', 'Texas', 'US', 29.7604, -95.3698],
  ['Phoenix', 'Arizona', 'US', 33.4484, -112.074],
  ['Philadelphia', 'Pennsylvania', 'US', 39.9526, -75.1652],
  ['San Antonio', 'Texas', 'US', 29.4241, -98.4936],
  ['San Diego', 'California', 'US', 32.7157, -117.1611],
  ['Dallas', 'Texas', 'US', 32.7767, -96.797],
  ['Austin', 'Texas', 'US', 30.2672, -97.7431],
  ['San Jose', 'California', 'US', 37.3382, -121.8863],
  ['San Francisco', 'California', 'US', 37.7749, -122.4194],
  ['Seattle', 'Washington', 'US', 47.6062, -122.3321],
  ['Denver', 'Colorado', 'US', 39.7392, -104.9903],
  ['Washington', 'District of Columbia', 'US', 38.9072, -77.0369],
  ['Boston', 'Massachusetts', 'US', 42.3601, -71.0589],
  ['Nashville', 'Tennessee', 'US', 36.1627, -86.7816],
  ['Portland', 'Oregon', 'US', 45.5152, -122.6784],
  ['Las Vegas', 'Nevada', 'US', 36.1699, -115.1398],
  ['Detroit', 'Michigan', 'US', 42.3314, -83.0458],
  ['Atlanta', 'Georgia', 'US', 33.749, -84.388],
  ['Miami', 'Florida', 'US', 25.7617, -80.1918],
  ['Orlando', 'Florida', 'US', 28.5383, -81.3792],
  ['Minneapolis', 'Minnesota', 'US', 44.9778, -93.265],
  ['New Orleans', 'Louisiana', 'US', 29.9511, -90.0715],
  ['Salt Lake City', 'Utah', 'US', 40.7608, -111.891],
  ['Pittsburgh', 'Pennsylvania', 'US', 40.4406, -79.9959],
  ['Toronto', 'Ontario', 'CA', 43.6532, -79.3832],
  ['Montreal', 'Quebec', 'CA', 45.5017, -73.5673],
  ['Vancouver', 'British Columbia', 'CA', 49.2827, -123.1207],
  ['Calgary', 'Alberta', 'CA', 51.0447, -114.0719],
  ['Ottawa', 'Ontario', 'CA', 45.4215, -75.6972],
  ['Mexico City', 'Mexico City', 'MX', 19.4326, -99.1332],
  ['Guadalajara', 'Jalisco', 'MX', 20.6597, -103.3496],
  ['Monterrey', 'Nuevo León', 'MX', 25.6866, -100.3161],
  ['Bogotá', 'Bogotá', 'CO', 4.711, -74.0721],
  ['Medellín', 'Antioquia', 'CO', 6.2442, -75.5812],
  ['Lima', 'Lima', 'PE', -12.0464, -77.0428],
  ['Santiago', 'Santiago Metropolitan', 'CL', -33.4489, -70.6693],
  ['Buenos Aires', 'Buenos Aires', 'AR', -34.6037, -58.3816],
  ['São Paulo', 'São Paulo', 'BR', -23.5505, -46.6333],
  ['Rio de Janeiro', 'Rio de Janeiro', 'BR', -22.9068, -43.1729],
  ['Brasília', 'Federal District', 'BR', -15.7975, -47.8919],
  ['Caracas', 'Capital District', 'VE', 10.4806, -66.9036],
  ['Quito', 'Pichincha', 'EC', -0.1807, -78.4678],
  ['Montevideo', 'Montevideo', 'UY', -34.9011, -56.1645],
  ['London', 'England', 'GB', 51.5074, -0.1278],
  ['Manchester', 'England', 'GB', 53.4808, -2.2426],
  ['Birmingham', 'England', 'GB', 52.4862, -1.8904],
  ['Edinburgh', 'Scotland', 'GB', 55.9533, -3.1883],
  ['Glasgow', 'Scotland', 'GB', 55.8642, -4.2518],
  ['Dublin', 'Leinster', 'IE', 53.3498, -6.2603],
  ['Paris', 'Île-de-France', 'FR', 48.8566, 2.3522],
  ['Lyon', 'Auvergne-Rhône-Alpes', 'FR', 45.764, 4.8357],
  ['Marseille', "Provence-Alpes-Côte d'Azur", 'FR', 43.2965, 5.3698],
  ['Toulouse', 'Occitanie', 'FR', 43.6047, 1.4442],
  ['Bordeaux', 'Nouvelle-Aquitaine', 'FR', 44.8378, -0.5792],
  ['Nice', "Provence-Alpes-Côte d'Azur", 'FR', 43.7102, 7.262],
  ['Brussels', 'Brussels', 'BE', 50.8503, 4.3517],
  ['Antwerp', 'Flanders', 'BE', 51.2194, 4.4025],
  ['Amsterdam', 'North Holland', 'NL', 52.3676, 4.9041],
  ['Rotterdam', 'South Holland', 'NL', 51.9244, 4.4777],
  ['Berlin', 'Berlin', 'DE', 52.52, 13.405],
  ['Hamburg', 'Hamburg', 'DE', 53.5511, 9.9937],
  ['Munich', 'Bavaria', 'DE', 48.1351, 11.582],
  ['Cologne', 'North Rhine-Westphalia', 'DE', 50.9375, 6.9603],
  ['Frankfurt', 'Hesse', 'DE', 50.1109, 8.6821],
  ['Stuttgart', 'Baden-Württemberg', 'DE', 48.7758, 9.1829],
  ['Zurich', 'Zurich', 'CH', 47.3769, 8.5417],
  ['Geneva', 'Geneva', 'CH', 46.2044, 6.1432],
  ['Vienna', 'Vienna', 'AT', 48.2082, 16.3738],
  ['Prague', 'Prague', 'CZ', 50.0755, 14.4378],
  ['Warsaw', 'Masovia', 'PL', 52.2297, 21.0122],
  ['Kraków', 'Lesser Poland', 'PL', 50.0647, 19.945],
  ['Budapest', 'Budapest', 'HU', 47.4979, 19.0402],
  ['Copenhagen', 'Capital Region', 'DK', 55.6761, 12.5683],
  ['Stockholm', 'Stockholm', 'SE', 59.3293, 18.0686],
  ['Oslo', 'Oslo', 'NO', 59.9139, 10.7522],
  ['Helsinki', 'Uusimaa', 'FI', 60.1699, 24.9384],
  ['Madrid', 'Community of Madrid', 'ES', 40.4168, -3.7038],
  ['Barcelona', 'Catalonia', 'ES', 41.3874, 2.1686],
  ['Valencia', 'Valencian Community', 'ES', 39.4699, -0.3763],
  ['Seville', 'Andalusia', 'ES', 37.3891, -5.9845],
  ['Lisbon', 'Lisbon', 'PT', 38.7223, -9.1393],
  ['Porto', 'Porto', 'PT', 41.1579, -8.6291],
  ['Rome', 'Lazio', 'IT', 41.9028, 12.4964],
  ['Milan', 'Lombardy', 'IT', 45.4642, 9.19],
  ['Naples', 'Campania', 'IT', 40.8518, 14.2681],
  ['Turin', 'Piedmont', 'IT', 45.0703, 7.6869],
  ['Athens', 'Attica', 'GR', 37.9838, 23.7275],
  ['Istanbul', 'Istanbul', 'TR', 41.0082, 28.9784],
  ['Ankara', 'Ankara', 'TR', 39.9334, 32.8597],
  ['Bucharest', 'Bucharest', 'RO', 44.4268, 26.1025],
  ['Sofia', 'Sofia City', 'BG', 42.6977, 23.3219],
  ['Belgrade', 'Belgrade', 'RS', 44.7866, 20.4489],
  ['Kyiv', 'Kyiv', 'UA', 50.4501, 30.5234],
  ['Moscow', 'Moscow', 'RU', 55.7558, 37.6173],
  ['Saint Petersburg', 'Saint Petersburg', 'RU', 59.9311, 30.3609],
  ['Cairo', 'Cairo', 'EG', 30.0444, 31.2357],
  ['Casablanca', 'Casablanca-Settat', 'MA', 33.5731, -7.5898],
  ['Lagos', 'Lagos', 'NG', 6.5244, 3.3792],
  ['Abuja', 'Federal Capital Territory', 'NG', 9.0765, 7.3986],
  ['Accra', 'Greater Accra', 'GH', 5.6037, -0.187],
  ['Nairobi', 'Nairobi', 'KE', -1.2921, 36.8219],
  ['Addis Ababa', 'Addis Ababa', 'ET', 8.9806, 38.7578],
  ['Johannesburg', 'Gauteng', 'ZA', -26.2041, 28.0473],
  ['Cape Town', 'Western Cape', 'ZA', -33.9249, 18.4241],
  ['Dakar', 'Dakar', 'SN', 14.7167, -17.4677],
  ['Dubai', 'Dubai', 'AE', 25.2048, 55.2708],
  ['Abu Dhabi', 'Abu Dhabi', 'AE', 24.4539, 54.3773],
  ['Riyadh', 'Riyadh', 'SA', 24.7136, 46.6753],
  ['Tel Aviv', 'Tel Aviv', 'IL', 32.0853, 34.7818],
  ['Tehran', 'Tehran', 'IR', 35.6892, 51.389],
  ['Karachi', 'Sindh', 'PK', 24.8607, 67.0011],
  ['Lahore', 'Punjab', 'PK', 31.5204, 74.3587],
  ['Mumbai', 'Maharashtra', 'IN', 19.076, 72.8777],
  ['Delhi', 'Delhi', 'IN', 28.7041, 77.1025],
  ['Bengaluru', 'Karnataka', 'IN', 12.9716, 77.5946],
  ['Hyderabad', 'Telangana', 'IN', 17.385, 78.4867],
  ['Chennai', 'Tamil Nadu', 'IN', 13.0827, 80.2707],
  ['Kolkata', 'West Bengal', 'IN', 22.5726, 88.3639],
  ['Pune', 'Maharashtra', 'IN', 18.5204, 73.8567],
  ['Dhaka', 'Dhaka', 'BD', 23.8103, 90.4125],
  ['Bangkok', 'Bangkok', 'TH', 13.7563, 100.5018],
  ['Ho Chi Minh City', 'Ho Chi Minh City', 'VN', 10.8231, 106.6297],
  ['Hanoi', 'Hanoi', 'VN', 21.0278, 105.8342],
  ['Kuala Lumpur', 'Federal Territory of Kuala Lumpur', 'MY', 3.139, 101.6869],
  ['Singapore', 'Singapore', 'SG', 1.3521, 103.8198],
  ['Jakarta', 'Jakarta', 'ID', -6.2088, 106.8456],
  ['Manila', 'Metro Manila', 'PH', 14.5995, 120.9842],
  ['Hong Kong', 'Hong Kong', 'HK', 22.3193, 114.1694],
  ['Taipei', 'Taipei', 'TW', 25.033, 121.5654],
  ['Shanghai', 'Shanghai', 'CN', 31.2304, 121.4737],
  ['Beijing', 'Beijing', 'CN', 39.9042, 116.4074],
  ['Shenzhen', 'Guangdong', 'CN', 22.5431, 114.0579],
  ['Guangzhou', 'Guangdong', 'CN', 23.1291, 113.2644],
  ['Chengdu', 'Sichuan', 'CN', 30.5728, 104.0668],
  ['Seoul', 'Seoul', 'KR', 37.5665, 126.978],
  ['Busan', 'Busan', 'KR', 35.1796, 129.0756],
  ['Tokyo', 'Tokyo', 'JP', 35.6762, 139.6503],
  ['Osaka', 'Osaka', 'JP', 34.6937, 135.5023],
  ['Kyoto', 'Kyoto', 'JP', 35.0116, 135.7681],
  ['Sydney', 'New South Wales', 'AU', -33.8688, 151.2093],
  ['Melbourne', 'Victoria', 'AU', -37.8136, 144.9631],
  ['Brisbane', 'Queensland', 'AU', -27.4698, 153.0251],
  ['Perth', 'Western Australia', 'AU', -31.9505, 115.8605],
  ['Adelaide', 'South Australia', 'AU', -34.9285, 138.6007],
  ['Auckland', 'Auckland', 'NZ', -36.8485, 174.7633],
  ['Wellington', 'Wellington', 'NZ', -41.2865, 174.7762],
];

export const CITIES: City[] = ROWS.map(([name, region, country, lat, lng]) => ({ name, region, country, lat, lng }));

const fold = (value: string) =>
  value
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .trim();

/** Cities whose name starts with the typed text (accents and case ignored), then those containing it. */
export function searchCities(query: string, limit = 8): City[] {
  const typed = fold(query);
  if (typed.length === 0) return [];
  const starts = CITIES.filter((city) => fold(city.name).startsWith(typed));
  const contains = CITIES.filter((city) => !fold(city.name).startsWith(typed) && fold(city.name).includes(typed));
  return [...starts, ...contains].slice(0, limit);
}

/**
 * The city a free text names ("a parcel at Hauptstr. 5 in Berlin by 5 pm" → Berlin): the longest city name that
 * appears in it as whole words (accents and case ignored), or null.
 */
export function cityMentionedIn(text: string): City | null {
  const words = ` ${fold(text).replace(/[^\p{L}\p{N}]+/gu, ' ')} `;
  let best: City | null = null;
  for (const city of CITIES) {
    const name = fold(city.name).replace(/[^\p{L}\p{N}]+/gu, ' ');
    if (words.includes(` ${name} `) && (!best || city.name.length > best.name.length)) best = city;
  }
  return best;
}
