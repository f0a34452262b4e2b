import { and, asc, count, desc, eq, ilike, isNotNull, or, type SQL } from 'drizzle-orm';
import type { ProductCreateInput, ProductQuery, ProductUpdateInput } from '@gradelens/shared';
import type { Database } from '../../db/client.ts';
import { containsPattern } from '../../db/like.ts';
import { products } from '../../db/schema.ts';
import { notFound } from '../../errors.ts';
import { normalizeImage, type ImageStore } from '../../storage/images.ts';

export type ProductRow = typeof products.$inferSelect;

const PRODUCT_IMAGE_SIDE = 1200;

/** One page of the products on sale: featured first, then newest; with every category on sale. */
export async function listActiveProducts(db: Database, query: ProductQuery) {
  const conditions: SQL[] = [eq(products.active, 1)];
  if (query.category) conditions.push(eq(products.category, query.category));
  if (query.featured !== undefined) conditions.push(eq(products.featured, query.featured ? 1 : 0));
  if (query.q) {
    const pattern = containsPattern(query.q);
    conditions.push(or(ilike(products.name, pattern), ilike(products.description, pattern))!);
  }
  const where = and(...conditions);
  const [rows, totals, categories] = await Promise.all([
    db
      .select()
      .from(products)
      .where(where)
      .orderBy(desc(products.featured), desc(products.createdAt), desc(products.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: count() }).from(products).where(where),
    db
      .selectDistinct({ category: products.category })
      .from(products)
      .where(and(eq(products.active, 1), isNotNull(products.category)))
      .orderBy(asc(products.category)),
  ]);
  return {
    rows,
    total: totals[0]?.total ?? 0,
    categories: categories.map((c) => c.category).filter((c): c is string => Boolean(c)),
  };
}

/** Every product, on sale or not, for the admin's list; a search matches the name or the id. */
export async function listAllProducts(db: Database, query: { q?: string; page: number; pageSize: number }) {
  const id = query.q && /^\d{1,9}$/.test(query.q) ? Number(query.q) : null;
  const where = query.q
    ? or(ilike(products.name, containsPattern(query.q)), ...(id === null ? [] : [eq(products.id, id)]))
    : undefined;
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(products)
      .where(where)
      .orderBy(desc(products.createdAt), desc(products.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: count() }).from(products).where(where),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}

/** A product a shopper may see: one not on sale is not found, as if it did not exist. */
export async function findActiveProduct(db: Database, id: number): Promise<ProductRow> {
  const [row] = await db
    .select()
    .from(products)
    .where(and(eq(products.id, id), eq(products.active, 1)));
  if (!row) throw notFound('That product');
  return row;
}

export async function findProduct(db: Database, id: number): Promise<ProductRow> {
  const [row] = await db.select().from(products).where(eq(products.id, id));
  if (!row) throw notFound('That product');
  return row;
}

const flag = (value: boolean | undefined) => (value === undefined ? undefined : value ? 1 : 0);

export async function createProduct(db: Database, input: ProductCreateInput): Promise<ProductRow> {
  const [row] = await db
    .insert(products)
    .values({
      name: input.name,
      description: input.description || null,
      price: input.price,
      category: input.category || null,
      stock: input.stock,
      featured: input.featured ? 1 : 0,
      active: input.active ? 1 : 0,
    })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function updateProduct(db: Database, id: number, input: ProductUpdateInput): Promise<ProductRow> {
  const [row] = await db
    .update(products)
    .set({
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.description !== undefined ? { description: input.description || null } : {}),
      ...(input.price !== undefined ? { price: input.price } : {}),
      ...(input.category !== undefined ? { category: input.category || null } : {}),
      ...(input.stock !== undefined ? { stock: input.stock } : {}),
      ...(input.featured !== undefined ? { featured: flag(input.featured) } : {}),
      ...(input.active !== undefined ? { active: flag(input.active) } : {}),
      updatedAt: new Date(),
    })
    .where(eq(products.id, id))
    .returning();
  if (!row) throw notFound('That product');
  return row;
}

/**
 * Stores a product's picture through the photo pipeline (format told by its bytes, decoded
 * within the pixel and time limits, rotated, metadata dropped, re-encoded) and removes the one
 * it replaces.
 */
export async function replaceProductImage(
  db: Database,
  images: ImageStore,
  product: ProductRow,
  upload: Buffer,
): Promise<ProductRow> {
  const encoded = await normalizeImage(upload, { maxSide: PRODUCT_IMAGE_SIDE, format: 'webp' });
  const stored = await images.save(encoded, 'webp');
  try {
    const [updated] = await db
      .update(products)
      .set({ imageUrl: stored.publicPath, updatedAt: new Date() })
      .where(eq(products.id, product.id))
      .returning();
    if (!updated) throw notFound('That product');
    if (product.imageUrl) await images.remove(product.imageUrl);
    return updated;
  } catch (error) {
    await images.remove(stored.publicPath);
    throw error;
  }
}
