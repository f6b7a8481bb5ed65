CREATE TABLE "import_chunks" (
	"user_id" uuid NOT NULL,
	"import_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"rows" text NOT NULL,
	CONSTRAINT "import_chunks_user_id_import_id_seq_pk" PRIMARY KEY("user_id","import_id","seq")
);
--> statement-breakpoint
CREATE TABLE "imports" (
	"id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"status" varchar(16) NOT NULL,
	"file_name" varchar(255) NOT NULL,
	"bytes_total" bigint NOT NULL,
	"bytes_read" bigint DEFAULT 0 NOT NULL,
	"summary" jsonb,
	"error" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "imports_user_id_id_pk" PRIMARY KEY("user_id","id")
);
--> statement-breakpoint
ALTER TABLE "import_chunks" ADD CONSTRAINT "import_chunks_user_id_import_id_imports_user_id_id_fk" FOREIGN KEY ("user_id","import_id") REFERENCES "public"."imports"("user_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;