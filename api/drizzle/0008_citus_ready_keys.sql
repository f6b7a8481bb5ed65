-- Ready to be distributed by user (Citus): a distributed table needs its distribution column in every primary key
-- and unique constraint. Every per-user table keys on its old key plus user_id (the old key first, so lookups by id
-- alone keep their index); users is distributed by its id.
ALTER TABLE "sessions" DROP CONSTRAINT "sessions_pkey";--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_id_user_id_pk" PRIMARY KEY("id","user_id");--> statement-breakpoint
ALTER TABLE "weight_entries" DROP CONSTRAINT "weight_entries_pkey";--> statement-breakpoint
ALTER TABLE "weight_entries" ADD CONSTRAINT "weight_entries_id_user_id_pk" PRIMARY KEY("id","user_id");--> statement-breakpoint
ALTER TABLE "avatars" DROP CONSTRAINT "avatars_pkey";--> statement-breakpoint
ALTER TABLE "avatars" ADD CONSTRAINT "avatars_id_user_id_pk" PRIMARY KEY("id","user_id");--> statement-breakpoint
ALTER TABLE "password_resets" DROP CONSTRAINT "password_resets_pkey";--> statement-breakpoint
ALTER TABLE "password_resets" ADD CONSTRAINT "password_resets_id_user_id_pk" PRIMARY KEY("id","user_id");--> statement-breakpoint
DROP INDEX "password_resets_token_hash_unique";--> statement-breakpoint
CREATE UNIQUE INDEX "password_resets_token_hash_user_id_unique" ON "password_resets" USING btree ("token_hash","user_id");--> statement-breakpoint
ALTER TABLE "api_tokens" DROP CONSTRAINT "api_tokens_pkey";--> statement-breakpoint
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_id_user_id_pk" PRIMARY KEY("id","user_id");--> statement-breakpoint
DROP INDEX "api_tokens_token_hash_unique";--> statement-breakpoint
CREATE UNIQUE INDEX "api_tokens_token_hash_user_id_unique" ON "api_tokens" USING btree ("token_hash","user_id");--> statement-breakpoint
-- One account per email address across every shard: the address is the key of a lookup table of its own
-- (distributed by email), no longer a unique index of users.
CREATE TABLE "user_emails" (
	"email" varchar(320) PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user_emails" ADD CONSTRAINT "user_emails_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_emails_user_id_idx" ON "user_emails" USING btree ("user_id");--> statement-breakpoint
INSERT INTO "user_emails" ("email", "user_id") SELECT "email", "id" FROM "users";--> statement-breakpoint
DROP INDEX "users_email_unique";--> statement-breakpoint
-- When the user last changed something through the API: their reads go to the primary for a while after it, so
-- they always see their own writes even when a replica lags.
ALTER TABLE "users" ADD COLUMN "written_at" timestamp with time zone DEFAULT now() NOT NULL;
