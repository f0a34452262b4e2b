CREATE TABLE "ad_impressions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"ad_name" text NOT NULL,
	"impression_date" timestamp with time zone DEFAULT now() NOT NULL,
	"clicked" integer DEFAULT 0 NOT NULL,
	"revenue" numeric(10, 4) DEFAULT '0' NOT NULL,
	CONSTRAINT "ad_impressions_clicked_flag" CHECK ("ad_impressions"."clicked" IN (0, 1))
);
--> statement-breakpoint
CREATE TABLE "ad_payouts" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"amount" numeric(10, 2) NOT NULL,
	"payout_date" timestamp with time zone,
	"payment_method" text,
	"payment_reference" text,
	"status" text DEFAULT 'pending' NOT NULL,
	CONSTRAINT "ad_payouts_amount_non_negative" CHECK ("ad_payouts"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "card_gradings" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"card_name" text,
	"card_set" text,
	"card_number" text,
	"game_brand" text,
	"year" text,
	"front_image_path" text NOT NULL,
	"back_image_path" text NOT NULL,
	"corner_grade" integer,
	"edge_grade" integer,
	"surface_grade" integer,
	"centering_grade" integer,
	"overall_grade" integer,
	"notes" text,
	"grading_method" text,
	"ml_powered" integer DEFAULT 0 NOT NULL,
	"analysis" jsonb,
	"annotated_front_path" text,
	"annotated_back_path" text,
	"graded_at" timestamp with time zone,
	"shared_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "card_gradings_corner_grade_range" CHECK (corner_grade IS NULL OR corner_grade BETWEEN 1 AND 10),
	CONSTRAINT "card_gradings_edge_grade_range" CHECK (edge_grade IS NULL OR edge_grade BETWEEN 1 AND 10),
	CONSTRAINT "card_gradings_surface_grade_range" CHECK (surface_grade IS NULL OR surface_grade BETWEEN 1 AND 10),
	CONSTRAINT "card_gradings_centering_grade_range" CHECK (centering_grade IS NULL OR centering_grade BETWEEN 1 AND 10),
	CONSTRAINT "card_gradings_overall_grade_range" CHECK (overall_grade IS NULL OR overall_grade BETWEEN 1 AND 10),
	CONSTRAINT "card_gradings_ml_powered_flag" CHECK ("card_gradings"."ml_powered" IN (0, 1))
);
--> statement-breakpoint
CREATE TABLE "cart_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cart_items_quantity_positive" CHECK ("cart_items"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "grade_corrections" (
	"id" serial PRIMARY KEY NOT NULL,
	"card_grading_id" integer NOT NULL,
	"admin_id" integer,
	"old_values" jsonb NOT NULL,
	"new_values" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "image_metadata" (
	"id" serial PRIMARY KEY NOT NULL,
	"filename" text NOT NULL,
	"original_filename" text,
	"mime_type" text NOT NULL,
	"file_size" integer NOT NULL,
	"uploaded_by" integer,
	"related_card_id" integer,
	"image_type" text,
	"file_path" text NOT NULL,
	"is_active" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "image_metadata_filename_unique" UNIQUE("filename"),
	CONSTRAINT "image_metadata_file_size_non_negative" CHECK ("image_metadata"."file_size" >= 0),
	CONSTRAINT "image_metadata_is_active_flag" CHECK ("image_metadata"."is_active" IN (0, 1))
);
--> statement-breakpoint
CREATE TABLE "in_person_grading_submissions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"customer_name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"address" text NOT NULL,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"zip_code" text NOT NULL,
	"card_list" jsonb NOT NULL,
	"total_cards" integer NOT NULL,
	"service_type" text NOT NULL,
	"total_cost" numeric(10, 2) NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"submission_notes" text,
	"tracking_number" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "in_person_service_type_valid" CHECK ("in_person_grading_submissions"."service_type" IN ('standard', 'express', 'premium')),
	CONSTRAINT "in_person_total_cards_positive" CHECK ("in_person_grading_submissions"."total_cards" > 0),
	CONSTRAINT "in_person_total_cost_non_negative" CHECK ("in_person_grading_submissions"."total_cost" >= 0)
);
--> statement-breakpoint
CREATE TABLE "manual_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"package_id" text NOT NULL,
	"points_requested" integer NOT NULL,
	"amount" numeric(10, 2) NOT NULL,
	"payment_method" text NOT NULL,
	"transaction_id" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"notes" text,
	"processed_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone,
	CONSTRAINT "manual_payments_status_valid" CHECK ("manual_payments"."status" IN ('pending', 'approved', 'rejected')),
	CONSTRAINT "manual_payments_method_valid" CHECK ("manual_payments"."payment_method" IN ('venmo', 'cashapp', 'paypal')),
	CONSTRAINT "manual_payments_points_positive" CHECK ("manual_payments"."points_requested" > 0)
);
--> statement-breakpoint
CREATE TABLE "marketplace_listings" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"card_grading_id" integer NOT NULL,
	"listing_type" text NOT NULL,
	"asking_price" numeric(10, 2),
	"trade_preferences" text,
	"description" text NOT NULL,
	"location" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"view_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "marketplace_listings_type_valid" CHECK ("marketplace_listings"."listing_type" IN ('sell', 'trade')),
	CONSTRAINT "marketplace_listings_sell_has_price" CHECK ("marketplace_listings"."listing_type" <> 'sell' OR "marketplace_listings"."asking_price" >= 0.01),
	CONSTRAINT "marketplace_listings_view_count_non_negative" CHECK ("marketplace_listings"."view_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "marketplace_offers" (
	"id" serial PRIMARY KEY NOT NULL,
	"listing_id" integer NOT NULL,
	"offerer_id" integer NOT NULL,
	"offer_type" text NOT NULL,
	"offer_amount" numeric(10, 2),
	"trade_description" text,
	"message" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "marketplace_offers_type_valid" CHECK ("marketplace_offers"."offer_type" IN ('cash', 'trade')),
	CONSTRAINT "marketplace_offers_details_present" CHECK (("marketplace_offers"."offer_type" = 'cash' AND "marketplace_offers"."offer_amount" >= 0.01) OR ("marketplace_offers"."offer_type" = 'trade' AND "marketplace_offers"."trade_description" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "order_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price" numeric(10, 2) NOT NULL,
	CONSTRAINT "order_items_quantity_positive" CHECK ("order_items"."quantity" > 0),
	CONSTRAINT "order_items_unit_price_non_negative" CHECK ("order_items"."unit_price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"total_amount" numeric(10, 2) NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"shipping_address" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_total_non_negative" CHECK ("orders"."total_amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "points_ledger" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"delta" integer NOT NULL,
	"balance_after" integer NOT NULL,
	"reason" text NOT NULL,
	"card_grading_id" integer,
	"manual_payment_id" integer,
	"actor_id" integer,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "points_ledger_balance_non_negative" CHECK ("points_ledger"."balance_after" >= 0),
	CONSTRAINT "points_ledger_reason_valid" CHECK ("points_ledger"."reason" IN ('signup_bonus', 'grading', 'payment', 'admin_adjustment'))
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"price" numeric(10, 2) NOT NULL,
	"image_url" text,
	"category" text,
	"stock" integer DEFAULT 0 NOT NULL,
	"featured" integer DEFAULT 0 NOT NULL,
	"active" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_price_non_negative" CHECK ("products"."price" >= 0),
	CONSTRAINT "products_stock_non_negative" CHECK ("products"."stock" >= 0),
	CONSTRAINT "products_featured_flag" CHECK ("products"."featured" IN (0, 1)),
	CONSTRAINT "products_active_flag" CHECK ("products"."active" IN (0, 1))
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"window_start" timestamp with time zone DEFAULT now() NOT NULL,
	"count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"email" text NOT NULL,
	"password" text NOT NULL,
	"profile_picture_path" text,
	"points" integer DEFAULT 20 NOT NULL,
	"is_admin" integer DEFAULT 0 NOT NULL,
	"reset_token" text,
	"reset_token_expiry" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_points_non_negative" CHECK ("users"."points" >= 0),
	CONSTRAINT "users_is_admin_flag" CHECK ("users"."is_admin" IN (0, 1))
);
--> statement-breakpoint
ALTER TABLE "ad_impressions" ADD CONSTRAINT "ad_impressions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_payouts" ADD CONSTRAINT "ad_payouts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_gradings" ADD CONSTRAINT "card_gradings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grade_corrections" ADD CONSTRAINT "grade_corrections_card_grading_id_card_gradings_id_fk" FOREIGN KEY ("card_grading_id") REFERENCES "public"."card_gradings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grade_corrections" ADD CONSTRAINT "grade_corrections_admin_id_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "image_metadata" ADD CONSTRAINT "image_metadata_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "image_metadata" ADD CONSTRAINT "image_metadata_related_card_id_card_gradings_id_fk" FOREIGN KEY ("related_card_id") REFERENCES "public"."card_gradings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "in_person_grading_submissions" ADD CONSTRAINT "in_person_grading_submissions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manual_payments" ADD CONSTRAINT "manual_payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manual_payments" ADD CONSTRAINT "manual_payments_processed_by_users_id_fk" FOREIGN KEY ("processed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_listings" ADD CONSTRAINT "marketplace_listings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_listings" ADD CONSTRAINT "marketplace_listings_card_grading_id_card_gradings_id_fk" FOREIGN KEY ("card_grading_id") REFERENCES "public"."card_gradings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_offers" ADD CONSTRAINT "marketplace_offers_listing_id_marketplace_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."marketplace_listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_offers" ADD CONSTRAINT "marketplace_offers_offerer_id_users_id_fk" FOREIGN KEY ("offerer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_ledger" ADD CONSTRAINT "points_ledger_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_ledger" ADD CONSTRAINT "points_ledger_card_grading_id_card_gradings_id_fk" FOREIGN KEY ("card_grading_id") REFERENCES "public"."card_gradings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_ledger" ADD CONSTRAINT "points_ledger_manual_payment_id_manual_payments_id_fk" FOREIGN KEY ("manual_payment_id") REFERENCES "public"."manual_payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_ledger" ADD CONSTRAINT "points_ledger_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "card_gradings_user_id_idx" ON "card_gradings" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "card_gradings_shared_at_idx" ON "card_gradings" USING btree ("shared_at");--> statement-breakpoint
CREATE INDEX "card_gradings_overall_grade_idx" ON "card_gradings" USING btree ("overall_grade");--> statement-breakpoint
CREATE UNIQUE INDEX "cart_items_user_product_unique" ON "cart_items" USING btree ("user_id","product_id");--> statement-breakpoint
CREATE INDEX "grade_corrections_card_idx" ON "grade_corrections" USING btree ("card_grading_id");--> statement-breakpoint
CREATE INDEX "image_metadata_related_card_idx" ON "image_metadata" USING btree ("related_card_id");--> statement-breakpoint
CREATE UNIQUE INDEX "manual_payments_method_transaction_unique" ON "manual_payments" USING btree ("payment_method",lower("transaction_id"));--> statement-breakpoint
CREATE INDEX "manual_payments_status_idx" ON "manual_payments" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "manual_payments_user_idx" ON "manual_payments" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "marketplace_listings_user_idx" ON "marketplace_listings" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "marketplace_offers_listing_idx" ON "marketplace_offers" USING btree ("listing_id");--> statement-breakpoint
CREATE INDEX "order_items_order_idx" ON "order_items" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "orders_user_idx" ON "orders" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "points_ledger_user_idx" ON "points_ledger" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "points_ledger_grading_charge_unique" ON "points_ledger" USING btree ("card_grading_id") WHERE "points_ledger"."reason" = 'grading';--> statement-breakpoint
CREATE INDEX "sessions_user_id_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_expires_at_idx" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_lower_unique" ON "users" USING btree (lower("username"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_unique" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_reset_token_unique" ON "users" USING btree ("reset_token");