import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * Every entity of docs/product.md section 3, plus sessions, the points ledger, rate-limit counters and
 * the grade-correction audit trail. Column names are snake_case in the database.
 */

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
const flag = (name: string, value: 0 | 1) => integer(name).notNull().default(value);
const grade = (name: string) => integer(name);
const gradeCheck = (table: string, column: string) =>
  check(`${table}_${column}_range`, sql`${sql.raw(column)} IS NULL OR ${sql.raw(column)} BETWEEN 1 AND 10`);

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    password: text('password').notNull(),
    profilePicturePath: text('profile_picture_path'),
    points: integer('points').notNull().default(20),
    isAdmin: flag('is_admin', 0),
    resetToken: text('reset_token'),
    resetTokenExpiry: timestamp('reset_token_expiry', { withTimezone: true }),
    /** The owner asked for no sponsored placements on their shared pages. */
    adsOptOut: flag('ads_opt_out', 0),
    createdAt: createdAt(),
  },
  (t) => [
    check('users_ads_opt_out_flag', sql`${t.adsOptOut} IN (0, 1)`),
    uniqueIndex('users_username_lower_unique').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_lower_unique').on(sql`lower(${t.email})`),
    uniqueIndex('users_reset_token_unique').on(t.resetToken),
    index('users_profile_picture_idx').on(t.profilePicturePath),
    check('users_points_non_negative', sql`${t.points} >= 0`),
    check('users_is_admin_flag', sql`${t.isAdmin} IN (0, 1)`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the random token in the cookie: a stolen database holds no usable cookie. */
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId), index('sessions_expires_at_idx').on(t.expiresAt)],
);

/**
 * Failed sign-ins per (account, client address): the pair waits longer after each failure,
 * while the owner signing in from another address is not affected (no account lockout).
 */
export const signInFailures = pgTable(
  'sign_in_failures',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    address: text('address').notNull(),
    failures: integer('failures').notNull().default(0),
    lastFailedAt: timestamp('last_failed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.address] }), index('sign_in_failures_last_failed_idx').on(t.lastFailedAt)],
);

export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull().defaultNow(),
  count: integer('count').notNull().default(0),
});

/** Values the server generates once and every instance shares: the session cookie key when SESSION_SECRET is unset. */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});

export const cardGradings = pgTable(
  'card_gradings',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    cardName: text('card_name'),
    cardSet: text('card_set'),
    cardNumber: text('card_number'),
    gameBrand: text('game_brand'),
    year: text('year'),
    frontImagePath: text('front_image_path').notNull(),
    backImagePath: text('back_image_path').notNull(),
    /** A small copy of the front for grids and PDFs, made at upload. */
    frontThumbPath: text('front_thumb_path'),
    cornerGrade: grade('corner_grade'),
    edgeGrade: grade('edge_grade'),
    surfaceGrade: grade('surface_grade'),
    centeringGrade: grade('centering_grade'),
    overallGrade: grade('overall_grade'),
    notes: text('notes'),
    gradingMethod: text('grading_method'),
    mlPowered: flag('ml_powered', 0),
    /** The engine's full report (docs/grading.md 'What a report holds'). */
    analysis: jsonb('analysis'),
    annotatedFrontPath: text('annotated_front_path'),
    annotatedBackPath: text('annotated_back_path'),
    gradedAt: timestamp('graded_at', { withTimezone: true }),
    /** Set while one call runs the engine on this grading; other calls wait for it (cleared after). */
    analysisStartedAt: timestamp('analysis_started_at', { withTimezone: true }),
    /** The engine's stage while it runs (decode, find, measure, report), for the analysis screen. */
    analysisStage: text('analysis_stage'),
    /** Why the last analysis stopped (code, message, face, where the card was taken to be): the draft keeps it until the next try. */
    rejection: jsonb('rejection'),
    /** The secret half of the certificate number (GL-<id>-<code>): the public certificate page cannot be found by counting ids. */
    certificateCode: text('certificate_code')
      .notNull()
      .default(sql`upper(substr(replace(gen_random_uuid()::text, '-', ''), 1, 8))`),
    /** The owner took the front photo off the public certificate page. */
    certPhotoHidden: flag('cert_photo_hidden', 0),
    sharedAt: timestamp('shared_at', { withTimezone: true }),
    /** Graded by a person at an in-person submission (gradingMethod 'in_person'), not by the engine. */
    inPersonSubmissionId: integer('in_person_submission_id').references(() => inPersonGradingSubmissions.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
  },
  (t) => [
    // A user's cards newest first, a page at a time (modules/gradings/my-gradings.ts): the id breaks ties.
    index('card_gradings_user_created_idx').on(t.userId, t.createdAt, t.id),
    index('card_gradings_in_person_idx').on(t.inPersonSubmissionId),
    index('card_gradings_shared_at_idx').on(t.sharedAt),
    index('card_gradings_overall_grade_idx').on(t.overallGrade),
    // Every photo request finds the grading that names the file (modules/photos/service.ts).
    index('card_gradings_front_image_idx').on(t.frontImagePath),
    index('card_gradings_back_image_idx').on(t.backImagePath),
    index('card_gradings_front_thumb_idx').on(t.frontThumbPath),
    index('card_gradings_annotated_front_idx').on(t.annotatedFrontPath),
    index('card_gradings_annotated_back_idx').on(t.annotatedBackPath),
    gradeCheck('card_gradings', 'corner_grade'),
    gradeCheck('card_gradings', 'edge_grade'),
    gradeCheck('card_gradings', 'surface_grade'),
    gradeCheck('card_gradings', 'centering_grade'),
    gradeCheck('card_gradings', 'overall_grade'),
    check('card_gradings_ml_powered_flag', sql`${t.mlPowered} IN (0, 1)`),
    check('card_gradings_cert_photo_hidden_flag', sql`${t.certPhotoHidden} IN (0, 1)`),
    // The sweep of drafts older than 30 days.
    index('card_gradings_drafts_idx')
      .on(t.createdAt)
      .where(sql`${t.gradedAt} IS NULL`),
  ],
);

