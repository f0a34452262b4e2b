CREATE TABLE "status_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"subject" text NOT NULL,
	"subject_id" integer NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"actor_id" integer,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "status_changes_subject_valid" CHECK ("status_changes"."subject" IN ('order', 'in_person_submission'))
);
--> statement-breakpoint
ALTER TABLE "card_gradings" ADD COLUMN "in_person_submission_id" integer;--> statement-breakpoint
ALTER TABLE "in_person_grading_submissions" ADD COLUMN "admin_notes" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_method" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "transaction_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_submitted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_note" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tracking_number" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "status_changes" ADD CONSTRAINT "status_changes_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "status_changes_subject_idx" ON "status_changes" USING btree ("subject","subject_id","created_at");--> statement-breakpoint
ALTER TABLE "card_gradings" ADD CONSTRAINT "card_gradings_in_person_submission_id_in_person_grading_submissions_id_fk" FOREIGN KEY ("in_person_submission_id") REFERENCES "public"."in_person_grading_submissions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "card_gradings_in_person_idx" ON "card_gradings" USING btree ("in_person_submission_id");--> statement-breakpoint
CREATE INDEX "in_person_user_idx" ON "in_person_grading_submissions" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "in_person_status_idx" ON "in_person_grading_submissions" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "orders_status_idx" ON "orders" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_method_transaction_id_unique" ON "orders" USING btree ("payment_method","transaction_id") WHERE "orders"."transaction_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "products_image_idx" ON "products" USING btree ("image_url");--> statement-breakpoint
CREATE INDEX "products_listing_idx" ON "products" USING btree ("active","featured","created_at");--> statement-breakpoint
ALTER TABLE "in_person_grading_submissions" ADD CONSTRAINT "in_person_status_valid" CHECK ("in_person_grading_submissions"."status" IN ('pending', 'received', 'grading', 'shipped', 'completed', 'cancelled'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_status_valid" CHECK ("orders"."status" IN ('pending', 'paid', 'shipped', 'delivered', 'cancelled'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_method_valid" CHECK ("orders"."payment_method" IS NULL OR "orders"."payment_method" IN ('venmo', 'cashapp', 'paypal'));