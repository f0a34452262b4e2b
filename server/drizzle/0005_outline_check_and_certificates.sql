ALTER TABLE "card_gradings" ADD COLUMN "analysis_stage" text;--> statement-breakpoint
ALTER TABLE "card_gradings" ADD COLUMN "rejection" jsonb;--> statement-breakpoint
ALTER TABLE "card_gradings" ADD COLUMN "certificate_code" text DEFAULT upper(substr(replace(gen_random_uuid()::text, '-', ''), 1, 8)) NOT NULL;--> statement-breakpoint
ALTER TABLE "card_gradings" ADD COLUMN "cert_photo_hidden" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "card_gradings_drafts_idx" ON "card_gradings" USING btree ("created_at") WHERE "card_gradings"."graded_at" IS NULL;--> statement-breakpoint
ALTER TABLE "card_gradings" ADD CONSTRAINT "card_gradings_cert_photo_hidden_flag" CHECK ("card_gradings"."cert_photo_hidden" IN (0, 1));