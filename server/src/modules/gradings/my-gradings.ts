import { and, desc, eq, sql } from 'drizzle-orm';
import type { GradingListItem, GradingListPage } from '@gradelens/shared';
import type { Database } from '../../db/client.ts';
import { arrayRowsQuery } from '../../db/prepared.ts';
import { cardGradings } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { MAX_ROW_ID } from '../../http/parse.ts';
import { publicImagePath } from './presenter.ts';

/**
 * The signed-in user's cards, newest first, a page at a time: only the columns the history and
 * portfolio show (never the report, several kB of JSON a card), from the index on
 * (user_id, created_at, id). The cursor is the last card's (created_at in microseconds, id), so
 * a page never repeats or skips a card, even when cards share a creation time or one is deleted.
 */
const columns = {
  id: cardGradings.id,
  cardName: cardGradings.cardName,
  cardSet: cardGradings.cardSet,
  cardNumber: cardGradings.cardNumber,
  gameBrand: cardGradings.gameBrand,
  year: cardGradings.year,
  frontImagePath: cardGradings.frontImagePath,
  backImagePath: cardGradings.backImagePath,
  frontThumbPath: cardGradings.frontThumbPath,
  cornerGrade: cardGradings.cornerGrade,
  edgeGrade: cardGradings.edgeGrade,
  surfaceGrade: cardGradings.surfaceGrade,
  centeringGrade: cardGradings.centeringGrade,
  overallGrade: cardGradings.overallGrade,
  gradingMethod: cardGradings.gradingMethod,
  gradedAt: isoText<string | null>(cardGradings.gradedAt),
  createdAt: isoText<string>(cardGradings.createdAt),
  // A draft's last refusal; a graded card's is never read.
  rejection: sql<
    GradingListItem['rejection']
  >`CASE WHEN ${cardGradings.gradedAt} IS NULL THEN ${cardGradings.rejection} END`,
  createdMicros: sql<string>`(extract(epoch FROM ${cardGradings.createdAt}) * 1000000)::int8::text`,
};

/** A time as JavaScript's toISOString writes it (milliseconds, truncated), so the list makes no Date. */
function isoText<T extends string | null>(column: typeof cardGradings.createdAt | typeof cardGradings.gradedAt) {
  return sql<T>`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

const order = [desc(cardGradings.createdAt), desc(cardGradings.id)];
const owner = eq(cardGradings.userId, sql.placeholder('userId'));

const firstPage = arrayRowsQuery('my_gradings_first', (db) =>
  db
    .select(columns)
    .from(cardGradings)
    .where(owner)
    .orderBy(...order)
    .limit(sql.placeholder('limit')),
);
const pageAfter = arrayRowsQuery('my_gradings_after', (db) =>
  db
    .select(columns)
    .from(cardGradings)
    .where(
      and(
        owner,
        sql`(${cardGradings.createdAt}, ${cardGradings.id}) < (timestamptz 'epoch' + ${sql.placeholder('micros')}::int8 * interval '1 microsecond', ${sql.placeholder('id')}::int4)`,
      ),
    )
    .orderBy(...order)
    .limit(sql.placeholder('limit')),
);

/** A row of the page: the answer's item as it leaves (times already text), and its place for the cursor. */
type ListRow = GradingListItem & { createdMicros: string };
const KEYS = Object.keys(columns) as (keyof typeof columns)[];

export async function listMyGradings(
  db: Database,
  userId: number,
  page: { cursor?: string | undefined; limit: number },
): Promise<GradingListPage> {
  const after = page.cursor === undefined ? null : readCursor(page.cursor);
  // One more than asked: whether it exists says if there is a next page.
  const rows = after
    ? await pageAfter(db, { userId, limit: page.limit + 1, ...after })
    : await firstPage(db, { userId, limit: page.limit + 1 });
  const items = rows.slice(0, page.limit).map(present);
  const last = items.at(-1);
  return {
    items,
    nextCursor: rows.length > page.limit && last ? cursorOf(last) : null,
  };
}

/**
 * The columns in select order are the item's fields (times as text, the report never read), so
 * each row becomes its item directly: one object a card, only the photo paths rewritten. The
 * response schema writes GradingListItem's fields alone, never createdMicros.
 */
function present(values: unknown[]): ListRow {
  const row: Record<string, unknown> = {};
  for (let i = 0; i < KEYS.length; i += 1) row[KEYS[i]!] = values[i];
  const item = row as ListRow;
  item.frontImagePath = publicImagePath(item.frontImagePath);
  item.backImagePath = publicImagePath(item.backImagePath);
  if (item.frontThumbPath) item.frontThumbPath = publicImagePath(item.frontThumbPath);
  item.rejection ??= null;
  return item;
}

const cursorOf = (row: ListRow) => Buffer.from(`${row.createdMicros}.${row.id}`).toString('base64url');

const CURSOR_TEXT = /^(-?\d{1,17})\.(\d{1,10})$/;

function readCursor(cursor: string): { micros: string; id: number } {
  const match = CURSOR_TEXT.exec(Buffer.from(cursor, 'base64url').toString('latin1'));
  const id = Number(match?.[2]);
  if (!match || id < 1 || id > MAX_ROW_ID) {
    const message = 'The cursor is not one this list gave. Leave it out to start from the newest card.';
    throw new AppError('VALIDATION', message, { fields: { cursor: message } });
  }
  return { micros: match[1]!, id };
}