export const gradeCorrections = pgTable(
  'grade_corrections',
  {
    id: serial('id').primaryKey(),
    cardGradingId: integer('card_grading_id')
      .notNull()
      .references(() => cardGradings.id, { onDelete: 'cascade' }),
    adminId: integer('admin_id').references(() => users.id, { onDelete: 'set null' }),
    oldValues: jsonb('old_values').notNull(),
    newValues: jsonb('new_values').notNull(),
    createdAt: createdAt(),
  },
  // A grading's latest correction, read with every single grading.
  (t) => [index('grade_corrections_card_created_idx').on(t.cardGradingId, t.createdAt, t.id)],
);

export const imageMetadata = pgTable(
  'image_metadata',
  {
    id: serial('id').primaryKey(),
    filename: text('filename').notNull().unique(),
    originalFilename: text('original_filename'),
    mimeType: text('mime_type').notNull(),
    fileSize: integer('file_size').notNull(),
    uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    relatedCardId: integer('related_card_id').references(() => cardGradings.id, { onDelete: 'cascade' }),
    imageType: text('image_type'),
    filePath: text('file_path').notNull(),
    isActive: flag('is_active', 1),
    createdAt: createdAt(),
  },
  (t) => [
    index('image_metadata_related_card_idx').on(t.relatedCardId),
    check('image_metadata_file_size_non_negative', sql`${t.fileSize} >= 0`),
    check('image_metadata_is_active_flag', sql`${t.isActive} IN (0, 1)`),
  ],
);

export const manualPayments = pgTable(
  'manual_payments',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    packageId: text('package_id').notNull(),
    pointsRequested: integer('points_requested').notNull(),
    amount: numeric('amount', { precision: 10, scale: 2 }).notNull(),
    paymentMethod: text('payment_method').notNull(),
    transactionId: text('transaction_id').notNull(),
    status: text('status').notNull().default('pending'),
    notes: text('notes'),
    processedBy: integer('processed_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
  },
  (t) => [
    // Transaction ids are stored normalised (shared/src/payments.ts): the index compares them as stored.
    uniqueIndex('manual_payments_method_transaction_id_unique').on(t.paymentMethod, t.transactionId),
    index('manual_payments_status_idx').on(t.status, t.createdAt),
    index('manual_payments_user_idx').on(t.userId),
    check('manual_payments_status_valid', sql`${t.status} IN ('pending', 'approved', 'rejected')`),
    check('manual_payments_method_valid', sql`${t.paymentMethod} IN ('venmo', 'cashapp', 'paypal')`),
    check('manual_payments_points_positive', sql`${t.pointsRequested} > 0`),
  ],
);

