CREATE TABLE "sign_in_failures" (
	"user_id" integer NOT NULL,
	"address" text NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"last_failed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sign_in_failures_user_id_address_pk" PRIMARY KEY("user_id","address")
);
--> statement-breakpoint
DROP INDEX "manual_payments_method_transaction_unique";--> statement-breakpoint
ALTER TABLE "card_gradings" ADD COLUMN "analysis_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sign_in_failures" ADD CONSTRAINT "sign_in_failures_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sign_in_failures_last_failed_idx" ON "sign_in_failures" USING btree ("last_failed_at");--> statement-breakpoint
-- Transaction ids are now stored normalised (NFKC, upper-case letters and digits only). Existing
-- rows are normalised here; a row whose normalised id repeats an earlier one keeps a marked value
-- so the unique index can be built.
UPDATE "manual_payments" AS m
SET "transaction_id" = n.norm || CASE WHEN n.rank > 1 THEN 'DUPLICATE' || m.id ELSE '' END
FROM (
  SELECT id, norm, row_number() OVER (PARTITION BY payment_method, norm ORDER BY id) AS rank
  FROM (
    SELECT id, payment_method, upper(regexp_replace(normalize(transaction_id, NFKC), '[^[:alnum:]]', '', 'g')) AS norm
    FROM "manual_payments"
  ) AS x
) AS n
WHERE m.id = n.id;--> statement-breakpoint
CREATE UNIQUE INDEX "manual_payments_method_transaction_id_unique" ON "manual_payments" USING btree ("payment_method","transaction_id");