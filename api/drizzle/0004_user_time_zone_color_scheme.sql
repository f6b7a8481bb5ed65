CREATE TYPE "public"."color_scheme" AS ENUM('LIGHT', 'DARK', 'SYSTEM');--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "time_zone" varchar(64) DEFAULT 'UTC' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "color_scheme" "color_scheme" DEFAULT 'SYSTEM' NOT NULL;