export const pointsLedger = pgTable(
  'points_ledger',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    delta: integer('delta').notNull(),
    balanceAfter: integer('balance_after').notNull(),
    reason: text('reason').notNull(),
    cardGradingId: integer('card_grading_id').references(() => cardGradings.id, { onDelete: 'set null' }),
    manualPaymentId: integer('manual_payment_id').references(() => manualPayments.id, { onDelete: 'set null' }),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [
    index('points_ledger_user_idx').on(t.userId, t.createdAt),
    // A grading is charged once, whatever races happen.
    uniqueIndex('points_ledger_grading_charge_unique')
      .on(t.cardGradingId)
      .where(sql`${t.reason} = 'grading'`),
    check('points_ledger_balance_non_negative', sql`${t.balanceAfter} >= 0`),
    check('points_ledger_reason_valid', sql`${t.reason} IN ('signup_bonus', 'grading', 'payment', 'admin_adjustment')`),
  ],
);

export const inPersonGradingSubmissions = pgTable(
  'in_person_grading_submissions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    customerName: text('customer_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    address: text('address').notNull(),
    city: text('city').notNull(),
    state: text('state').notNull(),
    zipCode: text('zip_code').notNull(),
    cardList: jsonb('card_list').notNull(),
    totalCards: integer('total_cards').notNull(),
    serviceType: text('service_type').notNull(),
    totalCost: numeric('total_cost', { precision: 10, scale: 2 }).notNull(),
    status: text('status').notNull().default('pending'),
    submissionNotes: text('submission_notes'),
    trackingNumber: text('tracking_number'),
    /** The shop's notes to the customer with the latest step (shown on the status page). */
    adminNotes: text('admin_notes'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('in_person_user_idx').on(t.userId, t.createdAt),
    index('in_person_status_idx').on(t.status, t.createdAt),
    check(
      'in_person_status_valid',
      sql`${t.status} IN ('pending', 'received', 'grading', 'shipped', 'completed', 'cancelled')`,
    ),
    check('in_person_service_type_valid', sql`${t.serviceType} IN ('standard', 'express', 'premium')`),
    check('in_person_total_cards_positive', sql`${t.totalCards} > 0`),
    check('in_person_total_cost_non_negative', sql`${t.totalCost} >= 0`),
  ],
);

export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description'),
    price: numeric('price', { precision: 10, scale: 2 }).notNull(),
    imageUrl: text('image_url'),
    category: text('category'),
    stock: integer('stock').notNull().default(0),
    featured: flag('featured', 0),
    active: flag('active', 1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The photo route finds the product that names a file (modules/photos/service.ts).
    index('products_image_idx').on(t.imageUrl),
    index('products_listing_idx').on(t.active, t.featured, t.createdAt),
    check('products_price_non_negative', sql`${t.price} >= 0`),
    check('products_stock_non_negative', sql`${t.stock} >= 0`),
    check('products_featured_flag', sql`${t.featured} IN (0, 1)`),
    check('products_active_flag', sql`${t.active} IN (0, 1)`),
  ],
);

export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    totalAmount: numeric('total_amount', { precision: 10, scale: 2 }).notNull(),
    status: text('status').notNull().default('pending'),
    shippingAddress: text('shipping_address').notNull(),
    /** The buyer's payment, as for points: method and normalised transaction id, then an admin's decision. */
    paymentMethod: text('payment_method'),
    transactionId: text('transaction_id'),
    paymentSubmittedAt: timestamp('payment_submitted_at', { withTimezone: true }),
    /** Why the last payment was not confirmed (the buyer may send another). */
    paymentNote: text('payment_note'),
    trackingNumber: text('tracking_number'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('orders_user_idx').on(t.userId),
    index('orders_status_idx').on(t.status, t.createdAt),
    uniqueIndex('orders_method_transaction_id_unique')
      .on(t.paymentMethod, t.transactionId)
      .where(sql`${t.transactionId} IS NOT NULL`),
    check('orders_total_non_negative', sql`${t.totalAmount} >= 0`),
    check('orders_status_valid', sql`${t.status} IN ('pending', 'paid', 'shipped', 'delivered', 'cancelled')`),
    check(
      'orders_method_valid',
      sql`${t.paymentMethod} IS NULL OR ${t.paymentMethod} IN ('venmo', 'cashapp', 'paypal')`,
    ),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    quantity: integer('quantity').notNull(),
    unitPrice: numeric('unit_price', { precision: 10, scale: 2 }).notNull(),
  },
  (t) => [
    index('order_items_order_idx').on(t.orderId),
    check('order_items_quantity_positive', sql`${t.quantity} > 0`),
    check('order_items_unit_price_non_negative', sql`${t.unitPrice} >= 0`),
  ],
);

