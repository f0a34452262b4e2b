CREATE TABLE "ads" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"image_url" text,
	"link_url" text NOT NULL,
	"placement" text NOT NULL,
	"revenue_per_impression" numeric(10, 4) DEFAULT '0' NOT NULL,
	"revenue_per_click" numeric(10, 4) DEFAULT '0' NOT NULL,
	"active" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ads_placement_valid" CHECK ("ads"."placement" IN ('gallery', 'shared_grading', 'both')),
	CONSTRAINT "ads_active_flag" CHECK ("ads"."active" IN (0, 1)),
	CONSTRAINT "ads_revenue_non_negative" CHECK ("ads"."revenue_per_impression" >= 0 AND "ads"."revenue_per_click" >= 0)
);
--> statement-breakpoint
CREATE TABLE "listing_views" (
	"listing_id" integer NOT NULL,
	"viewer_key" text NOT NULL,
	"day" text NOT NULL,
	CONSTRAINT "listing_views_listing_id_viewer_key_day_pk" PRIMARY KEY("listing_id","viewer_key","day")
);
--> statement-breakpoint
ALTER TABLE "status_changes" DROP CONSTRAINT "status_changes_subject_valid";--> statement-breakpoint
ALTER TABLE "ad_impressions" ADD COLUMN "ad_id" integer;--> statement-breakpoint
ALTER TABLE "ad_impressions" ADD COLUMN "page" text;--> statement-breakpoint
ALTER TABLE "ad_impressions" ADD COLUMN "card_grading_id" integer;--> statement-breakpoint
ALTER TABLE "ad_impressions" ADD COLUMN "viewer_key" text;--> statement-breakpoint
ALTER TABLE "ad_impressions" ADD COLUMN "hour" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ad_payouts" ADD COLUMN "account" text;--> statement-breakpoint
ALTER TABLE "ad_payouts" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "ad_payouts" ADD COLUMN "requested_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "ad_payouts" ADD COLUMN "processed_by" integer;--> statement-breakpoint
ALTER TABLE "marketplace_listings" ADD COLUMN "removed_reason" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "ads_opt_out" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "listing_views" ADD CONSTRAINT "listing_views_listing_id_marketplace_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."marketplace_listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ads_image_idx" ON "ads" USING btree ("image_url");--> statement-breakpoint
ALTER TABLE "ad_impressions" ADD CONSTRAINT "ad_impressions_ad_id_ads_id_fk" FOREIGN KEY ("ad_id") REFERENCES "public"."ads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_impressions" ADD CONSTRAINT "ad_impressions_card_grading_id_card_gradings_id_fk" FOREIGN KEY ("card_grading_id") REFERENCES "public"."card_gradings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_payouts" ADD CONSTRAINT "ad_payouts_processed_by_users_id_fk" FOREIGN KEY ("processed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ad_impressions_once_per_hour_unique" ON "ad_impressions" USING btree ("ad_id","page","viewer_key","hour");--> statement-breakpoint
CREATE INDEX "ad_impressions_user_idx" ON "ad_impressions" USING btree ("user_id","impression_date");--> statement-breakpoint
CREATE INDEX "ad_payouts_user_idx" ON "ad_payouts" USING btree ("user_id","requested_at");--> statement-breakpoint
CREATE INDEX "ad_payouts_status_idx" ON "ad_payouts" USING btree ("status","requested_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ad_payouts_one_pending_unique" ON "ad_payouts" USING btree ("user_id") WHERE "ad_payouts"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "marketplace_listings_status_idx" ON "marketplace_listings" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "marketplace_listings_active_grading_unique" ON "marketplace_listings" USING btree ("card_grading_id") WHERE "marketplace_listings"."status" = 'active';--> statement-breakpoint
CREATE INDEX "marketplace_offers_offerer_idx" ON "marketplace_offers" USING btree ("offerer_id","created_at");--> statement-breakpoint
ALTER TABLE "ad_impressions" ADD CONSTRAINT "ad_impressions_revenue_non_negative" CHECK ("ad_impressions"."revenue" >= 0);--> statement-breakpoint
ALTER TABLE "ad_payouts" ADD CONSTRAINT "ad_payouts_status_valid" CHECK ("ad_payouts"."status" IN ('pending', 'paid', 'rejected'));--> statement-breakpoint
ALTER TABLE "marketplace_listings" ADD CONSTRAINT "marketplace_listings_status_valid" CHECK ("marketplace_listings"."status" IN ('active', 'sold', 'traded', 'withdrawn', 'removed'));--> statement-breakpoint
ALTER TABLE "marketplace_offers" ADD CONSTRAINT "marketplace_offers_status_valid" CHECK ("marketplace_offers"."status" IN ('pending', 'accepted', 'rejected', 'declined', 'withdrawn'));--> statement-breakpoint
ALTER TABLE "status_changes" ADD CONSTRAINT "status_changes_subject_valid" CHECK ("status_changes"."subject" IN ('order', 'in_person_submission', 'listing', 'offer', 'ad_payout'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_ads_opt_out_flag" CHECK ("users"."ads_opt_out" IN (0, 1));