import { and, eq, inArray, or } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { ads, cardGradings, imageMetadata, marketplaceListings, products, users } from '../../db/schema.ts';
import { publicPathOf } from '../../storage/images.ts';
import { gradingPolicy } from '../gradings/policy.ts';

type UserRow = typeof users.$inferSelect;

/** Every photo a grading keeps, each stored as the public path the image store gave it. */
const GRADING_PHOTOS = [
  cardGradings.frontImagePath,
  cardGradings.backImagePath,
  cardGradings.frontThumbPath,
  cardGradings.annotatedFrontPath,
  cardGradings.annotatedBackPath,
];

/**
 * Who may see a stored file, for this viewer: 'private' when only its grading's owner or an
 * admin may, 'public' for a shared grading's photo or a profile picture, null when the
 * viewer may not or no row names the file (the two must look the same).
 */
export async function photoVisibility(
  db: Executor,
  filename: string,
  viewer: UserRow | null,
): Promise<'private' | 'public' | null> {
  const path = publicPathOf(filename);
  const [grading] = await db
    .select({ id: cardGradings.id, userId: cardGradings.userId, sharedAt: cardGradings.sharedAt })
    .from(cardGradings)
    .where(or(...GRADING_PHOTOS.map((column) => eq(column, path))))
    .limit(1);
  if (grading) {
    if (grading.sharedAt !== null) return 'public';
    // A card listed on the marketplace shows its report and photos to every buyer.
    if (await activelyListed(db, grading.id)) return 'public';
    return gradingPolicy.view(viewer, grading) ? 'private' : null;
  }
  // Profile pictures are avatars, product pictures the shop's, ad images are shown on public
  // pages: anyone holding the link may see one.
  const [owner] = await db.select({ id: users.id }).from(users).where(eq(users.profilePicturePath, path)).limit(1);
  if (owner) return 'public';
  const [product] = await db.select({ id: products.id }).from(products).where(eq(products.imageUrl, path)).limit(1);
  if (product) return 'public';
  const [ad] = await db.select({ id: ads.id }).from(ads).where(eq(ads.imageUrl, path)).limit(1);
  return ad ? 'public' : null;
}

async function activelyListed(db: Executor, gradingId: number): Promise<boolean> {
  const [listing] = await db
    .select({ id: marketplaceListings.id })
    .from(marketplaceListings)
    .where(and(eq(marketplaceListings.cardGradingId, gradingId), eq(marketplaceListings.status, 'active')))
    .limit(1);
  return listing !== undefined;
}

/** Which of these stored files a row names: a grading's photo, an image record, a profile, product or ad picture. */
export async function namedFiles(db: Executor, filenames: string[]): Promise<Set<string>> {
  if (filenames.length === 0) return new Set();
  const paths = filenames.map(publicPathOf);
  const [records, pictures, productPictures, adPictures, ...photos] = await Promise.all([
    db
      .select({ filename: imageMetadata.filename })
      .from(imageMetadata)
      .where(inArray(imageMetadata.filename, filenames)),
    db.select({ path: users.profilePicturePath }).from(users).where(inArray(users.profilePicturePath, paths)),
    db.select({ path: products.imageUrl }).from(products).where(inArray(products.imageUrl, paths)),
    db.select({ path: ads.imageUrl }).from(ads).where(inArray(ads.imageUrl, paths)),
    ...GRADING_PHOTOS.map((column) => db.select({ path: column }).from(cardGradings).where(inArray(column, paths))),
  ]);
  const namedPaths = new Set([pictures, productPictures, adPictures, ...photos].flat().map((row) => row.path));
  const recorded = new Set(records.map((row) => row.filename));
  return new Set(filenames.filter((filename) => recorded.has(filename) || namedPaths.has(publicPathOf(filename))));
}