export const cartItems = pgTable(
  'cart_items',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull().default(1),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('cart_items_user_product_unique').on(t.userId, t.productId),
    check('cart_items_quantity_positive', sql`${t.quantity} > 0`),
  ],
);

export const marketplaceListings = pgTable(
  'marketplace_listings',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    cardGradingId: integer('card_grading_id')
      .notNull()
      .references(() => cardGradings.id, { onDelete: 'cascade' }),
    listingType: text('listing_type').notNull(),
    askingPrice: numeric('asking_price', { precision: 10, scale: 2 }),
    tradePreferences: text('trade_preferences'),
    description: text('description').notNull(),
    location: text('location').notNull(),
    status: text('status').notNull().default('active'),
    viewCount: integer('view_count').notNull().default(0),
    /** Why an admin took the listing down (shown to its seller). */
    removedReason: text('removed_reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('marketplace_listings_user_idx').on(t.userId),
    index('marketplace_listings_status_idx').on(t.status, t.createdAt),
    // One active listing per graded card.
    uniqueIndex('marketplace_listings_active_grading_unique')
      .on(t.cardGradingId)
      .where(sql`${t.status} = 'active'`),
    check(
      'marketplace_listings_status_valid',
      sql`${t.status} IN ('active', 'sold', 'traded', 'withdrawn', 'removed')`,
    ),
    check('marketplace_listings_type_valid', sql`${t.listingType} IN ('sell', 'trade')`),
    check('marketplace_listings_sell_has_price', sql`${t.listingType} <> 'sell' OR ${t.askingPrice} >= 0.01`),
    check('marketplace_listings_view_count_non_negative', sql`${t.viewCount} >= 0`),
  ],
);

