// Seeds GradeLens's database for `npm run bench:api` (bench/api.mjs) with the data the Express
// baseline's seed.mjs gives its own: users bench0..bench{N-1} with the password benchpass1 and M
// gradings each, drawn from the same deterministic generator (same cards, sets, numbers, years,
// notes and dates; grades rounded to GradeLens's whole numbers). The schema comes from the
// committed migrations, the users from registerUser (argon2id as at sign-up, the sign-up bonus
// in the ledger), and every grading carries a real engine report as its `analysis`
// (bench/fixtures/engine-report.json), as a graded card does.
//   DATABASE_URL=postgres://... tsx server/bench/api-seed.ts --users 50 --gradings 100
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import type { GradeReport } from '@gradelens/shared';
import { openDatabase } from '../src/db/client.ts';
import { cardGradings } from '../src/db/schema.ts';
import { GRADING_METHOD } from '../src/modules/gradings/analyze.ts';
import { registerUser } from '../src/modules/accounts/service.ts';

const { values: args } = parseArgs({
  options: {
    users: { type: 'string', default: '50' },
    gradings: { type: 'string', default: '100' },
    password: { type: 'string', default: 'benchpass1' },
  },
});
const USERS = Number(args.users);
const GRADINGS = Number(args.gradings);
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error('DATABASE_URL is required: the bench seeds a PostgreSQL database');

const report = JSON.parse(
  readFileSync(new URL('../../bench/fixtures/engine-report.json', import.meta.url), 'utf8'),
) as GradeReport;

// The baseline's generator, call for call (bench/express-baseline/seed.mjs), so both databases hold the same cards.
let s = 0x5eed1234;
function rand() {
  s |= 0;
  s = (s + 0x6d2b79f5) | 0;
  let t = Math.imul(s ^ (s >>> 15), 1 | s);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const pick = <T>(a: readonly T[]): T => a[Math.floor(rand() * a.length)]!;
const grade = (lo = 5) => Math.round((lo + rand() * (10 - lo)) * 2) / 2;
const whole = (g: number) => Math.min(10, Math.max(1, Math.round(g)));

const CARDS: Record<string, { sets: string[]; names: string[] }> = {
  Pokemon: {
    sets: ['Base Set', 'Jungle', 'Fossil', 'Team Rocket', 'Neo Genesis', 'Evolving Skies', 'Scarlet & Violet 151'],
    names: ['Charizard', 'Blastoise', 'Venusaur', 'Pikachu', 'Mewtwo', 'Umbreon VMAX', 'Rayquaza', 'Gengar', 'Lugia'],
  },
  'Magic: The Gathering': {
    sets: ['Alpha', 'Beta', 'Unlimited', 'Revised', 'Modern Horizons 2', 'Dominaria United'],
    names: [
      'Black Lotus',
      'Lightning Bolt',
      'Shivan Dragon',
      'Serra Angel',
      'Counterspell',
      'Ragavan, Nimble Pilferer',
    ],
  },
  'Yu-Gi-Oh!': {
    sets: ['Legend of Blue Eyes White Dragon', 'Metal Raiders', 'Pharaonic Guardian', 'Invasion of Chaos'],
    names: ['Blue-Eyes White Dragon', 'Dark Magician', 'Exodia the Forbidden One', 'Red-Eyes Black Dragon'],
  },
  Sports: {
    sets: ['Topps Chrome', 'Panini Prizm', 'Upper Deck', 'Bowman Draft', 'Donruss Optic'],
    names: ['Michael Jordan', 'LeBron James', 'Mike Trout', 'Shohei Ohtani', 'Tom Brady', 'Wayne Gretzky'],
  },
};
const BRANDS = Object.keys(CARDS);
const METHODS = ['ai_vision_v2', 'manual_review', 'hybrid'];
const NOTE_BITS = [
  'Corners are sharp with only minimal whitening visible under magnification on the back left corner.',
  'Edges show light chipping along the top edge, consistent with handling rather than manufacturing.',
  'Surface is clean with strong gloss; a faint print line runs vertically through the artwork.',
  'Centering is roughly 55/45 left to right and 60/40 top to bottom on the front, acceptable for the grade.',
  'Back centering is noticeably off, which caps the centering sub-grade despite a near-perfect front.',
  'No creases, dents or indentations detected; holo pattern intact without scratches in the foil layer.',
  'Minor surface scuffing is visible when tilted under direct light, most likely from sleeve friction.',
  'Colour registration is good and the card shows no signs of trimming or restoration.',
];
function notes() {
  const parts: string[] = [];
  let len = 0;
  while (len < 300) {
    const p = pick(NOTE_BITS);
    parts.push(p);
    len += p.length + 1;
  }
  return parts.join(' ');
}

const database = await openDatabase({ databaseUrl });
try {
  const { db } = database;
  const t0 = Date.now();
  const now = Date.now();
  const YEAR_MS = 365 * 24 * 3600 * 1000;
  for (let u = 0; u < USERS; u++) {
    const user = await registerUser(db, {
      username: `bench${u}`,
      email: `bench${u}@example.test`,
      password: args.password,
      confirmPassword: args.password,
    });
    rand(); // the baseline draws the user's points here; GradeLens gives the sign-up bonus instead
    const rows: (typeof cardGradings.$inferInsert)[] = [];
    for (let g = 0; g < GRADINGS; g++) {
      const brand = pick(BRANDS);
      const c = CARDS[brand]!;
      const sub = [grade(), grade(), grade(), grade()] as const;
      const overall = Math.round(((sub[0] + sub[1] + sub[2] + sub[3]) / 4) * 2) / 2;
      const ml = rand() < 0.7;
      const stamp = `${u}-${g}-${Math.floor(rand() * 1e9).toString(36)}`;
      const cardName = pick(c.names);
      const cardSet = pick(c.sets);
      const cardNumber = `${1 + Math.floor(rand() * 200)}/${200 + Math.floor(rand() * 150)}`;
      const year = String(1993 + Math.floor(rand() * 32));
      const note = notes();
      pick(ml ? ['ai_vision_v2', 'hybrid'] : METHODS); // the baseline's method; every GradeLens card here is engine-graded
      const createdAt = new Date(now - Math.floor(rand() * YEAR_MS));
      const grades = {
        cornerGrade: whole(sub[0]),
        edgeGrade: whole(sub[1]),
        surfaceGrade: whole(sub[2]),
        centeringGrade: whole(sub[3]),
        overallGrade: whole(overall),
      };
      rows.push({
        userId: user.id,
        cardName,
        cardSet,
        cardNumber,
        gameBrand: brand,
        year,
        frontImagePath: `/uploads/${stamp}-front.jpg`,
        backImagePath: `/uploads/${stamp}-back.jpg`,
        frontThumbPath: `/uploads/${stamp}-thumb.jpg`,
        annotatedFrontPath: `/uploads/${stamp}-front-annotated.jpg`,
        annotatedBackPath: `/uploads/${stamp}-back-annotated.jpg`,
        ...grades,
        notes: note,
        gradingMethod: GRADING_METHOD,
        mlPowered: 1,
        analysis: { ...report, ...grades },
        gradedAt: createdAt,
        createdAt,
      });
    }
    for (let i = 0; i < rows.length; i += 500) await db.insert(cardGradings).values(rows.slice(i, i + 500));
  }
  await db.execute(sql`ANALYZE`);
  console.log(JSON.stringify({ users: USERS, gradingsPerUser: GRADINGS, seconds: (Date.now() - t0) / 1000 }));
} finally {
  await database.close();
}
