DROP INDEX "card_gradings_user_id_idx";--> statement-breakpoint
DROP INDEX "grade_corrections_card_idx";--> statement-breakpoint
CREATE INDEX "card_gradings_user_created_idx" ON "card_gradings" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "grade_corrections_card_created_idx" ON "grade_corrections" USING btree ("card_grading_id","created_at","id");