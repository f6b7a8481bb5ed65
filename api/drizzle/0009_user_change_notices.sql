-- Each API process keeps the sessions it has checked for a few seconds (auth/session-cache.ts). These notices tell
-- every process, at commit, that a user's sessions or row changed (sign-out, password change, profile, a new data
-- version), so none of them goes on answering from what it kept.
CREATE FUNCTION "notify_user_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('user_changed', "changed"."id"::text) FROM (SELECT DISTINCT "user_id" AS "id" FROM "changed_rows") AS "changed";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "notify_user_row_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('user_changed', "changed_rows"."id"::text) FROM "changed_rows";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "sessions_deleted_notice" AFTER DELETE ON "sessions" REFERENCING OLD TABLE AS "changed_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_user_changed"();--> statement-breakpoint
CREATE TRIGGER "users_updated_notice" AFTER UPDATE ON "users" REFERENCING NEW TABLE AS "changed_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_user_row_changed"();--> statement-breakpoint
CREATE TRIGGER "users_deleted_notice" AFTER DELETE ON "users" REFERENCING OLD TABLE AS "changed_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_user_row_changed"();