export const marketplaceOffers = pgTable(
  'marketplace_offers',
  {
    id: serial('id').primaryKey(),
    listingId: integer('listing_id')
      .notNull()
      .references(() => marketplaceListings.id, { onDelete: 'cascade' }),
    offererId: integer('offerer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    offerType: text('offer_type').notNull(),
    offerAmount: numeric('offer_amount', { precision: 10, scale: 2 }),
    tradeDescription: text('trade_description'),
    message: text('message'),
    status: text('status').notNull().default('pending'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('marketplace_offers_listing_idx').on(t.listingId),
    index('marketplace_offers_offerer_idx').on(t.offererId, t.createdAt),
    check(
      'marketplace_offers_status_valid',
      sql`${t.status} IN ('pending', 'accepted', 'rejected', 'declined', 'withdrawn')`,
    ),
    check('marketplace_offers_type_valid', sql`${t.offerType} IN ('cash', 'trade')`),
    check(
      'marketplace_offers_details_present',
      sql`(${t.offerType} = 'cash' AND ${t.offerAmount} >= 0.01) OR (${t.offerType} = 'trade' AND ${t.tradeDescription} IS NOT NULL)`,
    ),
  ],
);

/** One view of a listing per viewer per day counts (the seller's never). */
export const listingViews = pgTable(
  'listing_views',
  {
    listingId: integer('listing_id')
      .notNull()
      .references(() => marketplaceListings.id, { onDelete: 'cascade' }),
    /** 'u:<user id>' for a signed-in viewer, 'a:<hash of the address>' for a guest. */
    viewerKey: text('viewer_key').notNull(),
    day: text('day').notNull(),
  },
  (t) => [primaryKey({ columns: [t.listingId, t.viewerKey, t.day] })],
);

/** A sponsored placement: what is shown, where, and what each impression and click earns. */
export const ads = pgTable(
  'ads',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    imageUrl: text('image_url'),
    linkUrl: text('link_url').notNull(),
    placement: text('placement').notNull(),
    revenuePerImpression: numeric('revenue_per_impression', { precision: 10, scale: 4 }).notNull().default('0'),
    revenuePerClick: numeric('revenue_per_click', { precision: 10, scale: 4 }).notNull().default('0'),
    active: flag('active', 1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('ads_image_idx').on(t.imageUrl),
    check('ads_placement_valid', sql`${t.placement} IN ('gallery', 'shared_grading', 'both')`),
    check('ads_active_flag', sql`${t.active} IN (0, 1)`),
    check('ads_revenue_non_negative', sql`${t.revenuePerImpression} >= 0 AND ${t.revenuePerClick} >= 0`),
  ],
);

export const adImpressions = pgTable(
  'ad_impressions',
  {
    id: serial('id').primaryKey(),
    /** The owner of the page the ad was shown on, credited with their share; null on pages nobody owns (the gallery). */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    adName: text('ad_name').notNull(),
    impressionDate: timestamp('impression_date', { withTimezone: true }).notNull().defaultNow(),
    clicked: flag('clicked', 0),
    /** The revenue credited to the page's owner (their share of the impression, and of the click once clicked). */
    revenue: numeric('revenue', { precision: 10, scale: 4 }).notNull().default('0'),
    adId: integer('ad_id').references(() => ads.id, { onDelete: 'set null' }),
    /** 'gallery' or 'grading:<id>'. */
    page: text('page'),
    cardGradingId: integer('card_grading_id').references(() => cardGradings.id, { onDelete: 'set null' }),
    /** Who saw it ('u:<id>' or 'a:<hash>'), and the hour: one impression per viewer, ad, page and hour. */
    viewerKey: text('viewer_key'),
    hour: timestamp('hour', { withTimezone: true }),
  },
  (t) => [
    check('ad_impressions_clicked_flag', sql`${t.clicked} IN (0, 1)`),
    check('ad_impressions_revenue_non_negative', sql`${t.revenue} >= 0`),
    uniqueIndex('ad_impressions_once_per_hour_unique').on(t.adId, t.page, t.viewerKey, t.hour),
    index('ad_impressions_user_idx').on(t.userId, t.impressionDate),
  ],
);

export const adPayouts = pgTable(
  'ad_payouts',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    amount: numeric('amount', { precision: 10, scale: 2 }).notNull(),
    payoutDate: timestamp('payout_date', { withTimezone: true }),
    paymentMethod: text('payment_method'),
    paymentReference: text('payment_reference'),
    status: text('status').notNull().default('pending'),
    /** Where the owner asked to be paid (their account at the method). */
    account: text('account'),
    /** Why an admin rejected the request (shown to the owner). */
    note: text('note'),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    processedBy: integer('processed_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    check('ad_payouts_amount_non_negative', sql`${t.amount} >= 0`),
    check('ad_payouts_status_valid', sql`${t.status} IN ('pending', 'paid', 'rejected')`),
    index('ad_payouts_user_idx').on(t.userId, t.requestedAt),
    index('ad_payouts_status_idx').on(t.status, t.requestedAt),
    // One request waits at a time.
    uniqueIndex('ad_payouts_one_pending_unique')
      .on(t.userId)
      .where(sql`${t.status} = 'pending'`),
  ],
);

/** Card prices from the provider, kept for five minutes and shared by every server instance. */
export const priceCache = pgTable('price_cache', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/**
 * Every status change of an order or an in-person submission: who moved it, from what to what,
 * with the note the customer was sent. An illegal move changes nothing and leaves no row.
 */
export const statusChanges = pgTable(
  'status_changes',
  {
    id: serial('id').primaryKey(),
    subject: text('subject').notNull(),
    subjectId: integer('subject_id').notNull(),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [
    index('status_changes_subject_idx').on(t.subject, t.subjectId, t.createdAt),
    check(
      'status_changes_subject_valid',
      sql`${t.subject} IN ('order', 'in_person_submission', 'listing', 'offer', 'ad_payout')`,
    ),
  ],
);
