/** Well-known cards for the details form's suggestions (docs/product.md: about 100, with popularity 0-100). */
export interface CatalogueCard {
  cardName: string;
  cardSet: string;
  cardNumber?: string;
  gameBrand: string;
  year: string;
  rarity: string;
  popularity: number;
}

type Row = [string, string, string | undefined, string, string, number];
const rows: Record<string, Row[]> = {
  Pokemon: [
    ['Charizard', 'Base Set', '4/102', '1999', 'Holo Rare', 100],
    ['Blastoise', 'Base Set', '2/102', '1999', 'Holo Rare', 90],
    ['Venusaur', 'Base Set', '15/102', '1999', 'Holo Rare', 85],
    ['Pikachu', 'Base Set', '58/102', '1999', 'Common', 88],
    ['Mewtwo', 'Base Set', '10/102', '1999', 'Holo Rare', 84],
    ['Alakazam', 'Base Set', '1/102', '1999', 'Holo Rare', 70],
    ['Chansey', 'Base Set', '3/102', '1999', 'Holo Rare', 62],
    ['Gyarados', 'Base Set', '6/102', '1999', 'Holo Rare', 68],
    ['Machamp', 'Base Set', '8/102', '1999', 'Holo Rare', 60],
    ['Zapdos', 'Base Set', '16/102', '1999', 'Holo Rare', 66],
    ['Raichu', 'Base Set', '14/102', '1999', 'Holo Rare', 64],
    ['Ninetales', 'Base Set', '12/102', '1999', 'Holo Rare', 63],
    ['Mew', 'Black Star Promos', '8', '1999', 'Promo', 75],
    ['Snorlax', 'Jungle', '11/64', '1999', 'Holo Rare', 67],
    ['Scyther', 'Jungle', '10/64', '1999', 'Holo Rare', 58],
    ['Vaporeon', 'Jungle', '12/64', '1999', 'Holo Rare', 65],
    ['Jolteon', 'Jungle', '4/64', '1999', 'Holo Rare', 61],
    ['Flareon', 'Jungle', '3/64', '1999', 'Holo Rare', 60],
    ['Gengar', 'Fossil', '5/62', '1999', 'Holo Rare', 72],
    ['Dragonite', 'Fossil', '4/62', '1999', 'Holo Rare', 70],
    ['Lapras', 'Fossil', '10/62', '1999', 'Holo Rare', 59],
    ['Dark Charizard', 'Team Rocket', '4/82', '2000', 'Holo Rare', 80],
    ['Dark Blastoise', 'Team Rocket', '3/82', '2000', 'Holo Rare', 62],
    ['Lugia', 'Neo Genesis', '9/111', '2000', 'Holo Rare', 86],
    ['Typhlosion', 'Neo Genesis', '17/111', '2000', 'Holo Rare', 60],
    ['Shining Charizard', 'Neo Destiny', '107/105', '2002', 'Shining', 83],
    ['Umbreon Gold Star', 'POP Series 5', '17/17', '2007', 'Gold Star', 82],
    ['Rayquaza Gold Star', 'Deoxys', '107/107', '2005', 'Gold Star', 79],
    ['Charizard ex', 'Obsidian Flames', '223/197', '2023', 'Special Illustration Rare', 78],
    ['Umbreon VMAX', 'Evolving Skies', '215/203', '2021', 'Alternate Art Secret', 92],
    ['Rayquaza VMAX', 'Evolving Skies', '218/203', '2021', 'Alternate Art Secret', 85],
    ['Charizard VMAX', "Champion's Path", '074/073', '2020', 'Secret Rare', 81],
    ['Pikachu VMAX', 'Vivid Voltage', '188/185', '2020', 'Secret Rare', 77],
    ['Giratina V', 'Lost Origin', '186/196', '2022', 'Alternate Art', 76],
    ['Moonbreon', 'Evolving Skies', '215/203', '2021', 'Alternate Art Secret', 74],
    ['Mew ex', '151', '205/165', '2023', 'Special Illustration Rare', 73],
    ['Charizard ex', '151', '199/165', '2023', 'Special Illustration Rare', 80],
    ['Pikachu Illustrator', 'CoroCoro Promo', undefined, '1998', 'Promo', 95],
  ],
  'Magic: The Gathering': [
    ['Black Lotus', 'Alpha', undefined, '1993', 'Rare', 99],
    ['Mox Sapphire', 'Alpha', undefined, '1993', 'Rare', 88],
    ['Mox Ruby', 'Beta', undefined, '1993', 'Rare', 84],
    ['Mox Pearl', 'Unlimited', undefined, '1993', 'Rare', 80],
    ['Time Walk', 'Alpha', undefined, '1993', 'Rare', 82],
    ['Ancestral Recall', 'Beta', undefined, '1993', 'Rare', 83],
    ['Timetwister', 'Unlimited', undefined, '1993', 'Rare', 76],
    ['Underground Sea', 'Revised', undefined, '1994', 'Rare', 70],
    ['Volcanic Island', 'Revised', undefined, '1994', 'Rare', 68],
    ['The Tabernacle at Pendrell Vale', 'Legends', undefined, '1994', 'Rare', 66],
    ['Library of Alexandria', 'Arabian Nights', undefined, '1993', 'Uncommon', 65],
    ['Jace, the Mind Sculptor', 'Worldwake', '31', '2010', 'Mythic Rare', 74],
    ['Tarmogoyf', 'Future Sight', '153', '2007', 'Rare', 60],
    ['Liliana of the Veil', 'Innistrad', '105', '2011', 'Mythic Rare', 62],
    ['Force of Will', 'Alliances', undefined, '1996', 'Uncommon', 64],
    ['Ragavan, Nimble Pilferer', 'Modern Horizons 2', '138', '2021', 'Mythic Rare', 63],
    ['The One Ring', 'The Lord of the Rings: Tales of Middle-earth', '246', '2023', 'Mythic Rare', 72],
    ['Sol Ring', 'Alpha', undefined, '1993', 'Uncommon', 67],
    ['Shivan Dragon', 'Alpha', undefined, '1993', 'Rare', 58],
    ['Lightning Bolt', 'Alpha', undefined, '1993', 'Common', 57],
    ['Serra Angel', 'Alpha', undefined, '1993', 'Uncommon', 50],
    ["Gaea's Cradle", "Urza's Saga", undefined, '1998', 'Rare', 69],
  ],
  'Yu-Gi-Oh!': [
    ['Blue-Eyes White Dragon', 'Legend of Blue Eyes White Dragon', 'LOB-001', '2002', 'Ultra Rare', 90],
    ['Dark Magician', 'Legend of Blue Eyes White Dragon', 'LOB-005', '2002', 'Ultra Rare', 85],
    ['Red-Eyes Black Dragon', 'Legend of Blue Eyes White Dragon', 'LOB-070', '2002', 'Ultra Rare', 80],
    ['Exodia the Forbidden One', 'Legend of Blue Eyes White Dragon', 'LOB-124', '2002', 'Ultra Rare', 82],
    ['Dark Magician Girl', "Magician's Force", 'MFC-000', '2003', 'Secret Rare', 84],
    ['Black Luster Soldier', 'Starter Deck: Yugi', 'SDY-006', '2002', 'Ultra Rare', 60],
    ['Summoned Skull', 'Metal Raiders', 'MRD-003', '2002', 'Ultra Rare', 58],
    ['Jinzo', "Pharaoh's Servant", 'PSV-000', '2002', 'Secret Rare', 62],
    ['Elemental HERO Neos', 'The Lost Millennium', 'TLM-EN001', '2005', 'Ultimate Rare', 55],
    ['Stardust Dragon', 'The Duelist Genesis', 'TDGS-EN040', '2008', 'Ghost Rare', 70],
    ['Ash Blossom & Joyous Spring', 'Maximum Crisis', 'MACR-EN036', '2017', 'Secret Rare', 57],
    ['Monster Reborn', 'Legend of Blue Eyes White Dragon', 'LOB-118', '2002', 'Ultra Rare', 52],
    ['Blue-Eyes Ultimate Dragon', 'Legend of Blue Eyes White Dragon', 'LOB-000', '2002', 'Secret Rare', 68],
  ],
  Baseball: [
    ['Mickey Mantle', '1952 Topps', '311', '1952', 'Base', 98],
    ['Honus Wagner', 'T206', undefined, '1909', 'Base', 97],
    ['Babe Ruth', '1933 Goudey', '53', '1933', 'Base', 90],
    ['Jackie Robinson', '1948 Leaf', '79', '1948', 'Rookie', 88],
    ['Ken Griffey Jr.', '1989 Upper Deck', '1', '1989', 'Rookie', 86],
    ['Mike Trout', '2009 Bowman Chrome Draft', 'BDPP89', '2009', 'Autograph', 87],
    ['Shohei Ohtani', '2018 Topps Update', 'US1', '2018', 'Rookie', 84],
    ['Derek Jeter', '1993 SP', '279', '1993', 'Rookie', 78],
    ['Hank Aaron', '1954 Topps', '128', '1954', 'Rookie', 80],
    ['Roberto Clemente', '1955 Topps', '164', '1955', 'Rookie', 79],
  ],
  Basketball: [
    ['Michael Jordan', '1986 Fleer', '57', '1986', 'Rookie', 99],
    ['LeBron James', '2003 Topps Chrome', '111', '2003', 'Rookie', 93],
    ['Kobe Bryant', '1996 Topps Chrome', '138', '1996', 'Rookie', 90],
    ['Stephen Curry', '2009 Panini Prizm', undefined, '2009', 'Rookie', 80],
    ['Luka Doncic', '2018 Panini Prizm', '280', '2018', 'Rookie', 82],
    ['Victor Wembanyama', '2023 Panini Prizm', '136', '2023', 'Rookie', 81],
    ['Giannis Antetokounmpo', '2013 Panini Prizm', '290', '2013', 'Rookie', 72],
  ],
  Football: [
    ['Tom Brady', '2000 Playoff Contenders', '144', '2000', 'Rookie Ticket Autograph', 92],
    ['Patrick Mahomes', '2017 Panini Prizm', '269', '2017', 'Rookie', 85],
    ['Joe Montana', '1981 Topps', '216', '1981', 'Rookie', 74],
    ['Jerry Rice', '1986 Topps', '161', '1986', 'Rookie', 70],
  ],
  Hockey: [
    ['Wayne Gretzky', '1979 O-Pee-Chee', '18', '1979', 'Rookie', 94],
    ['Connor McDavid', '2015 Upper Deck Young Guns', '201', '2015', 'Rookie', 83],
  ],
  Soccer: [
    ['Lionel Messi', '2004 Panini Megacracks', '71', '2004', 'Rookie', 88],
    ['Cristiano Ronaldo', '2003 Panini Sports Mega Cracks', '137', '2003', 'Rookie', 85],
  ],
};

