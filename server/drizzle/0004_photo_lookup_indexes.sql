CREATE INDEX "card_gradings_front_image_idx" ON "card_gradings" USING btree ("front_image_path");--> statement-breakpoint
CREATE INDEX "card_gradings_back_image_idx" ON "card_gradings" USING btree ("back_image_path");--> statement-breakpoint
CREATE INDEX "card_gradings_front_thumb_idx" ON "card_gradings" USING btree ("front_thumb_path");--> statement-breakpoint
CREATE INDEX "card_gradings_annotated_front_idx" ON "card_gradings" USING btree ("annotated_front_path");--> statement-breakpoint
CREATE INDEX "card_gradings_annotated_back_idx" ON "card_gradings" USING btree ("annotated_back_path");--> statement-breakpoint
CREATE INDEX "users_profile_picture_idx" ON "users" USING btree ("profile_picture_path");