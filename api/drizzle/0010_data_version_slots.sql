-- A user's data version (the ETag of their lists) moved off their row. Every save used to update that row and send
-- the change notice in its own transaction, so one user's concurrent saves each waited for the previous one to be
-- flushed to disk, and every save in the database waited on the one notice lock. Now each change writes a new value
-- from one sequence into the user's slot for the connection making it: concurrent saves use different slots and
-- do not wait. The version is the sum of the slots; a slot only ever takes a value above its last, so the sum grows
-- with every commit, in whatever order the values were drawn.
CREATE SEQUENCE "data_version_seq";--> statement-breakpoint
-- above every version handed out so far, so no ETag a client holds can come back for other data
SELECT setval('data_version_seq', (SELECT coalesce(max("data_version"), 0) + 1 FROM "users"));--> statement-breakpoint
CREATE TABLE "data_versions" (
	"user_id" uuid NOT NULL,
	"slot" smallint NOT NULL,
	"version" bigint NOT NULL,
	CONSTRAINT "data_versions_user_id_slot_pk" PRIMARY KEY("user_id","slot")
);
--> statement-breakpoint
ALTER TABLE "data_versions" ADD CONSTRAINT "data_versions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- each user keeps the version they had, so the ETags their clients hold stay valid
INSERT INTO "data_versions" ("user_id", "slot", "version") SELECT "id", 0, "data_version" FROM "users" WHERE "data_version" > 0;--> statement-breakpoint
-- The next value is drawn when the slot is taken (after any earlier holder committed), so it is above the slot's last.
-- A user being deleted (their entries go with them) has no version to move.
CREATE OR REPLACE FUNCTION "bump_data_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "data_versions" ("user_id", "slot", "version")
    SELECT "changed"."user_id", pg_backend_pid() % 32, nextval('data_version_seq')
    FROM (SELECT DISTINCT "user_id" FROM "changed_rows") AS "changed"
    WHERE EXISTS (SELECT 1 FROM "users" WHERE "users"."id" = "changed"."user_id")
    ON CONFLICT ("user_id", "slot") DO UPDATE SET "version" = nextval('data_version_seq');
  RETURN NULL;
END $$;--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "data_version";--> statement-breakpoint
-- A change of entries is told to the other API processes (as 'data:' and the user's id) after it is committed, in a transaction of its own that does
-- not wait for the disk: the notice needs no durability (a lost one is bounded by the session cache's lifetime), and
-- sent inside the save it held the database-wide notice lock until the save was flushed. One call tells of several
-- users, so a process sends one while the saves of many users go on.
CREATE FUNCTION "announce_data_changed"("user_ids" uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM set_config('synchronous_commit', 'off', true);
  PERFORM pg_notify('user_changed', 'data:' || "id"::text) FROM unnest("user_ids") AS "id";
END $$;