export const CARD_CATALOGUE: CatalogueCard[] = Object.entries(rows).flatMap(([gameBrand, list]) =>
  list.map(([cardName, cardSet, cardNumber, year, rarity, popularity]) => ({
    cardName,
    cardSet,
    ...(cardNumber ? { cardNumber } : {}),
    gameBrand,
    year,
    rarity,
    popularity,
  })),
);

export type SuggestField = 'cardName' | 'cardSet' | 'cardNumber' | 'gameBrand' | 'year';

/** Distinct values of a field that contain the typed text, most popular first. */
export function suggest(field: SuggestField, text: string, limit: number): string[] {
  const q = text.trim().toLowerCase();
  const scored = new Map<string, number>();
  for (const card of CARD_CATALOGUE) {
    const value = card[field];
    if (!value || (q && !value.toLowerCase().includes(q))) continue;
    const score = card.popularity + (value.toLowerCase().startsWith(q) ? 100 : 0);
    scored.set(value, Math.max(scored.get(value) ?? 0, score));
  }
  return [...scored.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, limit)
    .map(([v]) => v);
}

/** The most popular cards matching the typed name (shown under the name's text suggestions). */
export function popularCards(text: string, limit: number): CatalogueCard[] {
  const q = text.trim().toLowerCase();
  return CARD_CATALOGUE.filter((c) => !q || c.cardName.toLowerCase().includes(q) || c.cardSet.toLowerCase().includes(q))
    .sort((a, b) => b.popularity - a.popularity)
    .slice(0, limit);
}
