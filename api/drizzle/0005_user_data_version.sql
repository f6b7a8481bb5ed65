ALTER TABLE "users" ADD COLUMN "data_version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Every change to a user's weight entries moves their data_version, once per statement: list and average
-- responses carry it in their ETag, so a client that already holds them gets 304 and no rows.
CREATE FUNCTION "bump_data_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "users" SET "data_version" = "data_version" + 1 WHERE "id" IN (SELECT DISTINCT "user_id" FROM "changed_rows");
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "weight_entries_inserted" AFTER INSERT ON "weight_entries" REFERENCING NEW TABLE AS "changed_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_data_version"();--> statement-breakpoint
CREATE TRIGGER "weight_entries_updated" AFTER UPDATE ON "weight_entries" REFERENCING NEW TABLE AS "changed_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_data_version"();--> statement-breakpoint
CREATE TRIGGER "weight_entries_deleted" AFTER DELETE ON "weight_entries" REFERENCING OLD TABLE AS "changed_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_data_version"();
