import type { Random } from '../random.ts';

/** Made-up but word-shaped text: card text is mostly short words, numbers and capitalised names. */
const SYLLABLES = [
  'ka',
  'ri',
  'mo',
  'zen',
  'tor',
  'la',
  'vi',
  'dra',
  'nox',
  'el',
  'sha',
  'quin',
  'bar',
  'ul',
  'fen',
  'gro',
  'pi',
  'sol',
  'thar',
  'mi',
];
const WORDS =
  'the a of to this your each card attack damage flip coin if heads tails opponent active benched energy discard draw search deck put into hand during next turn may choose one more does less from attached target creature player gains loses life until end when enters battlefield tap untap destroy return owner graveyard exile spell ability cost special summon monster face up down field zone effect activate once per chain negate points season games yards average total team league record'.split(
    ' ',
  );

export function name(rng: Random, parts = rng.int(2, 3)): string {
  let s = '';
  for (let i = 0; i < parts; i += 1) s += rng.pick(SYLLABLES);
  return s[0]!.toUpperCase() + s.slice(1);
}

export function sentence(rng: Random, length = rng.int(6, 14)): string[] {
  const out: string[] = [];
  for (let i = 0; i < length; i += 1) {
    const roll = rng.next();
    out.push(roll < 0.08 ? String(10 * rng.int(1, 12)) : roll < 0.14 ? name(rng, 2) : rng.pick(WORDS));
  }
  out[0] = out[0]![0]!.toUpperCase() + out[0]!.slice(1);
  out[out.length - 1] += '.';
  return out;
}

export function sentences(rng: Random, count: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < count; i += 1) out.push(...sentence(rng));
  return out;
}
