-- Reminders and the weekly report. One row of settings per user; next_daily_at / next_weekly_at are the instants the
-- next reminder and report fall due (computed in the user's time zone), so the scheduler reads only what is due.
CREATE TABLE "reminder_settings" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"daily_enabled" boolean DEFAULT false NOT NULL,
	"daily_time" smallint DEFAULT 450 NOT NULL,
	"daily_weekdays" smallint DEFAULT 127 NOT NULL,
	"daily_email" boolean DEFAULT true NOT NULL,
	"daily_push" boolean DEFAULT false NOT NULL,
	"weekly_report_enabled" boolean DEFAULT false NOT NULL,
	"quiet_hours_enabled" boolean DEFAULT true NOT NULL,
	"quiet_start" smallint DEFAULT 1320 NOT NULL,
	"quiet_end" smallint DEFAULT 420 NOT NULL,
	"next_daily_at" timestamp with time zone,
	"next_weekly_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reminder_settings" ADD CONSTRAINT "reminder_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reminder_settings_next_daily_at_idx" ON "reminder_settings" USING btree ("next_daily_at") WHERE "next_daily_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "reminder_settings_next_weekly_at_idx" ON "reminder_settings" USING btree ("next_weekly_at") WHERE "next_weekly_at" IS NOT NULL;--> statement-breakpoint
-- One row per browser (device) that accepted push notifications.
CREATE TABLE "push_subscriptions" (
	"id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"endpoint" text NOT NULL,
	"p256dh" varchar(128) NOT NULL,
	"auth" varchar(64) NOT NULL,
	"device" varchar(100) NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"last_used_at" timestamp with time zone,
	CONSTRAINT "push_subscriptions_user_id_id_pk" PRIMARY KEY("user_id","id")
);
--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "push_subscriptions_user_id_endpoint_unique" ON "push_subscriptions" USING btree ("user_id","endpoint");--> statement-breakpoint
-- Who was sent what: a row is claimed before a reminder or report goes out, so two workers never send it twice.
CREATE TABLE "notification_sends" (
	"user_id" uuid NOT NULL,
	"kind" varchar(16) NOT NULL,
	"channel" varchar(8) NOT NULL,
	"period" date NOT NULL,
	"claimed_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "notification_sends_user_id_kind_channel_period_pk" PRIMARY KEY("user_id","kind","channel","period")
);
--> statement-breakpoint
ALTER TABLE "notification_sends" ADD CONSTRAINT "notification_sends_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
